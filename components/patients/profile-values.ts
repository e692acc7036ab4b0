import { CLEARABLE_FIELDS, PatientRegistration, type PatientProfile, type PatientRegistrationInput, type PatientUpdateInput } from "@/lib/schemas/patients";
import { ageOn, formatIsoDate } from "@/lib/schemas/patient-age";
import { todayInIndia } from "@/lib/schemas/india-today";
import { rowsFromExtras } from "./extras-rows";
import { EMPTY_REGISTRATION, suggestionFor, type RegistrationValues } from "./registration-values";

/** A stored profile (and its directory data) as the edit form's strings. */
export function valuesFromProfile(p: PatientProfile, newId: () => string): RegistrationValues {
  const age = ageOn(p.dob, todayInIndia());
  const indian = p.mobile?.startsWith("+91") ?? false;
  const a = p.directory?.address;
  const designation = p.directory?.designation ?? p.salutation ?? "";
  const suggested = suggestionFor({ gender: p.gender ?? "", dob: formatIsoDate(p.dob) });
  return {
    ...EMPTY_REGISTRATION,
    designation,
    // A stored salutation that is what gender and age suggest keeps following them; any other was chosen by hand.
    designationAuto: designation !== "" && designation === suggested,
    firstName: p.firstName,
    middleName: p.middleName ?? "",
    lastName: p.lastName ?? "",
    gender: p.gender ?? "",
    dob: formatIsoDate(p.dob),
    ageYears: String(age.years),
    ageMonths: String(age.months),
    ageDays: String(age.days),
    dobFromAge: p.dobFromAge,
    bloodGroup: p.bloodGroup ?? "",
    countryCode: "+91",
    mobile: p.mobile ? (indian ? p.mobile.slice(3) : p.mobile) : "",
    email: p.email ?? "",
    uhid: p.uhid ?? "",
    abha: p.abha ?? "",
    abhaNumber: p.abhaNumber ?? "",
    line1: a?.line1 ?? "",
    line2: a?.line2 ?? "",
    city: a?.city ?? "",
    state: a?.state ?? "",
    country: a?.country ?? "India",
    pin: a?.pin !== undefined ? String(a.pin) : "",
    extras: rowsFromExtras(p.extras, newId),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const EMPTY_ADDRESS = { line1: "", line2: "", city: "", state: "", country: "", pin: "" };

/**
 * Only the fields that differ from what was loaded, compared after the shared schema has
 * normalised both sides; the date of birth goes with its is_age flag, the address as a whole.
 * An optional field the user emptied is sent as null: the desk clears it on the platform.
 */
export function changedFields(before: PatientRegistrationInput, after: PatientRegistrationInput): PatientUpdateInput["changes"] {
  const a = PatientRegistration.safeParse(before);
  const b = PatientRegistration.safeParse(after);
  const from = (a.success ? a.data : before) as Record<string, unknown>;
  const to = (b.success ? b.data : after) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys({ ...from, ...to })) {
    if (key === "dobFromAge") continue;
    if (same(from[key], to[key])) continue;
    if (to[key] !== undefined) out[key] = (after as Record<string, unknown>)[key];
    else if (key === "address") out.address = EMPTY_ADDRESS;
    else if (key === "extras") out.extras = {};
    else if ((CLEARABLE_FIELDS as string[]).includes(key)) out[key] = null;
  }
  if ("dob" in out || from.dobFromAge !== to.dobFromAge) {
    out.dob = after.dob;
    out.dobFromAge = after.dobFromAge;
  }
  return out as PatientUpdateInput["changes"];
}
