import type { APIRequestContext, Page } from "@playwright/test";

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
