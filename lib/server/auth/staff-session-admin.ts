import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { StaffSessionsView } from "@/lib/schemas/staff-sessions";
import { Role } from "@/lib/schemas/staff";
import type { Db } from "../db/connect";
import { staff, staffSessions } from "../db/schema";
import * as clock from "@/lib/clock";
import { doctorLinkOf, readClinicDirectory } from "../slots/clinic-directory";

/** Every staff member with how many browsers are signed in as them, when one was last used, and (a doctor) whose appointments are theirs. */
export async function listStaffSessions(db: Db, settings: { idleMinutes: number; maxHours: number }, now = clock.nowDate()): Promise<StaffSessionsView> {
  const idleSince = new Date(now.getTime() - settings.idleMinutes * 60_000).toISOString();
  const startedSince = new Date(now.getTime() - settings.maxHours * 3_600_000).toISOString();
  const live = sql`${staffSessions.lastSeenAt} >= ${idleSince}::timestamptz and ${staffSessions.signedInAt} >= ${startedSince}::timestamptz`;
  const rows = await db
    .select({
      id: staff.id,
      name: staff.name,
      email: staff.email,
      role: staff.role,
      active: staff.active,
      liveSessions: sql<number>`count(${staffSessions.id}) filter (where ${live})::int`,
      lastSeenAt: sql<string | null>`max(${staffSessions.lastSeenAt}) filter (where ${live})`,
      platformDoctorId: staff.platformDoctorId,
    })
    .from(staff)
    .leftJoin(staffSessions, eq(staffSessions.staffId, staff.id))
    .groupBy(staff.id)
    .orderBy(asc(staff.name));
  const directory = rows.some((r) => r.role === "doctor") ? await readClinicDirectory(db) : { doctors: [] };
  return {
    staff: rows.map(({ platformDoctorId, ...r }) => ({
      ...r,
      role: Role.parse(r.role),
      doctorLink: r.role === "doctor" ? doctorLinkOf(directory, { name: r.name, platformDoctorId }) : null,
      liveSessions: Number(r.liveSessions),
      lastSeenAt: r.lastSeenAt ? new Date(r.lastSeenAt).toISOString() : null,
    })),
  };
}
