import { describe, expect, it } from "vitest";
import { patientError } from "@/lib/schemas/patient-messages";
import { PatientRegistration, PatientUpdate } from "@/lib/schemas/patients";
import { PlatformRejectedError, ValidationError } from "../errors";
import { assertPlatformAccepts, fieldErrorFromPlatform } from "@/lib/platform/client";

const long = (letter: string) => letter.repeat(60);

describe("a registration is checked against the platform's rules for both steps before the first call", () => {
  it("refuses names the form allows one by one but whose full name the platform would refuse, on the form's field", () => {
    const r = PatientRegistration.parse({ firstName: long("a"), middleName: long("b"), lastName: long("c"), gender: "F", dob: "1990-04-12" });
    let caught: unknown;
    try {
      assertPlatformAccepts(r, "create");
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).extra.errors).toEqual({ firstName: patientError("fullName.tooLong", { max: 180 }) });
  });

  it("lets through what both the profile and the directory accept", () => {
    const r = PatientRegistration.parse({
      firstName: "Asha",
      lastName: "Verma",
      gender: "F",
      dob: "1990-04-12",
      address: { city: "Mumbai", pin: "400001" },
      extras: { ward: "B" },
    });
    expect(() => assertPlatformAccepts(r, "create")).not.toThrow();
    const u = PatientUpdate.parse({ changes: { address: { city: "Pune" } } });
    expect(() => assertPlatformAccepts(u.changes, "update")).not.toThrow();
  });

  it("puts a refusal the platform words itself on the form field, inside the desk's own translated sentence", () => {
    const refused = fieldErrorFromPlatform(new PlatformRejectedError(400, "invalid_request", "extras.referral: key must not exceed 16 characters"));
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).extra.errors).toEqual({ extras: patientError("platform.refused", { message: "key must not exceed 16 characters" }) });
  });
});
