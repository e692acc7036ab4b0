import { test, expect, expectAccessible, setSandboxFaults, resetSandboxFaults } from "./fixtures";

const unique = () => Math.random().toString(36).slice(2, 7);
const lettersOnly = (s: string) => s.replace(/[^a-z]/g, "x");

test.describe.configure({ mode: "serial", timeout: 90_000 });

test("registers a patient with the keyboard only, then finds and opens them", async ({ page }) => {
  const last = `Verma${lettersOnly(unique())}`;
  const uhid = `UH-${unique()}`;
  await page.goto("/patients/new");
  await expect(page.getByRole("heading", { name: "Register a patient" })).toBeVisible();
  await expectAccessible(page);

  await expect(page.getByLabel("First name")).toBeFocused();
  await page.keyboard.type("Asha");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.type(last);
  await page.getByLabel("Gender").selectOption("F");
  await page.getByLabel("Date of birth").fill("12/04/1990");
  await expect(page.getByLabel("Salutation")).toHaveValue("Ms.");
  await expect(page.getByLabel("Years")).toHaveValue("36");
  await page.getByLabel("Mobile", { exact: true }).fill("98123 45678");
  await page.getByLabel("UHID").fill(uhid);
  await expect(page.getByText("This UHID is free.")).toBeVisible();
  await page.getByLabel("PIN code").fill("411001");
  await page.getByLabel("City / town").fill("Pune");
  await page.getByLabel("PIN code").press("Enter");

  await expect(page).toHaveURL(/\/patients\/[0-9a-f]{32}$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: `Ms. Asha ${last}` })).toBeVisible();
  await expect(page.getByText("12/04/1990")).toBeVisible();
  await expect(page.getByText("+91 98123 45678")).toBeVisible();
  await expect(page.getByText("411001")).toBeVisible();

  await page.goto("/patients");
  await page.getByLabel("Find a patient").fill(`asha ${last.slice(0, -1)}`);
  await expect(page.getByRole("option")).toHaveCount(1);
  await expect(page.getByRole("option", { name: new RegExp(last) })).toBeVisible();
  await page.getByLabel("Find a patient").press("Enter");
  await expect(page.getByRole("heading", { name: `Ms. Asha ${last}` })).toBeVisible({ timeout: 20_000 });
});

test("shows field-level messages for bad input and keeps what was typed", async ({ page }) => {
  await page.goto("/patients/new");
  await page.getByLabel("First name").fill("Ravi");
  await page.getByLabel("Date of birth").fill("31/02/1990");
  await page.getByLabel("Mobile", { exact: true }).fill("12345");
  await page.getByLabel("PIN code").fill("01234");
  await page.getByRole("button", { name: "Register patient" }).click();
  await expect(page.getByText("Please correct the highlighted fields.")).toBeVisible();
  await expect(page.getByText("Choose the gender.")).toBeVisible();
  await expect(page.getByText("This date does not exist: check the day and the month (DD/MM/YYYY).")).toBeVisible();
  await expect(page.getByText(/An Indian mobile \(\+91\) has 10 digits/)).toBeVisible();
  await expect(page.getByText("A PIN code has 6 digits and does not start with 0, for example 411001.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Ravi");
  await expectAccessible(page);
});

test("a failed directory step is reported and retried without registering twice", async ({ page }) => {
  const last = `Rao${lettersOnly(unique())}`;
  await page.goto("/patients/new");
  await page.getByLabel("First name").fill("Kiran");
  await page.getByLabel("Last name").fill(last);
  await page.getByLabel("Gender").selectOption("M");
  await page.getByLabel("Date of birth").fill("01/01/1980");
  // Only the directory update: other specs book appointments under /dr/ at the same time.
  await setSandboxFaults(page, { errorRate: 1, pathPrefix: "/dr/v1/patient/" });
  try {
    await page.getByRole("button", { name: "Register patient" }).click();
    await expect(page.getByText("The patient is registered, but the directory entry was not saved")).toBeVisible({ timeout: 20_000 });
  } finally {
    await resetSandboxFaults();
  }
  await page.getByRole("button", { name: "Save the directory entry again" }).click();
  await expect(page).toHaveURL(/\/patients\/[0-9a-f]{32}$/, { timeout: 20_000 });
  await page.goto("/patients");
  await page.getByLabel("Find a patient").fill(last);
  await expect(page.getByRole("option")).toHaveCount(1);
});

test("the BFF refuses bad registrations field by field, and a missing idempotency key", async ({ request, baseURL }) => {
  const headers = { origin: baseURL!, "idempotency-key": `e2e-${Date.now()}-bad-input` };
  const bad = await request.post("/api/patients", { headers, data: { firstName: "", gender: "X", dob: "2999-01-01", email: "nope", address: { pin: "0123" }, extras: { a: [[1]] } } });
  expect(bad.status()).toBe(400);
  expect(bad.headers()["content-type"]).toContain("application/problem+json");
  const { errors } = await bad.json();
  expect(Object.keys(errors).sort()).toEqual(["address.pin", "dob", "email", "extras.a.0", "firstName", "gender"]);
  const noKey = await request.post("/api/patients", { headers: { origin: baseURL! }, data: { firstName: "A", gender: "M", dob: "1990-01-01" } });
  expect(noKey.status()).toBe(400);
  expect((await noKey.json()).errors).toHaveProperty("idempotency-key");
});

test("warns of a likely duplicate while typing", async ({ page }) => {
  await page.goto("/patients");
  await page.goto("/patients/new");
  await page.getByLabel("Mobile", { exact: true }).fill("9812345678");
  const warnings = page.getByTestId("duplicate-warnings");
  await expect(warnings.getByText("same mobile").first()).toBeVisible();
  await expect(warnings.getByRole("link").first()).toHaveAttribute("href", /\/patients\/[0-9a-f]{32}$/);
  // Each link is named by what it shows, the patient's name and facts (WCAG 2.5.3, label in name).
  await expect(warnings.getByRole("link").first()).toHaveAccessibleName(/98123\s?45678/);
  await expectAccessible(page);
});

test("one patient, two scripts: 'Radha Devi' finds राधा देवी and the duplicate check catches it typed in Latin letters (issue 29 item 4)", async ({ page, baseURL }) => {
  // A surname of its own, in both scripts: each digit of a tag is one syllable.
  const syllables = [
    ["का", "ka"],
    ["की", "ki"],
    ["रा", "ra"],
    ["मी", "mi"],
    ["ना", "na"],
    ["ली", "li"],
    ["सा", "sa"],
    ["टी", "ti"],
    ["पा", "pa"],
    ["जी", "ji"],
  ] as const;
  const digits = String(Math.floor(1000 + Math.random() * 9000)) + String(Date.now() % 1000).padStart(3, "0");
  const devanagari = [...digits].map((d) => syllables[Number(d)]![0]).join("");
  const latin = [...digits].map((d) => syllables[Number(d)]![1]).join("");
  const res = await page.request.post("/api/patients", {
    headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() },
    data: { designation: "Mrs.", firstName: "राधा", lastName: `देवी${devanagari}`, gender: "F", dob: "1961-08-15", mobile: "+919811100042" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { id: string }).id;

  await page.goto("/patients");
  await page.getByLabel("Find a patient").fill(`Radha Devi${latin}`);
  await expect(page.getByRole("option")).toHaveCount(1);
  await expect(page.getByRole("option", { name: new RegExp(`राधा देवी${devanagari}`) })).toBeVisible();

  // Registering her again in Latin letters: the duplicate warning names her.
  await page.goto("/patients/new");
  await page.getByLabel("First name").fill("Radha");
  await page.getByLabel("Last name").fill(`Devi${latin}`);
  await page.getByLabel("Date of birth").fill("15/08/1961");
  const warnings = page.getByTestId("duplicate-warnings");
  await expect(warnings.getByRole("link", { name: new RegExp(`राधा देवी${devanagari}`) })).toHaveAttribute("href", `/patients/${id}`);
});
