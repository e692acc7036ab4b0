import "server-only";
import { eq } from "drizzle-orm";
import { refusalOnRow, type Action, type RowViewer } from "@/lib/access";
import type { Db } from "./db/connect";
import { queueAppointments } from "./db/schema";
import type { StaffSession } from "./auth/session";
import { ownDoctorId, readClinicDirectory } from "./slots/clinic-directory";

/** The kinds of row a route may act on, each named by a path parameter. */
export type RowKind = "appointment" | "doctor-queue";

/**
 * The signed-in person as the row rules see them: a doctor's platform doctor id is the one their
 * staff record names (platform_doctor_id), else the one directory doctor with their name.
 */
export async function rowViewer(db: Db, staff: Pick<StaffSession, "id" | "role" | "name">): Promise<RowViewer> {
  if (staff.role !== "doctor") return { role: staff.role, doctorId: null };
  return { role: staff.role, doctorId: await ownDoctorId(db, await readClinicDirectory(db), staff) };
}

/** The doctor a row belongs to; undefined when there is no such row (the handler then answers 404). */
export async function rowDoctor(db: Db, kind: RowKind, params: Record<string, string>): Promise<{ doctorId: string } | undefined> {
  switch (kind) {
    case "appointment": {
      const id = params.appointmentId;
      if (!id) return undefined;
      const [row] = await db.select({ doctorId: queueAppointments.doctorId }).from(queueAppointments).where(eq(queueAppointments.appointmentId, id)).limit(1);
      return row;
    }
    // A doctor's queue (call next, recall, skip): its owner is the doctor the path names.
    case "doctor-queue": {
      const id = params.doctorId;
      return id ? { doctorId: id } : undefined;
    }
  }
}

const REFUSALS = {
  // An admin links a doctor under Settings → Staff sessions (platform_doctor_id), or names them in the clinic directory as on their staff record.
  "unlinked-doctor": "Doctors change only their own appointments, and your staff record is not linked to a doctor on the platform: an admin can link it under Settings → Staff sessions.",
  "not-own-row": "Doctors change only their own appointments; this one is another doctor's. The front desk can change it.",
} as const;

/** Why the viewer may not act on the row, as the refusal says it; null when they may. */
export function rowRefusal(viewer: RowViewer, action: Action, rowDoctorId: string): { reason: keyof typeof REFUSALS; detail: string } | null {
  const reason = refusalOnRow(viewer, action, rowDoctorId);
  if (!reason || reason === "role") return null;
  return { reason, detail: REFUSALS[reason] };
}
