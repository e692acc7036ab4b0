import { describe, expect, it } from "vitest";
import { PatientRegistration } from "@/lib/schemas/patients";
import { patientError } from "@/lib/schemas/patient-messages";
import { PlatformRejectedError, ValidationError } from "./errors";
import { fieldErrorFromPlatform } from "@/lib/platform/client";
import { fieldSentence, fieldWords } from "./problem-words";

const valid = { designation: "Mrs.", firstName: "Radha", lastName: "Devi", gender: "F", dob: "1990-02-28", mobile: "+919812345678" };

describe("problem details in words (issue 29)", () => {
  it("a registration with 31/02/1990 says so in a sentence; the field keeps its catalogue key for the form", () => {
    const parsed = PatientRegistration.safeParse({ ...valid, dob: "1990-02-31" });
    expect(parsed.success).toBe(false);
    const err = ValidationError.fromZod(parsed.error!);
    expect(err.detail).toBe("Date of birth: this date does not exist: check the day and the month (DD/MM/YYYY).");
    expect(err.detail).not.toContain("patients.errors");
    expect(err.extra.errors).toMatchObject({ dob: "patients.errors.dob.notReal" });
  });

  it("fills a message's values and names nested and unknown fields as people would", () => {
    expect(fieldSentence("extras", patientError("extras.keyTooLong", { key: "referredbyclinic", max: 16 }))).not.toMatch(/patients\.errors|\{/);
    expect(fieldWords("address.pin")).toBe("Address, PIN code");
    expect(fieldWords("slotStart")).toBe("Slot start");
    expect(fieldSentence("reason", "Say why the appointment is cancelled.")).toBe("Reason: say why the appointment is cancelled.");
    // A plain sentence from elsewhere keeps its words; an acronym keeps its capitals.
    expect(fieldSentence("uhid", "UHID already used")).toBe("UHID: UHID already used.");
  });

  it("a platform refusal about a field reads as words in detail, and moves onto the form field with its key", () => {
    const refused = new PlatformRejectedError(400, "VALIDATION_ERROR", "dob: patients.errors.dob.notReal");
    expect(refused.detail).toBe("Date of birth: this date does not exist: check the day and the month (DD/MM/YYYY).");
    // The platform answers in its own words: the form shows them inside the desk's sentence, detail reads as words.
    const moved = fieldErrorFromPlatform(new PlatformRejectedError(400, "invalid_request", "dob: is not a date that exists")) as ValidationError;
    expect(moved).toBeInstanceOf(ValidationError);
    expect(moved.extra.errors).toEqual({ dob: patientError("platform.refused", { message: "is not a date that exists" }) });
    expect(moved.detail).toBe("Date of birth: is not a date that exists.");
    expect(new PlatformRejectedError(404, "not_found", "The platform does not know this doctor.").detail).toBe("The platform does not know this doctor.");
  });
});
