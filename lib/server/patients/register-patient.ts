import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PatientRegistration, RegistrationResult } from "@/lib/schemas/patients";
import type { Db } from "../db";
import { patientRegistrations } from "../db/schema";
import { AppError, ConflictError, PlatformRejectedError, ValidationError } from "../errors";
import type { PatientsApi } from "../platform/patients";
import { rememberDirectory, rememberPatient } from "./patient-index";

/** A registration with this key is already running (a double click): the second waits for the first. */
const running = new Map<string, Promise<RegistrationResult>>();

const hashOf = (r: PatientRegistration) => createHash("sha256").update(JSON.stringify(r)).digest("base64url");

/** The platform's refusals, moved onto the form field they are about. */
export function fieldErrorFromPlatform(err: unknown): unknown {
  if (!(err instanceof PlatformRejectedError)) return err;
  if (err.status === 409 && /duplicate_username|username/i.test(`${err.platformCode} ${err.message}`)) {
    return new ValidationError({ uhid: "This UHID is already used by another patient." }, "This UHID is already used by another patient.");
  }
  const field = /^(\w+)(?:\.\w+)*:/.exec(err.detail ?? "")?.[1];
  const formField = field ? PLATFORM_TO_FORM[field] : undefined;
  if (formField && err.status !== 404) {
    const message = err.detail!.slice(err.detail!.indexOf(":") + 1).trim();
    return new ValidationError({ [formField]: message }, `${formField}: ${message}`);
  }
  return err;
}

const PLATFORM_TO_FORM: Record<string, string> = {
  fn: "firstName",
  mn: "middleName",
  ln: "lastName",
  fln: "firstName",
  s: "designation",
  dob: "dob",
  gen: "gender",
  bloodgroup: "bloodGroup",
  mobile: "mobile",
  email: "email",
  username: "uhid",
  abha: "abha",
  extras: "extras",
  designation: "designation",
  first_name: "firstName",
  middle_name: "middleName",
  last_name: "lastName",
  gender: "gender",
  address: "address",
};

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
  const inFlight = running.get(key);
  if (inFlight) return inFlight;
  const work = runRegistration(deps, key, r).finally(() => running.delete(key));
  running.set(key, work);
  return work;
}

async function runRegistration({ db, patients, staffId }: Deps, key: string, r: PatientRegistration): Promise<RegistrationResult> {
  const hash = hashOf(r);
  await db.insert(patientRegistrations).values({ idempotencyKey: key, staffId, requestHash: hash }).onConflictDoNothing();
  const [row] = await db.select().from(patientRegistrations).where(eq(patientRegistrations.idempotencyKey, key));
  if (!row) throw new AppError(500, "Registration not recorded");
  if (row.requestHash !== hash || row.staffId !== staffId) {
    throw new ConflictError("This registration key was already used for different details. Reload the form to start a new registration.", "idempotency_mismatch");
  }

  let id = row.patientId;
  if (!id) {
    try {
      id = await patients.createProfile(r);
    } catch (err) {
      throw fieldErrorFromPlatform(err);
    }
    await db.update(patientRegistrations).set({ patientId: id, updatedAt: new Date() }).where(eq(patientRegistrations.idempotencyKey, key));
  }
  await rememberPatient(db, {
    id,
    salutation: r.designation ?? null,
    firstName: r.firstName,
    middleName: r.middleName ?? null,
    lastName: r.lastName ?? null,
    gender: r.gender,
    dob: r.dob,
    mobile: r.mobile ?? null,
    uhid: r.uhid ?? null,
  });
  if (row.directoryDoneAt) return { id, directory: "done" };

  try {
    await patients.updateDirectory(id, r);
  } catch (err) {
    const message = err instanceof AppError ? (err.detail ?? err.title) : "The directory entry could not be written.";
    await db.update(patientRegistrations).set({ lastError: message, updatedAt: new Date() }).where(eq(patientRegistrations.idempotencyKey, key));
    return { id, directory: "failed", directoryError: message };
  }
  await db.update(patientRegistrations).set({ directoryDoneAt: new Date(), lastError: null, updatedAt: new Date() }).where(eq(patientRegistrations.idempotencyKey, key));
  await rememberDirectory(db, id, { designation: r.designation, address: r.address });
  return { id, directory: "done" };
}
