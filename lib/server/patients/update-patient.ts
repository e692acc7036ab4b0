import "server-only";
import { displayNameOf } from "@/lib/schemas/patient-names";
import type { PatientProfile, PatientUpdate, PostalAddress } from "@/lib/schemas/patients";
import type { Db } from "../db";
import { ConflictError } from "../errors";
import type { PatientsApi } from "@/lib/platform/client";
import { writeDeskCopy, type DeskCopy } from "../desk-outbox";
import { readPatient } from "./patient-profile";
import { patientDirectoryKept, patientRemembered } from "./patient-index";
import { assertPlatformAccepts, fieldErrorFromPlatform } from "@/lib/platform/client";
import { log } from "../log";

interface Deps {
  db: Db;
  patients: PatientsApi;
}

const DIRECTORY_FIELDS = ["designation", "firstName", "middleName", "lastName", "gender", "dob", "address", "uhid"] as const;

/** An edited address as the desk keeps it: the parts cleared on edit are left out. */
function addressOf(a: PatientUpdate["changes"]["address"]): PostalAddress | undefined {
  if (!a) return undefined;
  return Object.fromEntries(Object.entries(a).filter(([, v]) => v !== null && v !== undefined)) as PostalAddress;
}

/** The profile as the platform now holds it, when it accepted the change but could not be read back at once. */
function withChanges(current: PatientProfile, c: PatientUpdate["changes"]): PatientProfile {
  const pick = <K extends keyof PatientProfile>(key: K, value: PatientProfile[K] | undefined) => (value === undefined ? {} : { [key]: value });
  const next: PatientProfile = {
    ...current,
    ...pick("salutation", c.designation),
    ...pick("firstName", c.firstName),
    ...pick("middleName", c.middleName),
    ...pick("lastName", c.lastName),
    ...pick("gender", c.gender),
    ...pick("dob", c.dob),
    ...pick("dobFromAge", c.dobFromAge),
    ...pick("bloodGroup", c.bloodGroup),
    ...pick("mobile", c.mobile),
    ...pick("email", c.email),
    ...pick("uhid", c.uhid),
    ...pick("abha", c.abha),
    ...pick("abhaNumber", c.abhaNumber),
    ...pick("extras", c.extras),
  };
  const address = addressOf(c.address);
  const directory = c.designation || address ? { ...current.directory, ...(c.designation ? { designation: c.designation } : {}), ...(address ? { address } : {}) } : current.directory;
  return { ...next, displayName: displayNameOf(next), directory };
}

/**
 * Sends only what changed: the profile fields (the UHID only when it really differs) and, when
 * any directory field changed, the directory entry. Refuses when the profile moved on meanwhile.
 */
export async function updatePatient(
  { db, patients }: Deps,
  id: string,
  update: PatientUpdate,
): Promise<{ profile: PatientProfile; changed: string[]; deskCopy: DeskCopy }> {
  const current = await readPatient({ db, patients }, id);
  if (update.expectedUpdatedAt !== undefined && current.updatedAt !== update.expectedUpdatedAt && !update.overwrite) {
    throw new ConflictError("Someone changed this patient after you opened the form. Reload to see their changes, or save yours over them.", "profile_changed");
  }
  const changes = { ...update.changes };
  if (changes.uhid !== undefined && changes.uhid === current.uhid) delete changes.uhid;
  const changed = Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined);
  if (changed.length === 0) return { profile: current, changed, deskCopy: "done" };

  const names = changes.firstName !== undefined || changes.middleName !== undefined || changes.lastName !== undefined;
  const firstName = changes.firstName ?? current.firstName;
  // A name emptied on edit is null here and is cleared; one left alone is sent as it is.
  const keep = (change: string | null | undefined, now: string | null) => (change !== undefined ? change : (now ?? undefined));
  const profileChanges = {
    ...changes,
    ...(names ? { firstName, middleName: keep(changes.middleName, current.middleName), lastName: keep(changes.lastName, current.lastName) } : {}),
    // The "worked out from an age" flag and the ABHA number live in extras (spec 2.1 has no field for
    // them) and extras are sent whole: all three go together.
    ...(changes.dob !== undefined || changes.dobFromAge !== undefined || changes.extras !== undefined || changes.abhaNumber !== undefined
      ? {
          extras: changes.extras ?? current.extras,
          dobFromAge: changes.dobFromAge ?? current.dobFromAge,
          abhaNumber: changes.abhaNumber !== undefined ? changes.abhaNumber : current.abhaNumber,
        }
      : {}),
  };
  const directoryChanges = { ...changes, ...(names ? { firstName, middleName: profileChanges.middleName ?? "", lastName: profileChanges.lastName ?? "" } : {}) };
  assertPlatformAccepts({ ...profileChanges, ...directoryChanges }, "update");
  let deskCopy: DeskCopy = "done";
  try {
    // The profile has no address; toProfileFields leaves it out.
    await patients.updateProfile(id, profileChanges);
    if (DIRECTORY_FIELDS.some((f) => changes[f] !== undefined)) {
      await patients.updateDirectory(id, directoryChanges);
      deskCopy = await writeDeskCopy(db, patientDirectoryKept({ id, directory: { designation: changes.designation, address: addressOf(changes.address) } }));
    }
  } catch (err) {
    throw fieldErrorFromPlatform(err);
  }
  try {
    return { profile: await readPatient({ db, patients }, id), changed, deskCopy };
  } catch (err) {
    // The change is on the platform: say so, with the profile it now holds, rather than a failure.
    log().warn({ patientId: id, reason: (err as Error).message }, "patient was updated but could not be read back");
    const profile = withChanges(current, changes);
    return { profile, changed, deskCopy: await writeDeskCopy(db, patientRemembered({ patient: profile })) };
  }
}
