/**
 * Patient field messages are keys into the one message catalogue ("patients.errors.*" in
 * lib/i18n/messages/patients/{en,hi}.json), never English sentences: the zod rules, the BFF's
 * problem+json field errors and the platform client's refusals all carry the key, and the form shows it in the
 * language the desk has chosen. A key may carry values for its placeholders after a "|":
 * `patients.errors.extras.keyTooLong|{"key":"referredbyclinic","max":16}`.
 */
export const PATIENT_ERROR_KEYS = [
  "firstName.required",
  "fullName.tooLong",
  "name.chars",
  "text.tooLong",
  "text.unstorable",
  "gender.required",
  "designation.invalid",
  "bloodGroup.invalid",
  "dob.required",
  "dob.format",
  "dob.iso",
  "dob.notReal",
  "dob.tooOld",
  "dob.future",
  "age.years",
  "age.months",
  "age.days",
  "mobile.format",
  "mobile.indian",
  "email.invalid",
  "uhid.empty",
  "uhid.chars",
  "uhid.taken",
  "abha.format",
  "abha.domain",
  "abhaNumber.format",
  "pin.format",
  "extras.notDict",
  "extras.keyTooLong",
  "extras.keyEmpty",
  "extras.keyControl",
  "extras.listInList",
  "extras.groupInList",
  "extras.nesting",
  "extras.groupValue",
  "extras.value",
  "extras.giveKey",
  "extras.keyTwice",
  "extras.notJson",
  "platform.refused",
] as const;
export type PatientErrorKey = (typeof PATIENT_ERROR_KEYS)[number];

export const PATIENT_ERROR_PREFIX = "patients.errors.";

export type MessageValues = Record<string, string | number>;

/** The message for a patient field problem: its catalogue key, with values when it has placeholders. */
export function patientError(key: PatientErrorKey, values?: MessageValues): string {
  const full = `${PATIENT_ERROR_PREFIX}${key}`;
  return values ? `${full}|${JSON.stringify(values)}` : full;
}

/** A message as sent (a key, a key with values, or a plain sentence from elsewhere) → key and values. */
export function readMessage(text: string): { key: string; values?: MessageValues } | { text: string } {
  const bar = text.indexOf("|");
  const key = bar === -1 ? text : text.slice(0, bar);
  if (!/^[a-z][A-Za-z]*(\.[A-Za-z]+)+$/.test(key)) return { text };
  if (bar === -1) return { key };
  try {
    const values = JSON.parse(text.slice(bar + 1)) as unknown;
    if (values && typeof values === "object" && !Array.isArray(values)) return { key, values: values as MessageValues };
  } catch {
    // not a key with values after all
  }
  return { text };
}
