import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";
import { isAnonymousPage } from "@/lib/access";
import { pageContentSecurityPolicy } from "@/lib/content-security-policy";
import { DISPLAY_COOKIE, DISPLAY_PATH } from "@/lib/display-cookies";
import { DESK_PATH_HEADER, problemInstance, REQUEST_ID_HEADER, requestIdFor } from "@/lib/request-id";

/** Paths that are not desk pages: sign-in, the waiting-room display, the platform's receiver alias, the OIDC discovery rewrites. */
const OPEN_PATHS = /^\/(?:login(?:\/|$)|display(?:\/|$)|registered_url_for_|\.well-known\/)/;

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The methods Next serves; it fails any other (TRACE, PROPFIND…) with a bare 500. */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The proxy runs on the edge of the app and cannot import server code: the problem body is written here. */
function problem(requestId: string, status: number, title: string, detail: string, headers: Record<string, string> = {}): Response {
  const body = { type: "about:blank", title, status, detail, instance: problemInstance(requestId) };
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/problem+json", "cache-control": "no-store", [REQUEST_ID_HEADER]: requestId, ...headers } });
}

const badAddressProblem = (requestId: string) => problem(requestId, 400, "Invalid request", "The address contains a malformed percent-encoding.");

/**
 * Every page gets a fresh script nonce in its Content-Security-Policy (Next puts it on its own
 * scripts; the layout hands it to next-themes). API paths are only checked for a malformed address,
 * which Next would otherwise answer with a bare 500. A signed-out visitor of a desk page goes to
 * sign-in; pages and route handlers still check the role themselves. Every request passing here gets
 * its id (the caller's if it is a safe token), handed on to the route handler and returned as x-request-id.
 */
export async function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  const api = pathname === "/api" || pathname.startsWith("/api/");
  const requestId = requestIdFor(req.headers);
  if (!SERVED_METHODS.includes(req.method)) {
    return problem(requestId, 405, "Method not allowed", `The desk answers ${SERVED_METHODS.join(", ")} only.`, { allow: SERVED_METHODS.join(", ") });
  }
  if (!decodable(pathname) && api) return badAddressProblem(requestId);
  const headers = new Headers(req.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  const withId = (res: NextResponse) => (res.headers.set(REQUEST_ID_HEADER, requestId), res);
  if (api) return withId(NextResponse.next({ request: { headers } }));

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = pageContentSecurityPolicy(nonce, env().nodeEnv === "development");
  headers.set("x-nonce", nonce);
  headers.set(DESK_PATH_HEADER, pathname);
  headers.set("content-security-policy", csp);
  const withCsp = (res: NextResponse) => (res.headers.set("content-security-policy", csp), withId(res));

  // A page address that cannot be decoded gets the app's own not-found page, not Next's bare 500.
  if (!decodable(pathname)) return withCsp(NextResponse.rewrite(new URL("/not-found-address", req.url), { request: { headers } }));
  if (!OPEN_PATHS.test(pathname) && !isAnonymousPage(pathname)) {
    const config = env();
    const token = await getToken({ req, secret: config.authSecret, secureCookie: config.appUrl.startsWith("https://") });
    // A paired waiting-room display opens its own page and nothing else.
    if (!token && req.cookies.has(DISPLAY_COOKIE)) return withId(NextResponse.redirect(new URL(DISPLAY_PATH, req.url)));
    if (!token) {
      const login = new URL("/login", req.url);
      const target = pathname + req.nextUrl.search;
      if (target !== "/") login.searchParams.set("callbackUrl", target);
      return withId(NextResponse.redirect(login));
    }
  }
  return withCsp(NextResponse.next({ request: { headers } }));
}

export const config = {
  matcher: [
    // Requests with a body skip the proxy: Next would buffer the whole body (up to 10 MB) for it
    // before the route handler starts, defeating the streaming limits of uploads and JSON bodies.
    {
      source: "/((?!_next/static|_next/image|favicon\\.ico|.*\\.(?:png|svg|ico|txt|webmanifest)$).*)",
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
    // …except when the address itself has a percent sign: its decoding is checked even then (such
    // addresses never carry an upload, so the buffering costs nothing real).
    "/api/:path(.*%.*)",
  ],
};
