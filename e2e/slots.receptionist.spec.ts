import { expect, expectAccessible, resetSandboxFaults, setSandboxFaults, test } from "./fixtures";
import { registerPerson } from "./deskui-support";
import { calendarUrl, futureMonday, registerPatient, sandboxAppointments, takeSlot } from "./slots-support";

const display = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test.describe("slot calendar", () => {
  test("shows a week of a doctor's slots with services and prices, and pages between weeks", async ({ page }) => {
    test.slow();
    const monday = futureMonday();
    await page.goto(calendarUrl(monday));
    await expect(page.getByRole("heading", { name: `${display(monday)} – ${display(plusDays(monday, 6))}` })).toBeVisible();
    const grid = page.getByRole("group", { name: "Slots of the week" });
    await expect(grid.getByRole("button", { name: /09:00–09:15, In-clinic consultation/ }).first()).toBeVisible();
    // Services legend in INR with fee, discount and the amount payable.
    const legend = page.getByRole("region", { name: "Services and charges" });
    await expect(legend.getByText("Tele-consultation", { exact: true })).toBeVisible();
    await expect(legend.getByText("₹480.00")).toBeVisible();
    await expect(legend.getByText("Front desk only")).toBeVisible();

    await page.getByRole("button", { name: "Next week" }).click();
    await expect(page.getByRole("heading", { name: `${display(plusDays(monday, 7))} – ${display(plusDays(monday, 13))}` })).toBeVisible();
    await expect(grid.getByRole("button").first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`week=${plusDays(monday, 7)}`));

    // Filter to tele-consultations only.
    await page.getByLabel("Mode", { exact: true }).selectOption("tele");
    await expect(grid.getByRole("button", { name: /In-clinic consultation/ })).toHaveCount(0);
    await expect(grid.getByRole("button", { name: /Tele-consultation/ }).first()).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Mode", { exact: true }).selectOption("");
  });

  test("books a free slot for a registered patient using only the keyboard, then shows it taken", async ({ page, baseURL }) => {
    test.slow();
    const patientId = await registerPatient(page.request, baseURL!, "Sunita", "Keyboardwala");
    const monday = futureMonday(3);
    await page.goto(calendarUrl(monday));
    const active = page.locator('[data-slot][tabindex="0"]');
    await active.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Home");
    // Walk down to a free slot.
    for (let i = 0; i < 10 && (await page.evaluate(() => document.activeElement?.getAttribute("data-available"))) !== "true"; i++) await page.keyboard.press("ArrowDown");
    const slotId = await page.evaluate(() => document.activeElement?.getAttribute("data-slot"));
    expect(slotId).toBeTruthy();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Book this slot" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Amount payable")).toBeVisible();
    // The patient search has focus: type (one match is highlighted), pick with Enter, Enter again books.
    await page.keyboard.type("Keyboardwala");
    await expect(dialog.getByRole("option")).toHaveCount(1);
    await expect(dialog.getByRole("option").first()).toContainText("Sunita Keyboardwala");
    await expect(dialog.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("button", { name: /^Book Mrs\. Sunita Keyboardwala for/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText(/Booked (Mrs\. )?Sunita Keyboardwala for/)).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();
    const slot = page.locator(`[data-slot="${slotId}"]`);
    await expect(slot).toHaveAttribute("data-available", "false");
    await expect(slot).toHaveAccessibleName(/taken$/);
    const [confId, start] = slotId!.split("|");
    const stored = (await sandboxAppointments()).filter((a) => a.start_time === start && a.conf_id === confId);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.patient_id).toBe(patientId);
    expect(stored[0]!.partner_appointment_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("says so when the slot was taken meanwhile and never shows it as booked", async ({ page, baseURL }) => {
    test.slow();
    const patientId = await registerPatient(page.request, baseURL!, "Rekha", "Latecomer");
    const monday = futureMonday(4);
    await page.goto(calendarUrl(monday));
    const free = page.locator('[data-slot][data-available="true"]').first();
    const slotId = (await free.getAttribute("data-slot"))!;
    const [confId, start] = slotId.split("|");
    await takeSlot({ doctor_id: "dr-meera-iyer", clinic_id: "cl-andheri-west", conf_id: confId!, start_time: start! });
    await free.click();
    const dialog = page.getByRole("dialog", { name: "Book this slot" });
    await dialog.getByRole("combobox", { name: "Patient" }).fill("Latecomer");
    await dialog.getByRole("option").filter({ hasText: "Rekha Latecomer" }).first().click();
    await dialog.getByRole("button", { name: /^Book Mrs\. Rekha Latecomer for/ }).click();
    await expect(dialog.getByRole("alert")).toContainText("This slot was just taken");
    await expect(page.locator(`[data-slot="${slotId}"]`)).toHaveAttribute("data-available", "false");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Choose another slot" }).click();
    await expect(dialog).toBeHidden();
    expect((await sandboxAppointments()).some((a) => a.patient_id === patientId)).toBe(false);
  });

  test("asks for the patient before booking", async ({ page }) => {
    test.slow();
    await page.goto(calendarUrl(futureMonday(5)));
    await page.locator('[data-slot][data-available="true"]').first().click();
    const dialog = page.getByRole("dialog", { name: "Book this slot" });
    // Leave the patient field: its list of recent patients (a dozen in sandbox mode) would cover the button.
    await dialog.locator('input[role="combobox"]').blur();
    await dialog.getByRole("button", { name: /^Book for/ }).click();
    await expect(dialog.getByText("Choose the patient to book.")).toBeVisible();
  });
});

test.describe("past and taken slots", () => {
  test("look different, by shape and in words as well as colour (English and Hindi)", async ({ page, baseURL }) => {
    test.slow();
    // A week no other journey books in.
    const monday = futureMonday(11);
    const wednesday = plusDays(monday, 2);
    const thursday = plusDays(monday, 3);
    // The person's clock stands on that Wednesday at noon in the clinic: Monday's slots are over, Thursday's are ahead.
    await page.clock.setFixedTime(new Date(`${wednesday}T06:30:00Z`));
    await page.goto(calendarUrl(monday));
    const grid = page.getByRole("group", { name: "Slots of the week" });
    // A free Thursday slot (the demo patients hold some), which another desk then takes.
    const thursdayFree = grid.getByRole("button", { name: new RegExp(`${display(thursday)}, \\d{2}:\\d{2}–\\d{2}:\\d{2}, In-clinic consultation, free$`) }).first();
    const takenId = (await thursdayFree.getAttribute("data-slot"))!;
    const thursdayNine = page.locator(`[data-slot="${takenId}"]`);
    const [confId, start] = (await thursdayNine.getAttribute("data-slot"))!.split("|");
    await takeSlot({ doctor_id: "dr-meera-iyer", clinic_id: "cl-andheri-west", conf_id: confId!, start_time: start! });
    await page.reload();

    const past = grid.getByRole("button", { name: new RegExp(`${display(monday)}, 09:00–09:15, In-clinic consultation`) });
    await expect(past).toHaveAccessibleName(/, past$/);
    await expect(past).toHaveAttribute("data-state", "past");
    await expect(past).toHaveAttribute("aria-disabled", "true");
    await expect(thursdayNine).toHaveAccessibleName(/, taken$/);
    await expect(thursdayNine).toHaveAttribute("data-state", "taken");
    // Not colour alone: a taken time is struck through, a past one is not but has a dashed edge.
    expect(await thursdayNine.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain("line-through");
    expect(await past.evaluate((el) => getComputedStyle(el).textDecorationLine)).not.toContain("line-through");
    expect(await past.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe("dashed");
    await expect(page.getByTestId("slot-legend")).toContainText("Free slots are green; taken ones are struck through; past ones are dashed.");
    // A past slot books nothing.
    await past.click({ force: true });
    await expect(page.getByRole("dialog", { name: "Book this slot" })).toHaveCount(0);

    const pastId = await past.getAttribute("data-slot");
    await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    await page.reload();
    await expect(page.locator(`[data-slot="${pastId}"]`)).toHaveAccessibleName(/, बीत गया$/);
    await expect(page.locator(`[data-slot="${confId}|${start}"]`)).toHaveAccessibleName(/, बुक हो चुका$/);
    await expect(page.getByTestId("slot-legend")).toContainText("बीते हुए स्लॉट की किनारी टूटी रेखा वाली है।");
  });
});

test.describe("choosing the right patient", () => {
  test("keyboard only: ArrowDown highlights the first match, Enter books exactly that patient, who is shown in full first", async ({ page, baseURL }) => {
    test.slow();
    const tag = Date.now().toString(36).slice(-4).replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
    const mobile1 = `+9198${String(Date.now()).slice(-8)}`;
    const mobile2 = `+9197${String(Date.now() + 7).slice(-8)}`;
    const first = await registerPerson(page.request, baseURL!, { designation: "Mr.", firstName: "Rajesh", middleName: "Prakash", lastName: `Kumar${tag}`, gender: "M", dob: "1980-03-15", mobile: mobile1, uhid: `UH-RPK-${tag}` });
    const second = await registerPerson(page.request, baseURL!, { designation: "Mr.", firstName: "Rajesh", lastName: `Kumaar${tag}`, gender: "M", dob: "1992-07-01", mobile: mobile2, uhid: `UH-RK-${tag}` });
    await page.goto(calendarUrl(futureMonday(6)));
    const active = page.locator('[data-slot][tabindex="0"]');
    await active.focus();
    for (let i = 0; i < 12 && (await page.evaluate(() => document.activeElement?.getAttribute("data-available"))) !== "true"; i++) await page.keyboard.press("ArrowDown");
    const slotId = (await page.evaluate(() => document.activeElement?.getAttribute("data-slot")))!;
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Book this slot" });
    const box = dialog.getByRole("combobox", { name: "Patient" });
    await expect(box).toBeFocused();
    await page.keyboard.type("rajesh");
    const options = dialog.getByRole("option");
    await expect(options.filter({ hasText: `Kumar${tag}` })).toHaveCount(1);
    await expect(options.filter({ hasText: `Kumaar${tag}` })).toHaveCount(1);
    // The answer to "rajesh" itself, not one for a shorter prefix still on screen while it is asked for.
    await expect(dialog.locator(".animate-spin")).toHaveCount(0);
    // Nothing is highlighted until the receptionist moves.
    await expect(box).not.toHaveAttribute("aria-activedescendant", /.+/);
    await expect(dialog.locator('[role="option"][aria-selected="true"]')).toHaveCount(0);
    const firstListed = (await options.first().textContent())!;
    await page.keyboard.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "false");
    await page.keyboard.press("Enter");
    const chosenIsFirst = firstListed.includes(`Prakash Kumar${tag}`);
    const chosen = chosenIsFirst ? { id: first, name: `Mr. Rajesh Prakash Kumar${tag}`, uhid: `UH-RPK-${tag}`, mobile: mobile1 } : { id: second, name: `Mr. Rajesh Kumaar${tag}`, uhid: `UH-RK-${tag}`, mobile: mobile2 };
    expect(firstListed).toContain(chosen.name.replace("Mr. ", ""));
    // Before booking: exactly who, with age/sex, mobile and UHID; the button names them.
    const identity = dialog.getByTestId("patient-identity");
    await expect(identity).toContainText(chosen.name);
    await expect(identity).toContainText(chosen.uhid);
    await expect(identity).toContainText(`+91 ${chosen.mobile.slice(3, 8)} ${chosen.mobile.slice(8)}`);
    await expect(identity).toContainText(/\d+ years · Male/);
    const book = dialog.getByRole("button", { name: new RegExp(`^Book ${chosen.name.replace(/\./g, "\\.")} for ₹`) });
    await expect(book).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press("Enter");
    await expect(page.getByText(new RegExp(`Booked ${chosen.name.replace(/\./g, "\\.")} for`))).toBeVisible({ timeout: 20_000 });
    const [confId, start] = slotId.split("|");
    const stored = (await sandboxAppointments()).filter((a) => a.start_time === start && a.conf_id === confId);
    expect(stored.map((a) => a.patient_id)).toEqual([chosen.id]);
  });
});

test.describe("clinics by the doctor's schedule", () => {
  test("offers only the clinics where the chosen doctor has a schedule, never a dead end", async ({ page }) => {
    // Dr. Kavita Sharma practises at Bandra and Kothrud, not at Andheri West.
    await page.goto(calendarUrl(futureMonday(), "dr-kavita-sharma", "cl-andheri-west"));
    const clinic = page.getByLabel("Clinic", { exact: true });
    await expect(clinic).toHaveValue("cl-kothrud");
    await expect(clinic.locator("option")).toHaveText(["Kothrud Health Centre", "Sea View Clinic, Bandra"]);
    await expect(page.getByText("This doctor has no schedule at this clinic")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await page.getByLabel("Doctor", { exact: true }).selectOption("dr-meera-iyer");
    await expect(clinic.locator("option")).toHaveText(["Sea View Clinic, Bandra", "Sunrise Family Clinic, Andheri West"]);
    await expect(page.getByRole("group", { name: "Slots of the week" }).getByRole("button").first()).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("error headings name the failing feature", () => {
  test.afterEach(async () => resetSandboxFaults());
  test("the calendar and the patient profile never blame the drug formulary", async ({ page, baseURL }) => {
    const patientId = await registerPatient(page.request, baseURL!, "Nalini", "Outage");
    await setSandboxFaults(page, { pathPrefix: "/dr/", errorRate: 1 });
    await page.goto(calendarUrl(futureMonday(7)));
    await expect(page.getByRole("alert").filter({ hasText: "can't be reached" })).toContainText("The appointment calendar can't be reached right now");
    await expect(page.getByText(/drug formulary/i)).toHaveCount(0);
    await setSandboxFaults(page, { pathPrefix: "/profiles/", errorRate: 1 });
    await page.goto(`/patients/${patientId}`);
    await expect(page.getByRole("alert").filter({ hasText: "can't be reached" })).toContainText("Patient records can't be reached right now");
    await expect(page.getByText(/drug formulary/i)).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("in a browser set to UTC", () => {
  test.use({ timezoneId: "UTC" });
  test("shows the clinic's times, not the browser's", async ({ page }) => {
    const monday = futureMonday();
    await page.goto(calendarUrl(monday));
    const grid = page.getByRole("group", { name: "Slots of the week" });
    await expect(grid.getByRole("button", { name: new RegExp(`${display(monday)}, 09:00–09:15, In-clinic consultation`) })).toBeVisible();
    await expect(page.getByText(/Times in the clinic's time zone \(Asia\/Kolkata\)/)).toBeVisible();
  });
});
