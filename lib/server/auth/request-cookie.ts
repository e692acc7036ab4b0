import "server-only";
import { NextRequest } from "next/server";

/**
 * A cookie as the request carries it. A route handler's NextRequest has its cookies parsed
 * already; a plain Request's headers are read through a body-less copy, so its body is untouched.
 */
export function requestCookie(req: Request, name: string): string | undefined {
  const jar = "cookies" in req ? (req as NextRequest).cookies : new NextRequest(req.url, { headers: req.headers }).cookies;
  return jar.get(name)?.value;
}
