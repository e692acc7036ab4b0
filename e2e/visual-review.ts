import { mkdirSync } from "node:fs";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { can, FEATURES, type Action } from "../lib/access";
import type { Role } from "../lib/schemas/staff";
import { expect, test } from "./fixtures";
import { calendarUrl, futureMonday, registerPatient } from "./slots-support";

/** Under test-results/ (ignored by git): pictures for a person to look at, not assertions. */
export const VISUAL_DIR = process.env.VISUAL_REVIEW_DIR ?? "test-results/visual-review";

/** The page at phone and desktop width, light and dark, full length. */
export async function screenshots(page: Page, name: string) {
  mkdirSync(VISUAL_DIR, { recursive: true });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, width, height] of [["narrow", 390, 844], ["wide", 1280, 860]] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${VISUAL_DIR}/${name}-${scheme}-${label}.png`, fullPage: true, animations: "disabled", caret: "hide" });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** A state reachable by address alone: what to open and what shows it has finished loading. */
export interface VisualState {
  name: string;
  path: string | ((ctx: { patientId: string }) => string);
  action?: Action;
  ready?: (page: Page) => Locator;
}

/** Pages and states every role sees the same way; each role keeps those it may open. */
const STATES: VisualState[] = [
  ...Object.entries(FEATURES).map(([feature, { path, action }]) => ({ name: feature, path, action })),
  { name: "patients-register", path: "/patients/new", action: "patients.write", ready: (p) => p.getByLabel("First name") },
  { name: "patients-profile", path: ({ patientId }) => `/patients/${patientId}`, action: "patients.read", ready: (p) => p.getByRole("link", { name: "Edit" }).or(p.getByRole("heading", { level: 1 })).first() },
  { name: "patients-edit", path: ({ patientId }) => `/patients/${patientId}/edit`, action: "patients.write", ready: (p) => p.getByLabel("Last name") },
  { name: "patients-audit", path: "/patients/audit", action: "patients.audit" },
  { name: "documents-for-patient", path: ({ patientId }) => `/documents?patient=${patientId}`, action: "documents.upload", ready: (p) => p.getByTestId("dropzone") },
  { name: "drugs-paracetamol", path: "/drugs?q=paracetamol&open=Paracetamol", action: "drugs.read", ready: (p) => p.getByRole("article", { name: "Paracetamol" }).getByText("Indications", { exact: true }) },
  { name: "drugs-prescription", path: "/drugs?mode=prescription", action: "drugs.read", ready: (p) => p.getByRole("tab", { name: "Read a prescription", selected: true }) },
  { name: "slots-week", path: calendarUrl(futureMonday()), action: "slots.read", ready: (p) => p.getByRole("region", { name: "Services and charges" }) },
  { name: "slots-assistant", path: "/slots/assistant", action: "assistant.sessions" },
  { name: "settings-clinics", path: "/settings/clinics", action: "settings.write" },
  { name: "settings-erasures", path: "/settings/erasures", action: "patients.erase", ready: (p) => p.getByTestId("erasure-log").or(p.getByText("No patient's data has been erased yet.")) },
  { name: "billing-dashboard-fy", path: "/billing/dashboard?clinic=cl-andheri-west&range=fy", action: "billing.dashboard", ready: (p) => p.getByTestId("dashboard") },
  { name: "queue-andheri", path: "/appointments/today?clinic=cl-andheri-west", action: "queue.read", ready: (p) => p.locator("[data-appointment]").first().or(p.getByText(/^(No appointments on this day|No appointment matches these filters)\.$/)) },
];

/** One visual-review test per page or state this role may open, screenshots only: the functional specs assert. */
export function reviewPagesOf(role: Role) {
  test.describe(`${role}: visual review`, () => {
    let patientId = "";
    test.beforeAll(async ({ browser, baseURL }) => {
      if (!can(role, "patients.read")) return;
      const context = await browser.newContext({ storageState: `e2e/.auth/${role}.json`, baseURL });
      // Only roles that register can make the patient; the others review a patient the receptionist's spec made.
      patientId = can(role, "patients.write") ? await registerPatient(context.request, baseURL!, "Visual", `Review${role}`) : await anyPatient(context.request);
      await context.close();
    });

    for (const state of STATES.filter((s) => !s.action || can(role, s.action))) {
      test(`${role}: ${state.name}`, async ({ page }) => {
        // Four full-page screenshots on a shared 2-core machine.
        test.slow();
        test.skip(typeof state.path === "function" && !patientId, "no patient to show yet");
        const path = typeof state.path === "function" ? state.path({ patientId }) : state.path;
        await page.goto(path);
        await expect(page.getByRole("main")).toBeVisible();
        if (state.ready) await expect(state.ready(page)).toBeVisible({ timeout: 20_000 });
        // The picture is of the page once loaded: no region still aria-busy, no skeleton or refetch spinner (data-placeholder) left.
        await expect(page.locator('[aria-busy="true"], [data-placeholder]')).toHaveCount(0, { timeout: 20_000 });
        await screenshots(page, `${role}-${state.name}`);
      });
    }
  });
}

async function anyPatient(request: APIRequestContext): Promise<string> {
  const res = await request.get("/api/patients/search?limit=1");
  const found = res.ok() ? ((await res.json()) as { patients?: { id: string }[] }).patients : undefined;
  return found?.[0]?.id ?? "";
}
