import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db";
import { patientIndex } from "../db/schema";
import { AppError, NotFoundError } from "../errors";
import type { PatientsApi } from "@/lib/platform/client";
import { readPatient } from "../patients/patient-profile";

/**
 * An upload is filed only under a patient the desk knows: one in its index, or one the platform
 * has (registered elsewhere, now remembered). Any other id answers 404 before a byte is read,
 * instead of filing a document under a patient who does not exist.
 */
export async function assertKnownPatient(db: Db, patients: PatientsApi, id: string, signal?: AbortSignal): Promise<void> {
  const [known] = await db.select({ id: patientIndex.id }).from(patientIndex).where(eq(patientIndex.id, id)).limit(1);
  if (known) return;
  try {
    await readPatient({ db, patients }, id, signal);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw new NotFoundError("There is no patient with this id: the document was not uploaded.");
    throw err;
  }
}
