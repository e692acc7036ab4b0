import type { APIRequestContext, Page } from "@playwright/test";
import { mkdirSync } from "node:fs";

/** Screenshots of fixed states, light and dark, narrow and wide, outside the repository. */
export const SHOTS_DIR = process.env.DESKUI_SHOTS_DIR ?? "/tmp/shots-deskui";

export async function shots(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, width, height] of [["narrow", 390, 844], ["wide", 1280, 860]] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${SHOTS_DIR}/${name}-${scheme}-${label}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  if (original) await page.setViewportSize(original);
}

/** Collects console errors and uncaught page errors (a hydration mismatch is both). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** Registers a patient through the app as the signed-in staff member; returns the platform id. */
export async function registerPerson(
  request: APIRequestContext,
  baseURL: string,
  p: { designation: string; firstName: string; middleName?: string; lastName: string; gender: "M" | "F"; dob: string; mobile: string; uhid?: string },
): Promise<string> {
  const res = await request.post("/api/patients", { headers: { origin: baseURL, "idempotency-key": crypto.randomUUID() }, data: p });
  if (res.status() !== 201) throw new Error(`registration failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}
