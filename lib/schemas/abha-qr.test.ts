import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { anyCodePoint } from "@/lib/testing/arbitraries";
import { ABHA_QR_MAX_BYTES, readAbhaQr, splitName } from "./abha-qr";
import { APP_QR, CARD_QR } from "./abha-qr-fixtures";

const TODAY = "2026-11-23";

describe("reading an ABHA QR code", () => {
  it("reads the ABHA card's code into the registration's fields", () => {
    const r = readAbhaQr(CARD_QR, TODAY);
    expect(r).toEqual({
      ok: true,
      scan: {
        variant: "card",
        abhaNumber: "15-3638-0684-6247",
        abhaAddress: "kiranma@abdm",
        name: "Kiran Mandyam Anandampillai",
        firstName: "Kiran",
        middleName: "Mandyam",
        lastName: "Anandampillai",
        gender: "M",
        dob: { iso: "1978-09-07" },
        mobile: "+919845122364",
        address: "C/O father name # door no, as from the KYC document",
        state: { name: "Karnataka", lgd: "29" },
        district: { name: "Bengaluru", lgd: null },
        unread: [],
      },
    });
  });

  it("reads the ABHA app's code: no ABHA number, a year of birth, the state named from its LGD code", () => {
    const r = readAbhaQr(APP_QR, TODAY);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scan).toMatchObject({
      variant: "app",
      abhaNumber: null,
      abhaAddress: "kiranma@sbx",
      firstName: "Kiran",
      middleName: null,
      lastName: "Anandampillai",
      dob: { year: 1978 },
      mobile: null,
      state: { name: "Chandigarh", lgd: "4" },
      district: { name: null, lgd: "44" },
    });
  });

  it("keeps what it can read and says what it could not (a masked mobile, an old @ndhm address)", () => {
    const r = readAbhaQr(JSON.stringify({ hidn: "28-3222-2283-6682", hid: "mogith@ndhm", name: "Mogith", gender: "X", dob: "31/2/2012", mobile: "984x1x2x6x" }), TODAY);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scan).toMatchObject({ abhaNumber: "28-3222-2283-6682", abhaAddress: null, firstName: "Mogith", lastName: null, gender: null, dob: null, mobile: null });
    expect(r.scan.unread.sort()).toEqual(["abhaAddress", "dob", "gender", "mobile"]);
  });

  it("refuses hostile and broken payloads with a reason, never a half reading", () => {
    const cases: [string, string][] = [
      ["", "empty"],
      ["   ", "empty"],
      ["not json at all", "notJson"],
      ['{"hidn":"15-3638', "notJson"],
      ["[1,2,3]", "notAbha"],
      ["null", "notAbha"],
      ['{"name":"Asha"}', "notAbha"],
      ['{"hidn":"12","name":"Asha"}', "notAbha"],
      ['{"hidn":"15-3638-0684-6247","name":{"first":"Asha"}}', "notAbha"],
      ['{"hidn":"15-3638-0684-6247","name":"<script>alert(1)</script>"}', "unsafe"],
      ['{"hidn":"15-3638-0684-6247","name":"\\u003cimg src=x onerror=alert(1)\\u003e"}', "unsafe"],
      ['{"hidn":"15-3638-0684-6247","name":"Asha","address":"javascript:alert(1)"}', "unsafe"],
      ['{"hidn":"15-3638-0684-6247","name":"Asha\u0000"}', "unsafe"],
      ['{"hidn":"15-3638-0684-6247","name":"Asha\\u0000"}', "unsafe"],
      ['{"hidn":"15-3638-0684-6247","name":"Asha\\ud800"}', "unsafe"],
      ['{"hidn":"15-3638-0684-6247","name":"Asha\ud800"}', "unsafe"],
      ['{"hidn":"15-3638-0684-6247","name":"Asha\u0007"}', "unsafe"],
      ['{"hidn":"15-3638-0684-6247","name":"Asha","<b>":"x"}', "unsafe"],
      [`{"hidn":"15-3638-0684-6247","name":"Asha","address":"${"x".repeat(ABHA_QR_MAX_BYTES)}"}`, "tooLarge"],
      [`{"hidn":"15-3638-0684-6247","name":"Asha","address":"${"अ".repeat(1400)}"}`, "tooLarge"],
      ['{"hidn":"15-3638-0684-6247","name":"Asha 2"}', "notAbha"],
    ];
    for (const [raw, problem] of cases) expect(readAbhaQr(raw, TODAY), raw.slice(0, 60)).toEqual({ ok: false, problem });
  });

  it("never throws, and whatever it accepts is clean, storable and within bounds", () => {
    const value = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: anyCodePoint, maxLength: 20 }), fc.integer(), fc.constant("-"), fc.constant(null), fc.constantFrom("15-3638-0684-6247", "asha@abdm", "Asha Verma", "12/4/1990", "1990"));
    const payload = fc.dictionary(fc.constantFrom("hidn", "hid", "phr", "name", "gender", "dob", "mobile", "address", "statelgd", "distlgd", "state name", "district_name", "x"), value);
    fc.assert(
      fc.property(fc.oneof(payload.map((o) => JSON.stringify(o)), fc.string({ maxLength: 200 }), fc.string({ unit: anyCodePoint, maxLength: 200 })), (raw) => {
        const r = readAbhaQr(raw, TODAY);
        if (!r.ok) return;
        const s = r.scan;
        expect(s.abhaNumber === null || /^\d{2}-\d{4}-\d{4}-\d{4}$/.test(s.abhaNumber)).toBe(true);
        expect(s.abhaAddress === null || /^[a-z0-9._]+@(abdm|sbx)$/.test(s.abhaAddress)).toBe(true);
        expect(s.abhaNumber ?? s.abhaAddress).not.toBeNull();
        for (const t of [s.name, s.firstName, s.middleName, s.lastName, s.address, s.state.name, s.district.name]) {
          if (t !== null) expect(t).not.toMatch(/[<>\u0000]|\p{Cs}/u); // a lone surrogate; a well-formed pair (𐀀) is a character
        }
        expect(s.mobile === null || /^\+91[6-9]\d{9}$/.test(s.mobile)).toBe(true);
        if (s.dob && "iso" in s.dob) expect(s.dob.iso <= TODAY).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("splits a name into first, middle and last in proper case", () => {
    expect(splitName("ASHA")).toEqual({ firstName: "Asha", middleName: null, lastName: null });
    expect(splitName("asha  verma")).toEqual({ firstName: "Asha", middleName: null, lastName: "Verma" });
    expect(splitName("Asha Kumari Devi Verma")).toEqual({ firstName: "Asha", middleName: "Kumari Devi", lastName: "Verma" });
  });
});
