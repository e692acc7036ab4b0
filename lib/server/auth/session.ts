import "server-only";
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { canUse, type Feature } from "@/lib/access";
import { env } from "@/lib/env";
import { db } from "../db";
import { sessionCookie } from "./options";
import { resolveSessionCookie, type StaffSession } from "./staff-sessions";

export type { StaffSession } from "./staff-sessions";

/**
 * The signed-in staff member. The cookie is only decoded (no rolling re-issue), and its session
 * row and staff row are re-read (at most 2 s old), so sign-out, deactivation, a role change, the
 * idle timeout and the shift's end all take effect on every instance within seconds.
 */
export async function getStaffSession(): Promise<StaffSession | null> {
  const cookie = sessionCookie();
  const token = (await cookies()).get(cookie.name)?.value;
  if (!token) return null;
  return resolveSessionCookie(await db(), token, cookie.secret, env().sessions);
}

/** For pages: sends signed-out visitors to sign-in (and back), and answers 403 to the wrong role. */
export async function requireStaff(feature?: Feature, returnTo?: string): Promise<StaffSession> {
  const staff = await getStaffSession();
  if (!staff) redirect(returnTo ? `/login?callbackUrl=${encodeURIComponent(returnTo)}` : "/login");
  if (feature && !canUse(staff.role, feature)) forbidden();
  return staff;
}
