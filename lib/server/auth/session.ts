import "server-only";
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { canUse, type Feature } from "@/lib/access";
import { env } from "@/lib/env";
import { db } from "../db";
import { sessionCookie } from "./options";
import { requestCookie } from "./request-cookie";
import { resolveSessionCookie, type SessionRead, type StaffSession } from "./staff-sessions";

export type { StaffSession } from "./staff-sessions";

/**
 * The signed-in staff member. The cookie is only decoded (no rolling re-issue), and its session
 * row and staff row are re-read (at most 2 s old), so sign-out, deactivation, a role change, the
 * idle timeout and the shift's end all take effect on every instance within seconds. A route
 * handler passes its request: Next's cookies() builds the request's mutable cookie store on each
 * call, a few per cent of a drug search's CPU, for a cookie the request already holds.
 */
export async function getStaffSession(req?: Request, read: SessionRead = "cached"): Promise<StaffSession | null> {
  const cookie = sessionCookie();
  const token = req ? requestCookie(req, cookie.name) : (await cookies()).get(cookie.name)?.value;
  if (!token) return null;
  return resolveSessionCookie(await db(), token, cookie.secret, env().sessions, undefined, read);
}

/** For pages: sends signed-out visitors to sign-in (and back), and answers 403 to the wrong role. */
export async function requireStaff(feature?: Feature, returnTo?: string): Promise<StaffSession> {
  const staff = await getStaffSession();
  if (!staff) redirect(returnTo ? `/login?callbackUrl=${encodeURIComponent(returnTo)}` : "/login");
  if (feature && !canUse(staff.role, feature)) forbidden();
  return staff;
}
