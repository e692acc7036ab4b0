import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { createPlatform, type Platform } from "./client";

describe("drug suggestions and related entries against the sandbox platform", () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let platform: Platform;
  const drugs = () => platform.forStaff(h.staff).drugs;
  const names = (list: { name: string }[]) => list.map((e) => e.name);

  beforeAll(async () => {
    t = await pgliteTestDatabase();
    h = await startPlatformHarness(t.database);
    platform = createPlatform({ baseUrl: h.sandboxUrl, clientId: TEST_CLIENT_ID, timeoutMs: 3000 }, { database: t.database, idp: h.idp });
  });
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });

  it("suggests names for a prefix in the app's shape", async () => {
    const { suggestions } = await drugs().suggestDrugNames("lignoc");
    expect(suggestions[0]).toEqual({ name: "Lignocaine", isCompound: false, seeName: "Lidocaine", category: "Anaesthesia" });
  });

  it("relates a main entry to its other names, its combinations and its section", async () => {
    const related = (await drugs().findRelatedDrugs("Lidocaine"))!;
    expect(names(related.alternatives)).toEqual(["Lignocaine"]);
    expect(names(related.sharingComponents)).toEqual(expect.arrayContaining(["Lidocaine + Adrenaline", "Lidocaine + Prilocaine"]));
    expect(related.sameCategory.length).toBeGreaterThan(0);
    expect(related.sameCategory.every((e) => e.category === "Anaesthesia" && e.name !== "Lidocaine")).toBe(true);
  });

  it("leads from a reference entry to its main entry", async () => {
    const related = (await drugs().findRelatedDrugs("acetaminophen"))!;
    expect(names(related.alternatives)).toContain("Paracetamol");
  });

  it("relates a compound to other combinations of its components", async () => {
    const related = (await drugs().findRelatedDrugs("Amoxicillin + Clavulanic acid"))!;
    expect(names(related.alternatives)).toContain("Co-amoxiclav");
    expect(names(related.sharingComponents)).toEqual(expect.arrayContaining(["Amoxicillin", "Cefpodoxime + Clavulanic acid"]));
  });

  it("answers null for a name the formulary does not hold", async () => {
    expect(await drugs().findRelatedDrugs("Unobtainium")).toBeNull();
  });
});
