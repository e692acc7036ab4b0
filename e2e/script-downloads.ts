import type { Page } from "@playwright/test";

/** A string only zod's runtime carries (its schema classes' names survive minifying). */
export const ZOD_MARKER = "$ZodType";

/** Collects the text of every script the page downloads from now on. */
export function scriptsOf(page: Page) {
  const texts: string[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script") void res.text().then((t) => texts.push(t), () => {});
  });
  return { carries: (marker: string) => texts.some((t) => t.includes(marker)), count: () => texts.length };
}
