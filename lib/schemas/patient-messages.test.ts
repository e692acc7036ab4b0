import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { MESSAGES } from "@/lib/i18n/config";
import { EMPTY_REGISTRATION, registrationErrors, type RegistrationValues } from "@/components/patients/registration-values";
import { PATIENT_ERROR_KEYS, patientError, readMessage } from "./patient-messages";
import { PatientRegistration } from "./patients";

const TODAY = "2026-05-20";
const values = (over: Partial<RegistrationValues>): RegistrationValues => ({ ...EMPTY_REGISTRATION, ...over });
const ok = values({ firstName: "Asha", gender: "F", dob: "12/04/1990" });

function render(locale: "en" | "hi", message: string) {
  const t = createTranslator({ locale, messages: MESSAGES[locale], timeZone: "Asia/Kolkata" });
  const read = readMessage(message);
  if ("text" in read) return read.text;
  return t(read.key as never, read.values as never);
}

describe("patient field messages: one catalogue, two languages", () => {
  it("has every key in English and in Hindi, and the Hindi is Devanagari", () => {
    for (const key of PATIENT_ERROR_KEYS) {
      const message = patientError(key, { key: "ward", max: 16, message: "gen: is required" });
      const en = render("en", message);
      const hi = render("hi", message);
      expect(en, key).not.toContain("patients.errors");
      expect(hi, key).toMatch(/[\u0900-\u097F]/);
    }
  });

  it("reads keys with values, and leaves a plain sentence from elsewhere as it is", () => {
    expect(readMessage(patientError("extras.keyTwice", { key: "a|b" }))).toEqual({ key: "patients.errors.extras.keyTwice", values: { key: "a|b" } });
    expect(readMessage("fn: must not be empty")).toEqual({ text: "fn: must not be empty" });
    expect(render("en", patientError("extras.keyTooLong", { key: "referredbyclinicname", max: 16 }))).toBe(
      "The key “referredbyclinicname” is longer than 16 characters: shorten it.",
    );
  });
});

describe("the registration form's checks", () => {
  const errors = (over: Partial<RegistrationValues>) =>
    Object.fromEntries(Object.entries(registrationErrors(values(over), TODAY)).map(([k, m]) => [k, render("en", m!)]));

  it("accepts a complete minimal form", () => {
    expect(registrationErrors(ok, TODAY)).toEqual({});
  });

  it("says what is missing in words a receptionist can act on", () => {
    expect(errors({})).toEqual({
      firstName: "Enter the first name.",
      gender: "Choose the gender.",
      dob: "Enter the date of birth (DD/MM/YYYY), or the age if the date is not known.",
    });
  });

  it("refuses an impossible, future or badly written date of birth as typed", () => {
    expect(errors({ ...ok, dob: "31/02/1990" }).dob).toBe("This date does not exist: check the day and the month (DD/MM/YYYY).");
    expect(errors({ ...ok, dob: "01/01/2030" }).dob).toBe("The date of birth cannot be in the future: check the year.");
    expect(errors({ ...ok, dob: "1990-04-12" }).dob).toBe("Write the date of birth as DD/MM/YYYY, for example 12/04/1990.");
  });

  it("checks mobile, PIN and age boxes", () => {
    expect(errors({ ...ok, mobile: "12345" }).mobile).toMatch(/^An Indian mobile \(\+91\) has 10 digits/);
    expect(errors({ ...ok, pin: "41103" }).pin).toBe("A PIN code has 6 digits and does not start with 0, for example 411001.");
    expect(errors({ ...ok, dob: "", ageYears: "", ageMonths: "14" }).ageMonths).toBe("Months can be 0 to 11; give 12 months or more as years.");
  });

  it("shows the same problem in Hindi when Hindi is chosen", () => {
    const hi = Object.fromEntries(Object.entries(registrationErrors(values({}), TODAY)).map(([k, m]) => [k, render("hi", m!)]));
    expect(hi.gender).toBe("लिंग चुनें।");
    expect(hi.firstName).toBe("पहला नाम लिखें।");
  });

  it("gives the BFF the same keys for the same problems", () => {
    const parsed = PatientRegistration.safeParse({ firstName: "", dob: "", address: { pin: "41103" } });
    expect(parsed.success).toBe(false);
    // The first problem of each field is the one shown, as ValidationError.fromZod does.
    const byPath: Record<string, string> = {};
    for (const i of parsed.error!.issues) byPath[i.path.join(".")] ??= i.message;
    expect(byPath.firstName).toBe("patients.errors.firstName.required");
    expect(byPath.gender).toBe("patients.errors.gender.required");
    expect(byPath.dob).toBe("patients.errors.dob.required");
    expect(byPath["address.pin"]).toBe("patients.errors.pin.format");
  });
});
