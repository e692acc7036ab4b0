import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EmrUserProfile } from "../wire/patients";
import { DESIGNATIONS, EXTRAS_MAX_KEY_LENGTH, ProfileCreateRules as ProfileCreateBody, ProfileUpdateRules as ProfileUpdateBody } from "./patient-rules";
import { ProfilesErrorBody } from "../wire/auth";
import { call, CLIENT_ID, sandboxForTests } from "./test-support";

/*
 * The HTTP half of the property tests for the extras rules and the name/e-mail normalisation.
 * The oracle is the sandbox's own rules (./patient-rules.ts, written from the spec): its routes
 * must accept exactly what they accept, and store what they keep. Whether the desk's rules agree
 * with them is lib/platform/client/patient-contract.test.ts.
 */

const harness = sandboxForTests({ signIn: true });

const headers = () => ({ authorization: `Bearer ${harness.token}`, "client-id": CLIENT_ID });
const create = (body: unknown) => call(harness.sandbox.url, "POST", "/profiles/v1/patient/", { body, headers: headers() });
const update = (oid: string, body: unknown) => call(harness.sandbox.url, "PATCH", `/profiles/v1/patient/${oid}`, { body, headers: headers() });
async function readRaw(oid: string) {
  const r = await call(harness.sandbox.url, "GET", `/profiles/v1/emr-user/${oid}`, { headers: headers() });
  expect(r.status).toBe(200);
  return r.json as { extras?: Record<string, unknown> };
}
const read = async (oid: string) => EmrUserProfile.parse(await readRaw(oid));
const messageOf = (json: unknown) => {
  const body = ProfilesErrorBody.parse(json);
  return "error" in body ? body.error.message : body.message;
};

/** What the sandbox actually receives: the value after a JSON round trip (undefined dropped, -0 → 0). */
const onTheWire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A 400 must name the same field ("body" for the whole) and problem as the first issue the shared schema finds. */
function expectRefusedLikeSchema(r: { status: number; json: unknown }, issues: { path: PropertyKey[]; message: string }[]) {
  expect(r.status).toBe(400);
  const first = issues[0]!;
  const field = first.path.length ? first.path.map(String).join(".") : "body";
  expect(messageOf(r.json)).toBe(`${field}: ${first.message}`);
}

// No username anywhere: it has to be unique per workspace, and it is not what is under test.
const base = { fn: "Asha", dob: "1990-04-12", gen: "F" } as const;

/* ---------- extras ---------- */

/** Any code point but a surrogate half, drawn as fast-check's "binary" unit draws, without its one-time table of the range (~0.75 s). */
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff - 0x800 }).map((n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800));
/** Mostly printable ASCII, sometimes any code point (astral ones count as two towards the key length). */
const text = (opts: { minLength?: number; maxLength: number }) => fc.oneof({ arbitrary: fc.string(opts), weight: 3 }, { arbitrary: fc.string({ ...opts, unit: anyCodePoint }), weight: 1 });
const keyWithinRules = fc.string({ minLength: 1, maxLength: EXTRAS_MAX_KEY_LENGTH }).filter((k) => !k.startsWith("_") && k.trim() !== "");
const tooLongKey = fc.string({ minLength: EXTRAS_MAX_KEY_LENGTH + 1, maxLength: EXTRAS_MAX_KEY_LENGTH + 8 }).filter((k) => !k.startsWith("_"));
const ignoredKey = fc.string({ maxLength: EXTRAS_MAX_KEY_LENGTH + 8 }).map((k) => `_${k}`);
const blankKey = fc.constantFrom("", " ", " \t");
const anyKey = fc.oneof(
  { arbitrary: keyWithinRules, weight: 8 },
  { arbitrary: tooLongKey, weight: 1 },
  { arbitrary: ignoredKey, weight: 2 },
  { arbitrary: blankKey, weight: 1 },
  { arbitrary: text({ minLength: 1, maxLength: 12 }).filter((k) => !k.startsWith("_")), weight: 1 },
);

const scalar = fc.oneof(text({ maxLength: 20 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const flatList = fc.array(scalar, { maxLength: 4 });
/** Rule 1 broken: a list inside a list. */
const listInList = fc.tuple(flatList, flatList).map(([list, inner]) => [...list, inner]);
/** Rule 2 broken: a dictionary inside a list. */
const dictInList = fc.tuple(flatList, fc.dictionary(keyWithinRules, scalar, { maxKeys: 3 })).map(([list, dict]) => [...list, dict]);
/** Anything at all may sit under a `_`-key (rule 4): it is dropped unchecked. */
const ignoredJunk = fc.dictionary(ignoredKey, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 2 });
const innerValue = fc.oneof(
  { arbitrary: scalar, weight: 6 },
  { arbitrary: flatList, weight: 3 },
  { arbitrary: listInList, weight: 1 },
  { arbitrary: dictInList, weight: 1 },
  // Rule 3 broken: a second level of nesting.
  { arbitrary: fc.dictionary(keyWithinRules, scalar, { maxKeys: 2 }), weight: 1 },
);
const group = fc.tuple(fc.dictionary(anyKey, innerValue, { maxKeys: 4 }), ignoredJunk).map(([fields, junk]) => ({ ...fields, ...junk }));
const topValue = fc.oneof(
  { arbitrary: scalar, weight: 4 },
  { arbitrary: flatList, weight: 3 },
  { arbitrary: group, weight: 4 },
  { arbitrary: listInList, weight: 1 },
  { arbitrary: dictInList, weight: 1 },
);
/** Extras within the five rules and extras that break one or more of them, with `_`-keys at both levels. */
const extras = fc.tuple(fc.dictionary(anyKey, topValue, { maxKeys: 5 }), ignoredJunk).map(([fields, junk]) => ({ ...fields, ...junk }));

const hasIgnoredKey = (value: Record<string, unknown>): boolean =>
  Object.entries(value).some(([k, v]) => k.startsWith("_") || (typeof v === "object" && v !== null && !Array.isArray(v) && hasIgnoredKey(v as Record<string, unknown>)));

/** Every key at both levels, in order: a key the desk reads back as another ("\u0000" → "") shows here. */
const keysOf = (value: Record<string, unknown>): string[][] =>
  Object.entries(value).map(([k, v]) => [k, ...(typeof v === "object" && v !== null && !Array.isArray(v) ? Object.keys(v) : [])]);

/** Found by a random seed under faketime: a key of NUL alone was stored and read back by the desk as "". */
const KEY_COUNTEREXAMPLES: Record<string, unknown>[] = [{ "\u0000": [] }, { "": 1 }, { "w\tard": "B" }, { ward: { "\u0007": 1 } }, { "\ud800": "x" }, { "\u0085": 1 }];

describe("extras over HTTP: the sandbox's verdict is its own rules'", () => {
  it.each(KEY_COUNTEREXAMPLES.map((e) => [JSON.stringify(e), e] as const))("refuses the key of %s in the profiles family's error shape", async (_, extras) => {
    const r = await create(onTheWire({ ...base, extras }));
    expect(r.status).toBe(400);
    expect(messageOf(r.json)).toMatch(/^extras\..*: key must not (be empty|contain control characters or unpaired surrogates)$/s);
  });

  it("on create: 200 exactly when the schema accepts, and GET reads back what the schema keeps", async () => {
    const seen = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(extras, async (generated) => {
        const body = onTheWire({ ...base, extras: generated });
        const expected = ProfileCreateBody.safeParse(body);
        const r = await create(body);
        if (!expected.success) {
          seen.refused++;
          expect(expected.error.issues[0]!.path[0]).toBe("extras");
          expectRefusedLikeSchema(r, expected.error.issues);
          return;
        }
        seen.accepted++;
        expect(r.status).toBe(200);
        // Stored as sent (values are arbitrary data), and every key the platform kept reads back as itself.
        const stored = (await readRaw(r.json.oid)).extras!;
        expect(stored).toEqual(expected.data.extras);
        expect(hasIgnoredKey(stored)).toBe(false);
        expect(keysOf((await read(r.json.oid)).extras!)).toEqual(keysOf(stored));
      }),
      { numRuns: 40, examples: KEY_COUNTEREXAMPLES.map((e) => [e]) },
    );
    // Both verdicts must have been exercised, or the property proved nothing.
    expect(seen.accepted).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });

  it("on update: the same verdict, the extras replaced by what the schema keeps, nothing else touched", async () => {
    const { oid } = (await create({ ...base, extras: { ward: "B" } })).json;
    await fc.assert(
      fc.asyncProperty(extras, async (generated) => {
        const before = await read(oid);
        const body = onTheWire({ extras: generated });
        const expected = ProfileUpdateBody.safeParse(body);
        const r = await update(oid, body);
        if (!expected.success) {
          expectRefusedLikeSchema(r, expected.error.issues);
          expect(await read(oid)).toEqual(before);
          return;
        }
        expect(r.status).toBe(200);
        const after = await read(oid);
        expect(after.extras).toEqual(expected.data.extras);
        expect({ ...after, extras: undefined, u_ate: 0 }).toEqual({ ...before, extras: undefined, u_ate: 0 });
      }),
      { numRuns: 25 },
    );
  });
});

/* ---------- names and e-mail ---------- */

const NORMALISED = ["fn", "mn", "ln", "fln", "s", "email"] as const;
type Normalised = Partial<Record<(typeof NORMALISED)[number], string>>;

/** ASCII letters and, now and then, ones whose lower case is no plain ASCII swap: ß, dotted İ (→ "i̇"), sigmas, Cyrillic, Devanagari (with a vowel sign), a title-case digraph. */
const letter = fc.oneof(
  { arbitrary: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), weight: 8 },
  { arbitrary: fc.constantFrom("é", "ß", "ø", "ñ", "İ", "ı", "Σ", "ς", "Ж", "ǅ", "अ", "क", "ि"), weight: 2 },
);
const separator = fc.constantFrom(" ", ".", "'", "-");
/** Now and then (one name in twenty) a character no name may hold, so that refusals are compared too. */
const stray = fc.oneof({ arbitrary: fc.constant(undefined), weight: 19 }, { arbitrary: fc.tuple(fc.constantFrom("1", "_", "@"), fc.nat()), weight: 1 });
const padding = fc.constantFrom("", "", " ", "  ", "\t", "\u00a0");
const padded = (inner: fc.Arbitrary<string>) => fc.tuple(padding, inner, padding).map(([a, s, b]) => a + s + b);
const name = (maxLength: number) =>
  padded(
    fc.mixedCase(
      fc
        .tuple(letter, fc.array(fc.oneof({ arbitrary: letter, weight: 4 }, { arbitrary: separator, weight: 1 }), { maxLength }), stray)
        .map(([first, rest, bad]) => {
          const chars = [first, ...rest];
          if (bad) chars.splice(bad[1] % (chars.length + 1), 0, bad[0]);
          return chars.join("");
        }),
    ),
  );
const salutation = padded(fc.mixedCase(fc.oneof({ arbitrary: fc.constantFrom(...DESIGNATIONS), weight: 3 }, { arbitrary: fc.string({ maxLength: 24 }), weight: 1 })));
const email = padded(
  fc.mixedCase(
    fc.oneof(
      { arbitrary: fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,14}[a-z0-9]@[a-z0-9]{1,10}\.(com|in|org|co\.in)$/), weight: 4 },
      { arbitrary: fc.emailAddress(), weight: 1 },
    ),
  ),
);
const nameFields = { fn: name(20), mn: fc.oneof(fc.constant(""), name(12)), ln: name(16), fln: name(40), s: salutation, email };

/** The stored form, derived from the shared schema's output: what it keeps (trimmed), in lowercase. */
const lowercased = (fields: Normalised): Normalised => Object.fromEntries(NORMALISED.map((f) => [f, fields[f]?.toLowerCase()]));
const normalisedOf = (p: Normalised): Normalised => Object.fromEntries(NORMALISED.map((f) => [f, p[f]]));

describe("names and e-mail over HTTP: stored in lowercase, after the shared schema's trimming", () => {
  it("on create", async () => {
    await fc.assert(
      fc.asyncProperty(fc.record(nameFields, { requiredKeys: ["fn"] }), async (names) => {
        const body = onTheWire({ ...base, ...names });
        const expected = ProfileCreateBody.safeParse(body);
        const r = await create(body);
        if (!expected.success) return expectRefusedLikeSchema(r, expected.error.issues);
        expect(r.status).toBe(200);
        const stored = normalisedOf(await read(r.json.oid));
        expect(stored).toEqual(lowercased(expected.data));
        for (const f of NORMALISED) if (stored[f] !== undefined) expect(stored[f]).toBe(stored[f]!.toLowerCase());
      }),
      { numRuns: 40 },
    );
  });

  it("on update: the fields sent are replaced by their lowercase (an empty one is cleared), the others stay", async () => {
    const original = { ...base, mn: "Kumari", ln: "Verma", fln: "Asha Kumari Verma", s: "Mrs.", email: "Asha.Verma@Example.IN" };
    await fc.assert(
      fc.asyncProperty(fc.record(nameFields, { requiredKeys: [] }), async (names) => {
        const { oid } = (await create(original)).json;
        const body = onTheWire(names);
        const expected = ProfileUpdateBody.safeParse(body);
        const r = await update(oid, body);
        const kept = lowercased(ProfileCreateBody.parse(original));
        if (!expected.success) {
          expectRefusedLikeSchema(r, expected.error.issues);
          expect(normalisedOf(await read(oid))).toEqual(kept);
          return;
        }
        expect(r.status).toBe(200);
        const sent = lowercased(expected.data);
        const stored = normalisedOf(await read(oid));
        for (const f of NORMALISED) expect(stored[f], f).toBe(f in body ? (sent[f] === "" && f !== "fn" ? undefined : sent[f]) : kept[f]);
      }),
      { numRuns: 30 },
    );
  });
});
