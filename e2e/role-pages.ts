import type { Page } from "@playwright/test";
import { can, FEATURES, featuresFor, type Action } from "../lib/access";
import type { Role } from "../lib/schemas/staff";
import { expect, expectAccessible, test } from "./fixtures";
import { watchIcu } from "./icu-watch";

/** Pages behind a feature that only some of its roles may open. */
const ROLE_PAGES: { path: string; action: Action }[] = [
  { path: "/patients/new", action: "patients.write" },
  { path: "/patients/audit", action: "patients.audit" },
  { path: "/slots/assistant", action: "assistant.sessions" },
  { path: "/settings/clinics", action: "settings.write" },
  { path: "/settings/erasures", action: "patients.erase" },
  { path: "/billing/dashboard", action: "billing.dashboard" },
  { path: "/billing/reconcile", action: "billing.reconcile" },
  { path: "/billing/day-closes", action: "billing.reopenDay" },
];

/** Records every Content-Security-Policy violation the page reports, from before its first script. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) console.push(msg.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}

/** The page's policy: scripts by this response's nonce only. */
function expectStrictScriptPolicy(csp: string | undefined) {
  const scriptSrc = csp?.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
}

/** Every page this role can open: the sandbox banner is there, axe finds nothing, the CSP reports nothing. */
export function checkPagesOf(role: Role) {
  for (const feature of featuresFor(role)) {
    test(`${role}: ${feature} page is accessible, marked as sandbox, runs under the strict CSP and starts without ICU`, async ({ page }) => {
      const violations = await watchCsp(page);
      const icuBuilt = await watchIcu(page);
      const res = await page.goto(FEATURES[feature].path);
      expectStrictScriptPolicy(res?.headers()["content-security-policy"]);
      await expect(page.getByRole("main")).toBeVisible();
      await expect(page.getByText("Sandbox — demo data, not for clinical use").first()).toBeVisible();
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      expect(await icuBuilt()).toEqual([]);
      await expectAccessible(page);
      expect(await violations()).toEqual([]);
    });
  }

  test(`${role}: role pages open or answer 403 as the permission table says, with no CSP violation`, async ({ page }) => {
    const violations = await watchCsp(page);
    for (const { path, action } of ROLE_PAGES) {
      const res = await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      const forbidden = page.getByRole("heading", { name: "Your role can't open this page" });
      // The refusal is the answer's status too (it was 200 with the refusal streamed behind the skeleton), and the menu stays.
      expect(res?.status(), path).toBe(can(role, action) ? 200 : 403);
      if (can(role, action)) await expect(forbidden).toHaveCount(0);
      else {
        await expect(forbidden).toBeVisible();
        await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      }
    }
    const missing = await page.goto("/patients/%ff");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("main")).toBeVisible();
    expect(await violations()).toEqual([]);
  });
}
