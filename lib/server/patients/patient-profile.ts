import "server-only";
import type { PatientProfile } from "@/lib/schemas/patients";
import type { Db } from "../db";
import { NotFoundError } from "../errors";
import type { PatientsApi } from "@/lib/platform/client";
import { writeDeskCopy } from "../desk-outbox";
import { displayNameOf } from "@/lib/schemas/patient-names";
import { wasErased } from "../erasure/erase-patient";
import { directoryOf, knownSalutation, patientRemembered } from "./patient-index";

interface Deps {
  db: Db;
  patients: PatientsApi;
}

const PLATFORM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Reads the profile from the platform, adds the directory data the clinic sent, and remembers the patient as just seen. */
export async function readPatient({ db, patients }: Deps, id: string, signal?: AbortSignal): Promise<PatientProfile> {
  if (!PLATFORM_ID.test(id)) throw new NotFoundError("There is no patient with this id.");
  // An erased patient stays erased: opening the record again must not copy them back into the desk.
  if (await wasErased(db, id)) throw new NotFoundError("This patient's data was erased from the desk (see Settings → Erasure log).");
  const read = await patients.getProfile(id, signal);
  // The platform's profile may hold no salutation where the desk knows one (the directory's designation,
  // or the index's): the record, its edit form and the index keep it rather than lose it on a read.
  const salutation = read.salutation ?? (await knownSalutation(db, id));
  const profile = salutation === read.salutation ? read : { ...read, salutation, displayName: displayNameOf({ ...read, salutation }) };
  await writeDeskCopy(db, patientRemembered({ patient: profile }));
  return { ...profile, directory: await directoryOf(db, id) };
}
