import "server-only";
import { decode } from "next-auth/jwt";
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { canUse, type Feature } from "@/lib/access";
import { Role } from "@/lib/schemas/staff";
import { db } from "../db";
import { authOptions, sessionCookieName } from "./options";
import { findStaffById } from "./staff-repo";

export type StaffSession = { id: string; name: string; email: string; role: Role };

// A deactivated account or a changed role takes effect within this long, without a database
// read on every request of a busy desk.
const STAFF_CACHE_MS = 2_000;
const staffCache = new Map<string, { at: number; staff: StaffSession | null }>();

async function currentStaff(id: string): Promise<StaffSession | null> {
  const hit = staffCache.get(id);
  if (hit && Date.now() - hit.at < STAFF_CACHE_MS) return hit.staff;
  const row = await findStaffById(await db(), id);
  const role = Role.safeParse(row?.role);
  const staff = row && row.active && role.success ? { id: row.id, name: row.name, email: row.email, role: role.data } : null;
  if (staffCache.size > 1000) staffCache.clear();
  staffCache.set(id, { at: Date.now(), staff });
  return staff;
}

/**
 * The signed-in staff member. The session cookie is only decoded (no rolling re-issue: a session
 * lasts one shift from sign-in), and the staff row is re-read (at most 2 s old) so deactivation takes effect.
 */
export async function getStaffSession(): Promise<StaffSession | null> {
  const options = authOptions();
  const token = (await cookies()).get(sessionCookieName(options))?.value;
  if (!token) return null;
  const claims = await decode({ token, secret: options.secret! }).catch(() => null);
  if (!claims?.sub) return null;
  return currentStaff(claims.sub);
}

/** For pages: sends signed-out visitors to sign-in (and back), and answers 403 to the wrong role. */
export async function requireStaff(feature?: Feature, returnTo?: string): Promise<StaffSession> {
  const staff = await getStaffSession();
  if (!staff) redirect(returnTo ? `/login?callbackUrl=${encodeURIComponent(returnTo)}` : "/login");
  if (feature && !canUse(staff.role, feature)) forbidden();
  return staff;
}
