import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";

/**
 * Sends a signed-out or expired visitor of a desk page to sign-in, remembering where they
 * were. Pages and route handlers still check the role themselves; this only saves a round trip.
 */
export async function proxy(req: NextRequest) {
  const config = env();
  const token = await getToken({ req, secret: config.authSecret, secureCookie: config.appUrl.startsWith("https://") });
  if (token) return NextResponse.next();
  const login = new URL("/login", req.url);
  const target = req.nextUrl.pathname + req.nextUrl.search;
  if (target !== "/") login.searchParams.set("callbackUrl", target);
  return NextResponse.redirect(login);
}

export const config = {
  matcher: ["/((?!api/|_next/|login|registered_url_for_|\\.well-known/|favicon|.*\\.(?:png|svg|ico|txt|webmanifest)$).*)"],
};
