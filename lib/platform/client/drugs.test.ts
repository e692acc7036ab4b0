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
    platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000 }, { database: t.database, idp: h.idp });
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

  const find = (q: string) => drugs().findGenericDrugs({ q, limit: 20, exact: false });

  it("turns a brand with a strength into its generic, asks the platform for the generic, and says what it read", async () => {
    const r = await find("dolo 650");
    expect(r.results[0]!.name).toBe("Paracetamol");
    expect(r.info.query).toBe("Paracetamol");
    expect(r.understood).toMatchObject({ brand: { name: "Dolo 650", manufacturer: "Micro Labs", composition: "Paracetamol 650 mg" }, strength: "650" });
    expect(r.match).toMatchObject({ confident: true, didYouMean: [] });
    const opened = (await drugs().findDrugEntry({ name: "Paracetamol", page: r.results[0]!.pageNumber, reference: false }))!;
    expect(opened.brands.map((b) => b.name)).toEqual(expect.arrayContaining(["Dolo 650", "Crocin", "Calpol"]));
  });

  it("lists rows only: what the results list shows and what tells entries apart, no monograph text", async () => {
    const r = await find("paracetamol");
    expect(r).not.toHaveProperty("brands");
    for (const row of r.results) expect(Object.keys(row).sort()).toEqual(["category", "components", "isCompound", "isReference", "name", "pageNumber", "referencePageNumber", "schedule"]);
    const related = (await drugs().findRelatedDrugs("Lidocaine"))!;
    expect(related.alternatives[0]).not.toHaveProperty("indications");
  });

  it("opens the monograph of a row: the main entry by its page, a reference entry as itself", async () => {
    const row = (await find("paracetamol")).results.find((e) => e.name === "Paracetamol")!;
    const main = (await drugs().findDrugEntry({ name: row.name, page: row.pageNumber, reference: false }))!;
    expect(main.entry).toMatchObject({ name: "Paracetamol", pageNumber: row.pageNumber, isReference: false, category: row.category, schedule: row.schedule });
    expect(main.entry.indications.length).toBeGreaterThan(3);
    expect(main.entry.dose.length).toBeGreaterThan(3);
    const ref = (await drugs().findDrugEntry({ name: "Lignocaine", reference: true }))!;
    expect(ref.entry).toMatchObject({ name: "Lignocaine", isReference: true });
    expect(ref.brands).toEqual([]);
    // A name alone finds its entry too (an address bar's ?open=).
    expect((await drugs().findDrugEntry({ name: "amoxicillin + clavulanic acid" }))!.entry.name).toBe("Amoxicillin + Clavulanic acid");
    expect(await drugs().findDrugEntry({ name: "Unobtainium" })).toBeNull();
  });

  it("answers Pan 40 with pantoprazole, never esomeprazole", async () => {
    const r = await find("Pan 40");
    expect(r.results[0]!.name).toBe("Pantoprazole");
    expect(r.results.map((e) => e.name)).not.toContain("Esomeprazole");
  });

  it("reads Devanagari and a strength with its form", async () => {
    const hindi = await find("पैरासिटामोल");
    expect(hindi.results[0]!.name).toBe("Paracetamol");
    expect(hindi.understood?.script).toBe("devanagari");
    const tab = await find("azithromycin 500mg tab");
    expect(tab.results[0]!.name).toBe("Azithromycin");
    expect(tab.understood).toMatchObject({ strength: "500 mg", form: "tablet" });
  });

  it("shows no result for a name nothing matches with confidence, and offers near entries separately", async () => {
    const r = await find("lansoprazole");
    expect(r.results).toEqual([]);
    expect(r.info.total).toBe(0);
    expect(r.match?.confident).toBe(false);
    expect(r.understood?.otherMedicine).toBe(true);
    expect(r.match?.didYouMean.map((d) => d.label)).toContain("Pantoprazole");
  });

  it("answers null for a name the formulary does not hold", async () => {
    expect(await drugs().findRelatedDrugs("Unobtainium")).toBeNull();
  });
});
