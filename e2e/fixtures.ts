import { randomUUID } from "node:crypto";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { REQUEST_ID_HEADER } from "../lib/request-id";
import AxeBuilder from "@axe-core/playwright";

export const SANDBOX_URL = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 4100}`;

export const DEMO = {
  receptionist: { email: "reception@demo.clinic", password: "sandbox-reception" },
  doctor: { email: "doctor@demo.clinic", password: "sandbox-doctor" },
  admin: { email: "admin@demo.clinic", password: "sandbox-admin" },
} as const;

export { E2E_STAFF } from "./staff-accounts";

/** Fails with the list of violations when axe finds any WCAG A/AA problem on the page. */
export async function expectAccessible(page: Page) {
  // A toast sliding in or fading out is measured at part opacity: wait for the toaster to settle.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || !((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest?.("[data-sonner-toaster]")), null, { timeout: 3_000 })
    .catch(() => {});
  // Next streams a page's metadata: right after a client-side navigation the <title> can still be on its way.
  await page.waitForFunction(() => document.title.trim().length > 0, null, { timeout: 5_000 }).catch(() => {});
  // A toast that starts to leave while axe runs (its timer ends mid-check on a busy machine) was measured
  // half faded: with reduced motion the toaster's transitions are off (sonner's own rule), so each toast is
  // either fully shown or gone while the check runs.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const results = await new AxeBuilder({ page })
    // WCAG 2.5.3 (label in name): axe marks its rule experimental and skips it unless enabled by name.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(summary, "axe violations").toEqual([]);
}

// Fault rules this worker added: each test removes only its own, never another worker's.
const ownFaultRules: string[] = [];
const faultScopes = new WeakMap<BrowserContext, string>();

/**
 * Faults the platform calls made for this page's requests only: the page sends one fixed
 * x-request-id, the desk forwards it to the platform, and the rule matches that id. A test in the
 * other worker calling the same platform path at the same moment is not touched.
 */
export async function setSandboxFaults(page: Page, faults: Record<string, unknown>) {
  const context = page.context();
  let scope = faultScopes.get(context);
  if (!scope) {
    scope = `e2e-${randomUUID()}`;
    faultScopes.set(context, scope);
    await context.setExtraHTTPHeaders({ [REQUEST_ID_HEADER]: scope });
  }
  const res = await fetch(`${SANDBOX_URL}/__sandbox/faults/rules`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...faults, requestIdPrefix: scope }) });
  expect(res.status).toBe(201);
  ownFaultRules.push(((await res.json()) as { id: string }).id);
}

export async function resetSandboxFaults() {
  for (const id of ownFaultRules.splice(0)) await fetch(`${SANDBOX_URL}/__sandbox/faults/rules/${id}`, { method: "DELETE" });
}

/** `page.goto` waits for React to hydrate, so the first keystroke or selection is never lost. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
      return response;
    };
    await use(page);
  },
});
export { expect };

/**
 * Signs in through the sign-in form as staff do, once the page has hydrated (a click before that
 * would send the form without the desk's handling), and waits until the desk has left /login.
 * `loginUrl`: the sign-in page on another host or instance (a LAN PC opens the desk on the server's address).
 */
export async function signInAs(page: Page, account: { email: string; password: string }, loginUrl = "/login") {
  await page.goto(loginUrl);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Frees the sandbox's demo-held slots of a doctor at a clinic on a day: which slots the demo holds
 * depends on the date, and a journey that needs several free ones makes sure of them.
 */
export async function releaseDemoSlots(doctorId: string, clinicId: string, day: string): Promise<number> {
  const res = await fetch(`${SANDBOX_URL}/__sandbox/slots/release`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ doctor_id: doctorId, clinic_id: clinicId, day }),
  });
  if (!res.ok) throw new Error(`the sandbox did not release ${doctorId}'s slots on ${day}: HTTP ${res.status}`);
  return ((await res.json()) as { free: number }).free;
}
