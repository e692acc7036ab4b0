import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { anyCodePoint } from "@/lib/testing/arbitraries";
import type { z } from "zod";
import { isStorableText, storableJson, toStorableJson, toStorableText, UNSTORABLE_TEXT_MESSAGE, unstorablePaths } from "./storable-text";
import { AbhaAddress, DateOfBirth, Email, FirstName, Mobile, OtherName, Uhid } from "./patient-fields";
import { PatientSearchQuery, PostalAddress } from "./patients";
import { DirectoryEntryInput } from "./clinic-directory";
import { CalendarDay } from "./slots";
import { DocumentUploadQuery } from "./documents";
import { EmrUserProfile } from "../platform/wire/patients";
import { DirectoryUpdateRules as DirectoryPatientUpdate, ProfileCreateRules as ProfileCreateBody } from "../platform/client/patient-rules";
import { Extras } from "./patient-extras";
import { ROUTE_INPUTS, type Json } from "../testing/route-inputs";
import { replaceAt, textPaths, valueAt } from "../testing/json-paths";

const NUL = "\u0000";
/** A character that cannot be stored: NUL, or half of a surrogate pair on its own. */
const unstorableChar = fc.constantFrom(NUL, "\ud800", "\udbff", "\udc00", "\udfff");
/** Any text made of whole code points (pairs kept together), no NUL. */
const storableString = (maxLength: number) => fc.string({ unit: anyCodePoint, maxLength }).map((s) => s.replaceAll(NUL, ""));

/** Puts an unstorable character somewhere in a valid value without pairing it with a neighbour. */
const spoil = (valid: string) =>
  fc.tuple(fc.integer({ min: 0, max: valid.length }), unstorableChar).map(([at, bad]) => `${valid.slice(0, at)}${bad}${valid.slice(at)}`);

// Each text field of a browser-facing schema, with a value it accepts.
const TEXT_FIELDS: [string, z.ZodType, string][] = [
  ["first name", FirstName, "Asha"],
  ["middle name", OtherName(), "Kumari"],
  ["UHID", Uhid, "UH-2024/17"],
  ["e-mail", Email, "asha@example.in"],
  ["mobile", Mobile, "+919812345678"],
  ["ABHA address", AbhaAddress, "asha.verma@abdm"],
  ["date of birth", DateOfBirth, "1990-04-12"],
  ["address city", PostalAddress.shape.city, "Mumbai"],
  ["address line 1", PostalAddress.shape.line1, "12 MG Road"],
  ["calendar day", CalendarDay, "2026-11-23"],
];

describe("the text policy: NUL and lone surrogates are refused, whole characters pass", () => {
  it("recognises exactly what String.isWellFormed and a NUL check recognise", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }), (s) => {
        const wellFormed = (s as string & { isWellFormed(): boolean }).isWellFormed();
        expect(isStorableText(s)).toBe(wellFormed && !s.includes(NUL));
        const cleaned = toStorableText(s);
        expect(isStorableText(cleaned)).toBe(true);
      }),
    );
  });

  for (const [label, schema, valid] of TEXT_FIELDS) {
    it(`${label}: any value with an unstorable character is refused with the storage message`, () => {
      expect(schema.safeParse(valid).success).toBe(true);
      fc.assert(
        fc.property(spoil(valid), (bad) => {
          const parsed = schema.safeParse(bad);
          expect(parsed.success).toBe(false);
          expect(parsed.error!.issues[0]!.message).toBe(UNSTORABLE_TEXT_MESSAGE);
        }),
      );
    });
  }

  it("free text (address, clinic name, search, file name) accepts any well-formed text within its limit", () => {
    // A file name is the one exception: text-direction controls are refused there on purpose (they can
    // disguise the extension; intake.test.ts covers that), so its case leaves them out.
    const directionControl = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    const cases: [z.ZodType, number, (s: string) => boolean][] = [
      [PostalAddress.shape.line1, 120, () => true],
      [PostalAddress.shape.city, 60, () => true],
      [DirectoryEntryInput.in.shape.displayName, 120, () => true],
      [PatientSearchQuery.shape.q, 100, () => true],
      [DocumentUploadQuery.shape.name, 255, (s) => !directionControl.test(s)],
    ];
    for (const [schema, max, allowed] of cases) {
      fc.assert(
        fc.property(storableString(max).filter((s) => [...s.trim()].length >= 2 && allowed(s)), (text) => {
          expect(schema.safeParse(text).success).toBe(true);
        }),
      );
    }
  });
});

// Every route body and query (from the route inputs the hostile-input suite uses too), and the platform bodies the sandbox parses.
const ROUTE_CASES: [string, z.ZodType, Json][] = [
  ...ROUTE_INPUTS.map((r): [string, z.ZodType, Json] => [`${r.method} ${r.route}`, r.schema, r.sample({ patientId: "p1" })]),
  ["platform: create profile", ProfileCreateBody, { fn: "asha", dob: "1990-04-12", gen: "F", extras: { ward: "B" } }],
  ["platform: directory update", DirectoryPatientUpdate, { first_name: "Asha", address: { city: "Pune", pincode: 411001 }, partner_meta: { uhid: "UH-1" } }],
];

/** The value with an unstorable character added to the string or key at `path`. */
function spoilAt(value: Json, path: (string | number)[], key: boolean, bad: string): Json {
  return key ? replaceAt(value, path, `${String(path[path.length - 1])}${bad}`, true) : replaceAt(value, path, `${valueAt(value, path) as string}${bad}`);
}

describe("route inputs: an unstorable character anywhere is refused where it is", () => {
  for (const [route, schema, valid] of ROUTE_CASES) {
    const paths = textPaths(valid);
    it(`${route} (${paths.length} places)`, () => {
      expect(schema.safeParse(valid).success, JSON.stringify(schema.safeParse(valid).error?.issues)).toBe(true);
      const checked = storableJson(schema);
      fc.assert(
        fc.property(fc.constantFrom(...paths), unstorableChar, ({ path, key }, bad) => {
          const parsed = checked.safeParse(spoilAt(valid, path, key, bad));
          expect(parsed.success).toBe(false);
          expect(parsed.error!.issues.every((i) => i.message === UNSTORABLE_TEXT_MESSAGE)).toBe(true);
          if (!key) expect(parsed.error!.issues.map((i) => i.path.join("."))).toContain(path.join("."));
          // The schema alone refuses it too wherever it reads the value (keys it does not read are dropped).
          if (!key) expect(schema.safeParse(spoilAt(valid, path, key, bad)).success).toBe(false);
        }),
        { numRuns: 60 },
      );
    });
  }

  it("walks a deeply nested body without overflowing, and finds the bad string at the bottom", () => {
    // Arrays and objects in turn: the path names each level, outermost first.
    let deep: unknown = `x${NUL}`;
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { [`k${i}`]: deep };
    const [path] = unstorablePaths(deep);
    expect(path).toHaveLength(100_000);
    expect(path!.slice(0, 3)).toEqual([0, "k99998", 0]);
    expect(path!.slice(-2)).toEqual([0, "k0"]);
  });

  it("extras refuse unstorable keys and values on their own (the forms and the sandbox use them too)", () => {
    expect(Extras.safeParse({ [`wa${NUL}rd`]: "B" }).success).toBe(false);
    expect(Extras.safeParse({ ward: ["a", `b\ud800`] }).success).toBe(false);
    expect(Extras.safeParse({ ward: { bed: "\udc00" } }).success).toBe(false);
  });
});

describe("text the platform sends is stripped, ids are refused", () => {
  const profile = { oid: "a1b2", bid: "front-desk", c_ate: 1, u_ate: 2, gen: "F", dob: "1990-04-12", fn: `as${NUL}ha`, ln: "ver\ud800ma", extras: { [`k${NUL}`]: [`v\udfff`] } };

  it("keeps a profile with unstorable text, without the characters", () => {
    const parsed = EmrUserProfile.parse(profile);
    expect(parsed.fn).toBe("asha");
    expect(parsed.ln).toBe("verma");
    expect(parsed.extras).toEqual({ k: ["v"] });
    expect(unstorablePaths(parsed)).toEqual([]);
  });

  it("refuses a profile whose id cannot be stored", () => {
    expect(EmrUserProfile.safeParse({ ...profile, oid: `a1${NUL}` }).success).toBe(false);
  });

  it("toStorableJson leaves storable values as they are", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const cleaned = toStorableJson(v);
        expect(unstorablePaths(cleaned)).toEqual([]);
        if (unstorablePaths(v).length === 0) expect(cleaned).toEqual(v);
      }),
    );
  });
});
