import "server-only";
import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { PatientRegistration, RegistrationResult } from "@/lib/schemas/patients";
import type { Db } from "../db";
import { patientRegistrations } from "../db/schema";
import { AppError, ConflictError } from "../errors";
import { assertPlatformAccepts, fieldErrorFromPlatform } from "../platform/patient-refusals";
import type { PatientsApi } from "../platform/patients";
import { drainDeskOutbox, writeDeskCopy, type DeskCopy } from "../desk-outbox";
import { withKeyLock } from "../db/key-lock";

/** A registration with this key is already running here (a double click): the second joins the first. */
const running = new Map<string, { hash: string; work: Promise<RegistrationResult> }>();

const hashOf = (r: PatientRegistration) => createHash("sha256").update(JSON.stringify(r)).digest("base64url");

interface Deps {
  db: Db;
  patients: PatientsApi;
  staffId: string;
}

/**
 * Two platform steps, each done once per idempotency key: create the profile, then write the
 * directory entry. A retry with the same key skips what is already done.
 */
export async function registerPatient(deps: Deps, key: string, r: PatientRegistration): Promise<RegistrationResult> {
  const hash = hashOf(r);
  const inFlight = running.get(key);
  if (inFlight?.hash === hash) return inFlight.work;
  if (inFlight) {
    // Other details under a key still at work: the earlier attempt settles first, then decides for this one.
    await inFlight.work.catch(() => undefined);
    return registerPatient(deps, key, r);
  }
  // Another instance may be running the same key: one holder of the key's lock at a time, so the
  // second sees the first's recorded outcome instead of creating a second profile.
  const work = withKeyLock(deps.db, `patient-registration:${key}`, () => runRegistration(deps, key, r, hash)).finally(() => running.delete(key));
  running.set(key, { hash, work });
  return work;
}

/**
 * Same key, other details: an attempt that created nothing is replaced by these details (a typo
 * corrected after the platform was down is a fresh attempt, not a refusal); an attempt the platform
 * accepted is answered with its own outcome, so one attempt never becomes two patients.
 */
async function runRegistration({ db, patients, staffId }: Deps, key: string, r: PatientRegistration, hash: string): Promise<RegistrationResult> {
  assertPlatformAccepts(r, "create");
  // A profile created by an earlier attempt whose desk write was queued: settle it first, so a retry never creates a second one.
  await drainDeskOutbox(db);
  await db.insert(patientRegistrations).values({ idempotencyKey: key, staffId, requestHash: hash }).onConflictDoNothing();
  let [row] = await db.select().from(patientRegistrations).where(eq(patientRegistrations.idempotencyKey, key));
  if (!row) throw new AppError(500, "Registration not recorded");
  if (row.requestHash !== hash || row.staffId !== staffId) {
    if (row.patientId) {
      const done = !!row.directoryDoneAt;
      return { id: row.patientId, directory: done ? "done" : "failed", ...(!done && row.lastError ? { directoryError: row.lastError } : {}), earlierAttempt: true };
    }
    [row] = await db
      .update(patientRegistrations)
      .set({ requestHash: hash, staffId, lastError: null, updatedAt: new Date() })
      .where(and(eq(patientRegistrations.idempotencyKey, key), isNull(patientRegistrations.patientId), eq(patientRegistrations.requestHash, row.requestHash)))
      .returning();
    if (!row) throw new ConflictError("This registration changed meanwhile. Press Register again.", "idempotency_race");
  }

  let id = row.patientId;
  const copies: DeskCopy[] = [];
  if (!id) {
    try {
      id = await patients.createProfile(r);
    } catch (err) {
      throw fieldErrorFromPlatform(err);
    }
    copies.push(await writeDeskCopy(db, { kind: "registration.profile", key, patientId: id }));
  }
  copies.push(
    await writeDeskCopy(db, {
      kind: "patient.remember",
      patient: {
        id,
        salutation: r.designation ?? null,
        firstName: r.firstName,
        middleName: r.middleName ?? null,
        lastName: r.lastName ?? null,
        gender: r.gender,
        dob: r.dob,
        mobile: r.mobile ?? null,
        uhid: r.uhid ?? null,
      },
    }),
  );
  const deskCopy = (): Pick<RegistrationResult, "deskCopy"> => (copies.includes("catching-up") ? { deskCopy: "catching-up" } : {});
  if (row.directoryDoneAt) return { id, directory: "done", ...deskCopy() };

  try {
    await patients.updateDirectory(id, r);
  } catch (err) {
    const message = err instanceof AppError ? (err.detail ?? err.title) : "The directory entry could not be written.";
    await db
      .update(patientRegistrations)
      .set({ lastError: message, updatedAt: new Date() })
      .where(eq(patientRegistrations.idempotencyKey, key))
      .catch(() => {});
    return { id, directory: "failed", directoryError: message, ...deskCopy() };
  }
  copies.push(
    await writeDeskCopy(db, { kind: "registration.directory", key }, { kind: "patient.directory", id, directory: { designation: r.designation, address: r.address } }),
  );
  return { id, directory: "done", ...deskCopy() };
}
