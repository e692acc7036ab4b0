import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readAbhaQr } from "./abha-qr";
import { APP_QR, CARD_QR } from "./abha-qr-fixtures";
import { addressLines, registrationFromScan } from "@/components/patients/abha-prefill";
import { registrationErrors, toRegistrationInput } from "@/components/patients/registration-values";
import { PatientRegistration } from "./patients";

const TODAY = "2026-11-23";
let n = 0;
const newId = () => `row-${++n}`;
const scanOf = (raw: string) => {
  const r = readAbhaQr(raw, TODAY);
  if (!r.ok) throw new Error(r.problem);
  return r.scan;
};

describe("a registration filled from an ABHA code", () => {
  it("the card: names split, DD/MM/YYYY, +91 mobile, address, district as city, state, LGD codes as extras; valid as it stands", () => {
    const v = registrationFromScan(scanOf(CARD_QR), TODAY, newId);
    expect(v).toMatchObject({
      designation: "Mr.",
      firstName: "Kiran",
      middleName: "Mandyam",
      lastName: "Anandampillai",
      gender: "M",
      dob: "07/09/1978",
      ageYears: "48",
      dobFromAge: false,
      countryCode: "+91",
      mobile: "9845122364",
      abha: "kiranma@abdm",
      abhaNumber: "15-3638-0684-6247",
      line1: "C/O father name # door no, as from the KYC document",
      city: "Bengaluru",
      state: "Karnataka",
      country: "India",
    });
    expect(v.extras.map((r) => [r.key, r.value])).toEqual([["state_lgd", "29"]]);
    expect(registrationErrors(v, TODAY)).toEqual({});
    const body = PatientRegistration.parse(toRegistrationInput(v, TODAY).input);
    expect(body).toMatchObject({ abha: "kiranma@abdm", abhaNumber: "15-3638-0684-6247", mobile: "+919845122364", dob: "1978-09-07", extras: { state_lgd: 29 } });
  });

  it("the app: the year of birth becomes an age (marked as worked out from an age), no mobile, no ABHA number", () => {
    const v = registrationFromScan(scanOf(APP_QR), TODAY, newId);
    expect(v).toMatchObject({ firstName: "Kiran", middleName: "", lastName: "Anandampillai", ageYears: "48", dob: "23/11/1978", dobFromAge: true, mobile: "", abhaNumber: "", abha: "kiranma@sbx", state: "Chandigarh" });
    expect(registrationErrors(v, TODAY)).toEqual({});
  });

  it("splits a long address into two lines at a comma, never losing the start", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9 ]{1,30}$/), { minLength: 1, maxLength: 12 }), (parts) => {
        const address = parts.join(", ");
        const { line1, line2 } = addressLines(address);
        expect(line1.length).toBeLessThanOrEqual(120);
        expect(line2.length).toBeLessThanOrEqual(120);
        expect(address.trim().startsWith(line1)).toBe(true);
      }),
      // A seed that once began the address with a space (" a , …"): line 1 is trimmed, the start is kept.
      { examples: [[[" a ", "a A0aa00A000", "aaa 0a 0 aA", "0A A a000", "A a0aA 00a ", "000a00   0a ", " a", "a0", "  A", "00A0  a0 aA ", "A0aA00 a0a", "AAAaAAA a 00"]]] },
    );
  });
});
