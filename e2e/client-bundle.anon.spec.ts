import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

/** Field names only the platform uses: the browser works with the desk's own names, so none may ship in a client chunk. */
const PLATFORM_FIELD_NAMES = [
  "precautions_appendix",
  "pregnancy_category",
  "reference_page_number",
  "is_a_reference",
  "generic_name",
  "search_info",
  "conv_fee",
  "allow_patient_booking",
  "service_type",
  "partner_appointment_id",
  "bloodgroup",
  "partner_meta",
  "video_connect",
  "host_link",
  "meet_link",
  "event_names",
  "document_id",
];

// The web server builds the app before any test runs, so the chunks on disk are the ones being served.
const STATIC_DIR = path.join(process.cwd(), ".next", "static");

function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return scripts(full);
    return e.name.endsWith(".js") ? [full] : [];
  });
}

test("the browser's JavaScript carries none of the platform's field names", async ({ request }) => {
  // The first page load proves the server answering is the build on disk.
  expect((await request.get("/login")).ok()).toBe(true);
  const files = scripts(STATIC_DIR);
  expect(files.length).toBeGreaterThan(10);
  const leaks = files.flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return PLATFORM_FIELD_NAMES.filter((name) => text.includes(name)).map((name) => `${path.relative(STATIC_DIR, file)}: ${name}`);
  });
  expect(leaks).toEqual([]);
});

test("the browser's message catalogues arrive compiled, and intl-messageformat's parser is not shipped", async ({ page }) => {
  // A message with an argument, as the English catalogue writes it, and its compiled form (lib/i18n/precompile-loader.cjs).
  const source = "{count, plural, one {Upload # file} other {Upload # files}}";
  const files = scripts(STATIC_DIR).map((file) => ({ file: path.relative(STATIC_DIR, file), text: readFileSync(file, "utf8") }));
  expect(files.filter((f) => f.text.includes(source)).map((f) => f.file)).toEqual([]);
  expect(files.filter((f) => /"Upload ",\s*0,\s*" files"/.test(f.text)).length).toBeGreaterThan(0);
  expect(files.filter((f) => f.text.includes("IntlMessageFormat")).map((f) => f.file)).toEqual([]);
  // And a message with arguments still reads as words in the browser (the sign-in page formats its own).
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(/\{[a-z]+(, (plural|select))?/i);
});
