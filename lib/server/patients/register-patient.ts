import "server-only";
import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { PatientRegistration, RegistrationPending, RegistrationResult } from "@/lib/schemas/patients";
import type { Db } from "../db";
import { patientRegistrations } from "../db/schema";
import { AppError, ConflictError, PlatformRejectedError, PlatformTimeoutError, PlatformUnavailableError } from "../errors";
import { assertPlatformAccepts, fieldErrorFromPlatform } from "@/lib/platform/client";
import type { PatientsApi } from "@/lib/platform/client";
import { deskWriteKind, drainDeskOutbox, writeDeskCopy, type DeskCopy } from "../desk-outbox";
import { withKeyLock } from "../db/key-lock";
import { deskPartnerRef, isDeskPartnerRef } from "./partner-ref";
import { patientDirectoryKept, patientRemembered } from "./patient-index";
import * as clock from "@/lib/clock";
import { assertTypedUhidFree, uhidForRegistration, type UhidConfig } from "./uhid-issue";

/** A registration with this key is already running here (a double click): the second joins the first. */
const running = new Map<string, { hash: string; work: Promise<RegistrationOutcome> }>();

export type RegistrationOutcome = RegistrationResult | RegistrationPending;

/** How long a create the desk gave up on may still land on the platform (its answer limit plus a wide margin). */
export const LATE_CREATE_MS = 60_000;

/** The platform answered nothing we can read (timeout, connection lost, an unreadable 2xx): it may have acted. */
export const outcomeUnknown = (err: unknown) =>
  err instanceof PlatformTimeoutError || (err instanceof PlatformUnavailableError && err.extra.code === undefined) || !(err instanceof AppError);

const hashOf = (r: PatientRegistration) => createHash("sha256").update(JSON.stringify(r)).digest("base64url");

interface Deps {
  db: Db;
  patients: PatientsApi;
  staffId: string;
  /** Numbers a registration left without a UHID (OPD_UHID_FORMAT); without it the platform gets the desk's own partner id. */
  uhid?: UhidConfig;
}

/**
 * Two platform steps, each done once per idempotency key: create the profile, then write the
 * directory entry. A retry with the same key skips what is already done.
 */
export const registrationHash = hashOf;

export async function registerPatient(deps: Deps, key: string, r: PatientRegistration, recordedHash?: string): Promise<RegistrationOutcome> {
  // The reconciler passes the hash recorded with the details (stored JSON need not keep the key order the browser sent).
  const hash = recordedHash ?? hashOf(r);
  const inFlight = running.get(key);
  if (inFlight?.hash === hash) return inFlight.work;
  if (inFlight) {
    // Other details under a key still at work: the earlier attempt settles first, then decides for this one.
    await inFlight.work.catch(() => undefined);
    return registerPatient(deps, key, r, recordedHash);
  }
  // Another instance may be running the same key: one holder of the key's lock at a time, so the
  // second sees the first's recorded outcome instead of creating a second profile.
  const work = withKeyLock(deps.db, `patient-registration:${key}`, () => runRegistration(deps, key, r, hash)).finally(() => running.delete(key));
  running.set(key, { hash, work });
  return work;
}

const pending = (since: Date): RegistrationPending => ({ state: "confirming", since: since.toISOString() });
const sameText = (a: string | null | undefined, b: string | null | undefined) => (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();

/**
 * The platform holds a patient under this partner-side id: is it the one these details describe?
 * The desk's own ids are unique to one key; a clinic UHID might belong to someone registered before.
 */
async function isOurs(patients: PatientsApi, id: string, ref: string, r: PatientRegistration): Promise<boolean> {
  if (isDeskPartnerRef(ref)) return true;
  const p = await patients.getProfile(id);
  return sameText(p.firstName, r.firstName) && p.dob === r.dob && p.gender === r.gender;
}

/**
 * Same key, other details: an attempt that created nothing is replaced by these details (a typo
 * corrected after the platform was down is a fresh attempt, not a refusal); an attempt the platform
 * accepted is answered with its own outcome, so one attempt never becomes two patients.
 *
 * The intent (partner-side id and details) is recorded before the create is sent; while its outcome
 * is unknown, the platform is asked by that id what it did before anything is created again.
 */
async function runRegistration({ db, patients, staffId, uhid }: Deps, key: string, given: PatientRegistration, hash: string): Promise<RegistrationOutcome> {
  let r = given;
  assertPlatformAccepts(r, "create");
  // A profile created by an earlier attempt whose desk write was queued: settle it first, so a retry never creates a second one.
  await drainDeskOutbox(db);
  await db.insert(patientRegistrations).values({ idempotencyKey: key, staffId, requestHash: hash, details: r }).onConflictDoNothing();
  let [row] = await db.select().from(patientRegistrations).where(eq(patientRegistrations.idempotencyKey, key));
  if (!row) throw new AppError(500, "Registration not recorded");
  const firstTry = !row.patientId && !row.outcomeUnknownSince;
  // The clinic's own number: typed by hand (checked against the desk's patients first), or the next generated one.
  if (r.uhid && firstTry) await assertTypedUhidFree(db, r.uhid, key);
  const generated = !r.uhid && !!uhid;
  if (!r.uhid && uhid) r = { ...r, uhid: await uhidForRegistration(db, key, uhid) };
  const ref = r.uhid ?? deskPartnerRef(key);

  if (!row.patientId && row.outcomeUnknownSince && row.partnerRef) {
    // An earlier create's answer never came: what did the platform do?
    const earlier = (row.details as PatientRegistration | null) ?? r;
    let found: string | null;
    try {
      found = await patients.findByPartnerRef(row.partnerRef);
      if (found && !(await isOurs(patients, found, row.partnerRef, earlier))) found = null;
    } catch {
      return pending(row.outcomeUnknownSince);
    }
    if (found) {
      await writeDeskCopy(db, registrationProfile({ key, patientId: found }), patientRemembered({ patient: remembered(found, earlier) }));
      [row] = await db.select().from(patientRegistrations).where(eq(patientRegistrations.idempotencyKey, key));
      if (!row) throw new AppError(500, "Registration not recorded");
      if (!row.patientId) return pending(row.outcomeUnknownSince ?? clock.nowDate());
    } else if (row.partnerRef !== ref && clock.now() - row.outcomeUnknownSince.getTime() < LATE_CREATE_MS) {
      // Under another id the earlier create could still land: wait for it rather than risk two patients.
      return pending(row.outcomeUnknownSince);
    }
  }

  if (row.requestHash !== hash || row.staffId !== staffId) {
    if (row.patientId) {
      const done = !!row.directoryDoneAt;
      return { id: row.patientId, directory: done ? "done" : "failed", ...(!done && row.lastError ? { directoryError: row.lastError } : {}), earlierAttempt: true };
    }
    [row] = await db
      .update(patientRegistrations)
      .set({ requestHash: hash, staffId, details: r, lastError: null, updatedAt: clock.nowDate() })
      .where(and(eq(patientRegistrations.idempotencyKey, key), isNull(patientRegistrations.patientId), eq(patientRegistrations.requestHash, row.requestHash)))
      .returning();
    if (!row) throw new ConflictError("This registration changed meanwhile. Press Register again.", "idempotency_race");
  }

  let id = row.patientId;
  const copies: DeskCopy[] = [];
  if (!id) {
    const earlierUnknown = row.outcomeUnknownSince;
    const since = earlierUnknown && row.partnerRef === ref ? earlierUnknown : clock.nowDate();
    // The intent, before the platform hears of it: a crash or timeout from here on is resolved by asking for `ref`.
    await db
      .update(patientRegistrations)
      .set({ partnerRef: ref, details: r, outcomeUnknownSince: since, checkAfter: new Date(clock.now() + LATE_CREATE_MS / 4), updatedAt: clock.nowDate() })
      .where(eq(patientRegistrations.idempotencyKey, key));
    try {
      id = await patients.createProfile({ ...r, uhid: ref });
    } catch (err) {
      if (outcomeUnknown(err)) {
        const message = err instanceof Error ? err.message : String(err);
        await db.update(patientRegistrations).set({ lastError: message.slice(0, 500), updatedAt: clock.nowDate() }).where(eq(patientRegistrations.idempotencyKey, key)).catch(() => {});
        return pending(since);
      }
      const taken = err instanceof PlatformRejectedError && err.status === 409;
      // Our own earlier create got there first: the id it made is this registration's.
      const claimed = taken && (earlierUnknown || isDeskPartnerRef(ref) || generated) ? await claimByRef(patients, ref, r) : null;
      if (!claimed) {
        // A refusal is final for this attempt; an earlier one still unanswered stays to be resolved.
        if (!earlierUnknown) await db.update(patientRegistrations).set({ outcomeUnknownSince: null, updatedAt: clock.nowDate() }).where(eq(patientRegistrations.idempotencyKey, key));
        throw fieldErrorFromPlatform(err);
      }
      id = claimed;
    }
    copies.push(await writeDeskCopy(db, registrationProfile({ key, patientId: id })));
  }
  copies.push(await writeDeskCopy(db, patientRemembered({ patient: remembered(id, r) })));
  const deskCopy = (): Pick<RegistrationResult, "deskCopy"> => (copies.includes("catching-up") ? { deskCopy: "catching-up" } : {});
  const number = r.uhid ? { uhid: r.uhid } : {};
  if (row.directoryDoneAt) return { id, directory: "done", ...number, ...deskCopy() };

  try {
    await patients.updateDirectory(id, r);
  } catch (err) {
    const message = err instanceof AppError ? (err.detail ?? err.title) : "The directory entry could not be written.";
    await db
      .update(patientRegistrations)
      .set({ lastError: message, updatedAt: clock.nowDate() })
      .where(eq(patientRegistrations.idempotencyKey, key))
      .catch(() => {});
    return { id, directory: "failed", directoryError: message, ...number, ...deskCopy() };
  }
  copies.push(
    await writeDeskCopy(db, registrationDirectoryDone({ key }), patientDirectoryKept({ id, directory: { designation: r.designation, address: r.address } })),
  );
  return { id, directory: "done", ...number, ...deskCopy() };
}

async function claimByRef(patients: PatientsApi, ref: string, r: PatientRegistration): Promise<string | null> {
  const found = await patients.findByPartnerRef(ref).catch(() => null);
  return found && (await isOurs(patients, found, ref, r).catch(() => false)) ? found : null;
}

const remembered = (id: string, r: PatientRegistration) => ({
  id,
  salutation: r.designation ?? null,
  firstName: r.firstName,
  middleName: r.middleName ?? null,
  lastName: r.lastName ?? null,
  gender: r.gender,
  dob: r.dob,
  mobile: r.mobile ?? null,
  uhid: r.uhid ?? null,
  abha: r.abha ?? null,
  abhaNumber: r.abhaNumber ?? null,
});

/** The registration row's outcome, recorded once the platform has the patient (queued in the desk outbox if need be). */
const registrationProfile = deskWriteKind("registration.profile", (db, w: { key: string; patientId: string }) =>
  db
    .update(patientRegistrations)
    .set({ patientId: w.patientId, outcomeUnknownSince: null, checkAfter: null, updatedAt: new Date() })
    .where(eq(patientRegistrations.idempotencyKey, w.key)),
);
const registrationDirectoryDone = deskWriteKind("registration.directory", (db, w: { key: string }) =>
  db.update(patientRegistrations).set({ directoryDoneAt: new Date(), lastError: null, updatedAt: new Date() }).where(eq(patientRegistrations.idempotencyKey, w.key)),
);
