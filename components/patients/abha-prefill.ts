import type { AbhaScan } from "@/lib/schemas/abha-qr";
import { ageOn, ageText, dobFromAge, formatIsoDate } from "@/lib/schemas/patient-age";
import { suggestionFor, type RegistrationValues, EMPTY_REGISTRATION } from "./registration-values";
import type { ExtrasRow } from "./extras-rows";

export { ABHA_SCAN_STORAGE_KEY } from "./abha-scan-storage";

const LINE_MAX = 120;

/** The code's one-line address → two address lines, split at a comma near the limit rather than mid-word. */
export function addressLines(given: string | null): { line1: string; line2: string } {
  const address = (given ?? "").trim();
  if (!address) return { line1: "", line2: "" };
  if (address.length <= LINE_MAX) return { line1: address, line2: "" };
  // The comma stays on line 1, so it may stand at most at LINE_MAX - 1.
  const cut = address.lastIndexOf(",", LINE_MAX - 1);
  const at = cut > 20 ? cut + 1 : (address.lastIndexOf(" ", LINE_MAX) > 20 ? address.lastIndexOf(" ", LINE_MAX) : LINE_MAX);
  return { line1: address.slice(0, at).trim(), line2: address.slice(at).trim().slice(0, LINE_MAX) };
}

/**
 * A scanned ABHA code → a fresh registration form: names split, gender, the date of birth (or, with
 * the year alone, the age it means, marked as worked out from an age), +91 mobile, address, district
 * as the city, the state, and the LGD codes as extras.
 */
export function registrationFromScan(scan: AbhaScan, todayIso: string, newId: () => string): RegistrationValues {
  let dob = "";
  let age = { ageYears: "", ageMonths: "", ageDays: "" };
  let fromAge = false;
  if (scan.dob && "iso" in scan.dob) {
    dob = formatIsoDate(scan.dob.iso);
    age = ageText(ageOn(scan.dob.iso, todayIso));
  } else if (scan.dob) {
    const years = Math.max(Number(todayIso.slice(0, 4)) - scan.dob.year, 0);
    age = { ageYears: String(years), ageMonths: "", ageDays: "" };
    dob = formatIsoDate(dobFromAge({ years, months: 0, days: 0 }, todayIso));
    fromAge = true;
  }
  const extras: ExtrasRow[] = [
    ...(scan.state.lgd ? [{ id: newId(), key: "state_lgd", kind: "text" as const, value: scan.state.lgd, children: [] }] : []),
    ...(scan.district.lgd ? [{ id: newId(), key: "district_lgd", kind: "text" as const, value: scan.district.lgd, children: [] }] : []),
  ];
  const values: RegistrationValues = {
    ...EMPTY_REGISTRATION,
    firstName: scan.firstName,
    middleName: scan.middleName ?? "",
    lastName: scan.lastName ?? "",
    gender: scan.gender ?? "",
    dob,
    ...age,
    dobFromAge: fromAge,
    countryCode: "+91",
    mobile: scan.mobile ? scan.mobile.slice(3) : "",
    abha: scan.abhaAddress ?? "",
    abhaNumber: scan.abhaNumber ?? "",
    ...addressLines(scan.address),
    city: scan.district.name ?? "",
    state: scan.state.name ?? "",
    country: "India",
    extras,
  };
  return { ...values, designation: suggestionFor(values, todayIso) ?? "", designationAuto: true };
}
