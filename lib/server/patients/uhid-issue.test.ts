import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import { uhidClinicCodeProblem, uhidFormatProblem, uhidOf, uhidScope } from "@/lib/patients/uhid-format";
import type { Db } from "../db/connect";
import { uhidCounters, uhidIssues } from "../db/schema";
import { ValidationError } from "../errors";
import { rememberPatient } from "./patient-index";
import { assertTypedUhidFree, uhidForRegistration, type UhidConfig } from "./uhid-issue";

/** 27/11/2026, 10:30 in India. */
const MORNING = Date.parse("2026-11-27T10:30:00+05:30");
/** 1/1/2027, 00:10 in India (still 31/12/2026 in UTC): the clinic's year decides. */
const NEW_YEAR = Date.parse("2027-01-01T00:10:00+05:30");

describe("the UHID format", () => {
  it("fills clinic, year and the padded running number", () => {
    const scope = uhidScope("{clinic}-{yyyy}-{n:6}", { clinic: "pun", year: 2026 });
    expect(scope).toBe("PUN-2026-{n:6}");
    expect(uhidOf(scope, 123)).toBe("PUN-2026-000123");
    expect(uhidOf(uhidScope("{clinic}/{yy}/{n}", { clinic: "BLR", year: 2027 }), 1234567)).toBe("BLR/27/1234567");
  });
  it("refuses formats without exactly one number, with unknown placeholders or characters a UHID cannot hold", () => {
    expect(uhidFormatProblem("{clinic}-{yyyy}-{n:6}")).toBeNull();
    expect(uhidFormatProblem("{clinic}-{yyyy}")).toMatch(/exactly once/);
    expect(uhidFormatProblem("{n}{n}")).toMatch(/exactly once/);
    expect(uhidFormatProblem("{month}-{n}")).toMatch(/placeholders/);
    expect(uhidFormatProblem("A B-{n}")).toMatch(/only letters/);
    expect(uhidClinicCodeProblem("PUN")).toBeNull();
    expect(uhidClinicCodeProblem("PUN-1")).not.toBeNull();
  });
});

const databases = await bothDatabases();
const CONFIG: UhidConfig = { format: "{clinic}-{yyyy}-{n:6}", clinicCode: "PUN", timeZone: "Asia/Kolkata" };

for (const d of databases) {
  describe.skipIf(!d.available)(`generated UHIDs on ${d.name}`, () => {
    let t: TestDatabase;
    let db: Db;
    beforeAll(async () => {
      t = await d.open();
      db = t.database.db;
    }, 120_000);
    afterAll(async () => t?.dispose());

    it("many registrations at once get distinct numbers with no gap, and a retry of one keeps its number", async () => {
      const config = { ...CONFIG, clinicCode: "CON" };
      const keys = Array.from({ length: 40 }, () => randomUUID());
      const issued = await Promise.all(keys.map((k) => uhidForRegistration(db, k, config, MORNING)));
      expect(new Set(issued).size).toBe(40);
      expect([...issued].sort()).toEqual(Array.from({ length: 40 }, (_, i) => `CON-2026-${String(i + 1).padStart(6, "0")}`));
      expect(await uhidForRegistration(db, keys[7]!, config, MORNING)).toBe(issued[7]);
      const [counter] = await db.select().from(uhidCounters).where(eq(uhidCounters.scope, "CON-2026-{n:6}"));
      expect(counter!.lastNumber).toBe(40);
    });

    it.skipIf(d.kind !== "postgres")("two app instances registering at once never issue the same number", async () => {
      const other = await t.openAnother();
      try {
        const config = { ...CONFIG, clinicCode: "TWO" };
        const issued = await Promise.all(Array.from({ length: 30 }, (_, i) => uhidForRegistration(i % 2 ? db : other.db, randomUUID(), config, MORNING)));
        expect([...issued].sort()).toEqual(Array.from({ length: 30 }, (_, i) => `TWO-2026-${String(i + 1).padStart(6, "0")}`));
      } finally {
        await other.close();
      }
    });

    it("counts per year in the clinic's time zone", async () => {
      const config = { ...CONFIG, clinicCode: "YR" };
      expect(await uhidForRegistration(db, randomUUID(), config, MORNING)).toBe("YR-2026-000001");
      expect(await uhidForRegistration(db, randomUUID(), config, NEW_YEAR)).toBe("YR-2027-000001");
    });

    it("passes over a number a clinic already typed by hand, and never issues it later", async () => {
      const config = { ...CONFIG, clinicCode: "HND" };
      await rememberPatient(db, { id: `pt-${randomUUID()}`, salutation: null, firstName: "Typed", middleName: null, lastName: null, gender: "F", dob: "1980-01-01", mobile: null, uhid: "hnd-2026-000002" });
      const got = [];
      for (let i = 0; i < 3; i++) got.push(await uhidForRegistration(db, randomUUID(), config, MORNING));
      expect(got).toEqual(["HND-2026-000001", "HND-2026-000003", "HND-2026-000004"]);
    });

    it("refuses a typed UHID that another patient or a generated number holds (a field error), and allows a free one", async () => {
      const config = { ...CONFIG, clinicCode: "TYP" };
      const key = randomUUID();
      const mine = await uhidForRegistration(db, key, config, MORNING);
      const err = await assertTypedUhidFree(db, mine.toLowerCase(), randomUUID()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).extra.errors).toHaveProperty("uhid");
      await expect(assertTypedUhidFree(db, mine, key)).resolves.toBeUndefined();
      await expect(assertTypedUhidFree(db, "TYP-OWN-77", randomUUID())).resolves.toBeUndefined();
      const [row] = await db.select().from(uhidIssues).where(eq(uhidIssues.registrationKey, key));
      expect(row).toMatchObject({ uhid: mine, number: 1, scope: "TYP-2026-{n:6}" });
    });
  });
}
