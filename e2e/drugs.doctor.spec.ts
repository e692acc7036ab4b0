import { inflateSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, resetSandboxFaults, setSandboxFaults, test } from "./fixtures";

const results = (page: Page) => page.getByRole("listbox", { name: "Matching generic drugs" });

test.describe("drug lookup as the demo doctor", () => {
  test.afterEach(async () => resetSandboxFaults());

  test("finds paracetamol and shows every field of the entry", async ({ page }) => {
    await page.goto("/drugs");
    await expect(page.getByText("Sandbox formulary — demo content", { exact: false })).toBeVisible();
    await page.getByLabel("Generic name").fill("paracetamol");
    const results = page.getByRole("listbox", { name: "Matching generic drugs" });
    const first = results.getByRole("option").first();
    await expect(first).toContainText("Paracetamol");
    // The list carries rows only; opening one fetches its monograph.
    const opening = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/drugs/entry" && r.ok());
    await first.click();
    await opening;
    const details = page.getByRole("article", { name: "Paracetamol" });
    for (const label of ["Indications", "Dose", "Availability", "Contraindications", "Precautions", "Adverse effects", "Pregnancy category", "Schedule", "Storage"]) {
      await expect(details.getByText(label, { exact: true }).first()).toBeVisible();
    }
    await expect(details.getByText("Mild to moderate pain (headache, toothache", { exact: false })).toBeVisible();
    await expect(details.getByText("Adult: 500 mg-1 g by mouth every 4-6 hours", { exact: false })).toBeVisible();
    await expect(details.getByText("Pregnancy B", { exact: true })).toBeVisible();
    await expect(details.getByTestId("drug-monograph-loading")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("opens an entry's monograph from the keyboard, and says so when it cannot be loaded", async ({ page }) => {
    // Atorvastatin: no other test opens it, so no answer of the instance's formulary cache stands in for the outage.
    await page.goto("/drugs?q=atorvastatin&exact=true");
    await expect(results(page).getByRole("option").first()).toContainText("Atorvastatin");
    await setSandboxFaults(page, { errorRate: 1, pathPrefix: "/svc-mcp" });
    await page.getByLabel("Generic name").focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const details = page.getByRole("article", { name: "Atorvastatin" });
    await expect(details.getByRole("alert").filter({ hasText: "The full entry could not be loaded." })).toBeVisible();
    await resetSandboxFaults();
    await details.getByRole("button", { name: "Try again" }).first().click();
    await expect(details.getByText("Indications", { exact: true })).toBeVisible();
    await expect(details.getByRole("alert")).toHaveCount(0);
  });

  test("the entry route answers a monograph, and problems for bad parameters and unknown names", async ({ request }) => {
    const ok = await request.get("/api/drugs/entry?name=Paracetamol&page=125&reference=false");
    expect(ok.status()).toBe(200);
    const body = await ok.json();
    expect(body.entry).toMatchObject({ name: "Paracetamol", pageNumber: 125, isReference: false, pregnancyCategory: "B" });
    expect(body.entry.indications).toContain("Mild to moderate pain");
    expect(body.brands.map((b: { name: string }) => b.name)).toContain("Crocin");
    const bad = await request.get("/api/drugs/entry?name=Paracetamol&page=abc");
    expect(bad.status()).toBe(400);
    expect(bad.headers()["content-type"]).toContain("application/problem+json");
    expect((await bad.json()).errors).toHaveProperty("page");
    const unknown = await request.get("/api/drugs/entry?name=Unobtainium");
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()["content-type"]).toContain("application/problem+json");
    const list = await request.get("/api/drugs?q=paracetamol");
    expect((await list.json()).results[0]).not.toHaveProperty("indications");
  });

  test("works from the keyboard alone: / to search, arrows to move, Enter to open", async ({ page }) => {
    await page.goto("/drugs");
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("/");
    await expect(page.getByLabel("Generic name")).toBeFocused();
    await page.keyboard.type("amoxicillin");
    await expect(results(page).getByRole("option").first()).toContainText("Amoxicillin");
    // Nothing is highlighted until the doctor moves; the first ArrowDown highlights the first result.
    const box = page.getByRole("combobox", { name: "Generic name" });
    await expect(results(page).locator('[aria-selected="true"]')).toHaveCount(0);
    await expect(box).not.toHaveAttribute("aria-activedescendant", /.+/);
    await page.keyboard.press("ArrowDown");
    await expect(results(page).getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await results(page).getByRole("option").first().getAttribute("id"))!);
    await expect(box).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("article", { name: /Amoxicillin \+ Clavulanic acid/i })).toBeVisible();
  });

  test("finds a compound written in any order", async ({ page }) => {
    await page.goto("/drugs");
    await page.getByLabel("Generic name").fill("clavulanic acid + amoxicillin");
    await expect(results(page).getByRole("option").first()).toContainText(/Amoxicillin \+ Clavulanic acid/i);
  });

  test("filters by category and by exact match", async ({ page }) => {
    await page.goto("/drugs");
    await page.getByLabel("Category").selectOption("Cardiovascular medicines");
    await expect(results(page).getByRole("option").first()).toBeVisible();
    await expect(results(page).getByRole("option", { name: /Paracetamol/ })).toHaveCount(0);
    await page.getByLabel("Category").selectOption("");
    await page.getByLabel("Generic name").fill("metformin");
    await expect(results(page).getByRole("option", { name: /Glimepiride \+ Metformin/i })).toBeVisible();
    await page.getByLabel("Exact match only").check();
    await expect(results(page).getByRole("option", { name: /Glimepiride \+ Metformin/i })).toHaveCount(0);
    await expect(results(page).getByRole("option").first()).toContainText("Metformin");
  });

  test("answers a half-typed compound and a misspelling with the right entry first", async ({ page }) => {
    await page.goto("/drugs");
    await page.getByLabel("Generic name").fill("amoxy clav");
    await expect(results(page).getByRole("option").first()).toContainText(/Amoxicillin \+ Clavulanic acid/i);
    await page.getByLabel("Generic name").fill("paracetmol");
    await expect(results(page).getByRole("option").first()).toContainText("Paracetamol");
  });

  test("links components, shows schedule and pregnancy in words, and related entries", async ({ page }) => {
    await page.goto("/drugs");
    await page.getByLabel("Generic name").fill("amoxicillin + clavulanic acid");
    await results(page).getByRole("option").first().click();
    const details = page.getByRole("article", { name: "Amoxicillin + Clavulanic acid" });
    await expect(details.getByText("Schedule H", { exact: true }).first()).toBeVisible();
    await expect(details.getByText("Animal studies show no risk", { exact: false })).toBeVisible();
    const related = details.getByRole("region", { name: "Related entries" });
    await expect(related.getByRole("button", { name: "Co-amoxiclav" })).toBeVisible();
    await expect(related.getByRole("button", { name: /Cefpodoxime \+ Clavulanic acid/ })).toBeVisible();
    await expectAccessible(page);

    await related.getByRole("button", { name: "Co-amoxiclav" }).click();
    await expect(page.getByRole("article", { name: "Co-amoxiclav" })).toBeVisible();

    await page.getByLabel("Generic name").fill("amoxicillin + clavulanic acid");
    await results(page).getByRole("option").first().click();
    await page.getByRole("button", { name: "Search for Amoxicillin" }).click();
    await expect(page.getByLabel("Generic name")).toHaveValue("Amoxicillin");
    await expect(results(page).getByRole("option").first()).toContainText(/^\s*Amoxicillin(?! \+)/);
  });

  test("highlights schedule H1 for prescribers", async ({ page }) => {
    await page.goto("/drugs?q=ceftriaxone&exact=true");
    await results(page).getByRole("option").first().click();
    const details = page.getByRole("article", { name: "Ceftriaxone" });
    await expect(details.getByText("Schedule H1", { exact: true }).first()).toBeVisible();
    await expect(details.getByText("the pharmacist keeps a register", { exact: false })).toBeVisible();
  });

  test("suggests names as you type and completes the search with one choice", async ({ page }) => {
    await page.goto("/drugs");
    await page.getByLabel("Generic name").fill("lignoc");
    const names = page.getByRole("group", { name: "Names" });
    await expect(names.getByRole("button", { name: /Lignocaine → Lidocaine/ })).toBeVisible();
    await names.getByRole("button", { name: /Lignocaine → Lidocaine/ }).click();
    await expect(page.getByLabel("Generic name")).toHaveValue("Lignocaine");
    await expect(results(page).getByRole("option").first()).toContainText("Lignocaine");
  });

  test("prints only the open entry, labelled as demo content", async ({ page }) => {
    await page.goto("/drugs?q=metformin&exact=true");
    await results(page).getByRole("option").first().click();
    await expect(page.getByRole("article", { name: "Metformin" })).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(results(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(page.getByText("Sandbox formulary — demo content, not for clinical use.")).toBeVisible();
    // A4 portrait with text on every page: the desktop layout used to add blank pages.
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
    const pages = pdf.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
    const texts = [...pdf.matchAll(/FlateDecode[^]*?stream\r?\n([^]*?)\r?\nendstream/g)].filter((m) => {
      try {
        return /T[Jj]\b/.test(inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1"));
      } catch {
        return false;
      }
    }).length;
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(texts, `${pages} pages, ${texts} with text`).toBeGreaterThanOrEqual(pages);
    expect(pdf).toMatch(/\/MediaBox\s*\[\s*0 0 59\d(\.\d+)? 84\d(\.\d+)?\s*\]/);
    await page.emulateMedia({ media: "screen" });
  });

  test("shows the rest of a long list on request", async ({ page }) => {
    await page.goto("/drugs");
    await page.getByLabel("Category").selectOption("Anti-infective medicines");
    await expect(results(page).getByRole("option")).toHaveCount(20);
    await page.getByRole("button", { name: "show 30 more" }).click();
    await expect(results(page).getByRole("option")).toHaveCount(50);
  });

  test("reads brands, strengths and Hindi as Indian prescriptions are written: the generic first, with the brand line", async ({ page }) => {
    await page.goto("/drugs");
    const input = page.getByLabel("Generic name");
    await input.fill("dolo 650");
    await expect(results(page).getByRole("option").first()).toContainText(/^\s*Paracetamol(?! \+)/);
    await expect(page.getByTestId("drug-brand-line")).toHaveText("brand: Dolo 650 (Micro Labs) = Paracetamol 650 mg");
    await results(page).getByRole("option").first().click();
    const details = page.getByRole("article", { name: "Paracetamol" });
    await expect(details.getByTestId("drug-strengths").locator("[aria-current=true]")).toHaveText("650 mg");
    await expect(details.getByTestId("drug-also-sold-as")).toContainText("Crocin");
    await expect(page).toHaveURL(/[?&]open=Paracetamol(&|$)/);
    await page.reload();
    await expect(page.getByRole("article", { name: "Paracetamol" })).toBeVisible();

    await input.fill("pan 40");
    await expect(results(page).getByRole("option").first()).toContainText(/^\s*Pantoprazole(?! \+)/);
    await expect(page.getByTestId("drug-brand-line")).toHaveText("brand: Pan 40 (Alkem) = Pantoprazole 40 mg");
    await expect(results(page).getByRole("option", { name: /Esomeprazole/ })).toHaveCount(0);

    await input.fill("पैरासिटामोल");
    await expect(results(page).getByRole("option").first()).toContainText(/^\s*Paracetamol(?! \+)/);
    await expect(page.getByTestId("drug-understood")).toContainText("read from Hindi");

    await input.fill("lansoprazole");
    await expect(page.getByText("No confident match for “lansoprazole”")).toBeVisible();
    await expect(results(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Pantoprazole", exact: true })).toBeVisible();
  });

  test("on a phone, Back with an entry open closes the entry and stays on Drug lookup", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/patients");
    await page.goto("/drugs");
    await page.getByLabel("Generic name").fill("cetirizine");
    await results(page).getByRole("option").first().click();
    const entry = page.getByRole("article", { name: /Cetirizine/ });
    await expect(entry).toBeVisible();
    await expect(results(page)).toBeHidden();

    await page.goBack();
    await expect(page).toHaveURL(/\/drugs\?/);
    await expect(entry).toBeHidden();
    await expect(results(page).getByRole("option").first()).toContainText("Cetirizine");
    await expect(page.getByLabel("Generic name")).toHaveValue("cetirizine");

    // The on-screen Back takes the same step: one more Back then leaves the page, as it always did.
    await results(page).getByRole("option").first().click();
    await expect(entry).toBeVisible();
    await page.getByRole("button", { name: "Back to results" }).click();
    await expect(entry).toBeHidden();
    await expect(results(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/patients$/);
  });

  test("says plainly when nothing matches, and offers to turn off “Exact match only” only when it is on (English and Hindi)", async ({ page, baseURL }) => {
    await page.goto("/drugs");
    await page.getByLabel("Generic name").fill("zzqxwv");
    await expect(page.getByText("No generic matches “zzqxwv”")).toBeVisible();
    await expect(page.getByText("Check the spelling, or search one component of a compound.")).toBeVisible();
    await expect(page.getByText(/turn off “Exact match only”/)).toHaveCount(0);
    await page.getByLabel("Exact match only").check();
    await expect(page.getByText("Check the spelling, search one component of a compound, or turn off “Exact match only”.")).toBeVisible();

    await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    await page.goto("/drugs");
    await page.getByLabel("जेनेरिक नाम").fill("zzqxwv");
    await expect(page.getByText("“zzqxwv” से कोई जेनेरिक दवा नहीं मिली")).toBeVisible();
    await expect(page.getByText("वर्तनी जाँचें, या संयोजन का कोई एक घटक खोजें।")).toBeVisible();
    await expect(page.getByText(/केवल सटीक मिलान” बंद करें/)).toHaveCount(0);
  });

  test("shows a platform outage with a retry that recovers", async ({ page }) => {
    await page.goto("/drugs");
    await setSandboxFaults(page, { errorRate: 1, pathPrefix: "/svc-mcp" });
    // Ibuprofen: no other test searches it, so no answer of the instance's formulary cache stands in for the outage.
    await page.getByLabel("Generic name").fill("ibuprofen");
    await expect(page.getByText("The drug formulary can't be reached right now")).toBeVisible();
    await resetSandboxFaults();
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(results(page).getByRole("option").first()).toContainText("Ibuprofen");
  });

  test("the suggest and related routes refuse bad parameters and unknown names with problems", async ({ request }) => {
    const empty = await request.get("/api/drugs/suggest?q=");
    expect(empty.status()).toBe(400);
    expect(empty.headers()["content-type"]).toContain("application/problem+json");
    expect((await empty.json()).errors).toHaveProperty("q");
    const unknown = await request.get("/api/drugs/related?name=Unobtainium");
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).detail).toContain("Unobtainium");
    const ok = await request.get("/api/drugs/suggest?q=metf");
    expect((await ok.json()).suggestions[0]).toMatchObject({ name: "Metformin", isCompound: false });
  });

  test("the route refuses malformed parameters with a problem naming the field", async ({ request }) => {
    const res = await request.get("/api/drugs?q=para&limit=abc");
    expect(res.status()).toBe(400);
    expect(res.headers()["content-type"]).toContain("application/problem+json");
    const problem = await res.json();
    expect(problem.errors).toHaveProperty("limit");
  });
});
