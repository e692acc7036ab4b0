import { request as playwrightRequest } from "@playwright/test";
import { DEMO, E2E_STAFF, expect, expectAccessible, signInAs, test } from "./fixtures";

test.describe("signing in", () => {
  test("the sign-in page shows the sandbox banner and the demo staff, and passes axe", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByText("Sandbox — demo data, not for clinical use").first()).toBeVisible();
    for (const account of Object.values(DEMO)) await expect(page.getByText(account.email)).toBeVisible();
    await expectAccessible(page);
  });

  test("the accessibility check finds a button whose accessible name does not contain its visible label (WCAG 2.5.3)", async ({ page }) => {
    await page.goto("/login");
    // The shape the staff card's buttons had: "Sign out everywhere" on screen, "Sign Dr. Meera Iyer out everywhere" to a screen reader.
    await page.evaluate(() => {
      const button = document.createElement("button");
      button.textContent = "Sign out everywhere";
      button.setAttribute("aria-label", "Sign Dr. Meera Iyer out everywhere");
      document.querySelector("main")!.append(button);
    });
    await expect(expectAccessible(page)).rejects.toThrow(/label-content-name-mismatch/);
  });

  test("wrong credentials give one clear message that reveals nothing, and keep what was typed", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("E-mail address").fill(DEMO.doctor.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("E-mail or password is not right.")).toBeVisible();
    await expect(page.getByLabel("E-mail address")).toHaveValue(DEMO.doctor.email);
    await page.getByLabel("E-mail address").fill("nobody@demo.clinic");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("E-mail or password is not right.")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("a malformed e-mail gets a field-level message before anything is sent", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("E-mail address").fill("doctor-at-clinic");
    await page.getByLabel("Password", { exact: true }).fill("x");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText(/valid e-mail address/)).toBeVisible();
  });

  test("repeated failures for one account are delayed, and the form says how long to wait", async ({ page }) => {
    await page.goto("/login");
    const email = `locked-${Date.now()}@demo.clinic`;
    await page.getByLabel("E-mail address").fill(email);
    const attempt = async (password: string) => {
      await page.getByLabel("Password", { exact: true }).fill(password);
      const answered = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await answered;
      const failure = page.locator("#sign-in-failure");
      await expect(failure).toBeVisible();
      return (await failure.textContent()) ?? "";
    };
    // The free attempts (SIGNIN_MAX_ATTEMPTS=5 in e2e/serve.ts) each get a password check.
    for (let i = 0; i < 5; i++) expect(await attempt(`wrong-${i}`)).toContain("E-mail or password is not right.");
    // Then the delay starts at 1 s and doubles: a quick next attempt is refused with the wait, not checked.
    const answers: string[] = [];
    for (let i = 0; i < 3 && !answers.some((a) => a.includes("Too many")); i++) answers.push(await attempt(`wrong-again-${i}`));
    expect(answers.find((a) => a.includes("Too many"))).toMatch(/Too many sign-in attempts\. Wait \d+ seconds? and try again\./);
  });

  test("after signing out, a copy of the old session cookie gets 401 from the API", async ({ page, baseURL }) => {
    await signInAs(page, E2E_STAFF.signOut);
    const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
    expect(cookie).toBeDefined();
    const copied = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie: `${cookie!.name}=${cookie!.value}` } });
    expect((await copied.get("/api/patients/search?q=a")).status()).toBe(200);

    const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
    const signedOut = await page.request.post("/api/auth/signout", { headers: { origin: baseURL! }, form: { csrfToken, callbackUrl: "/login", json: "true" } });
    expect(signedOut.ok()).toBe(true);
    await expect.poll(async () => (await copied.get("/api/patients/search?q=a")).status(), { timeout: 5_000 }).toBe(401);
    const problem = await copied.get("/api/patients/search?q=a");
    expect(problem.headers()["content-type"]).toContain("application/problem+json");
    await copied.dispose();
  });

  test("signing in and out keeps the host the desk was opened on and its language (issue 29 item 5)", async ({ page, baseURL }) => {
    // A LAN PC opens the desk on the server's address, not on localhost (APP_URL here).
    const host = baseURL!.replace("localhost", "127.0.0.1");
    expect(host).not.toBe(baseURL);
    await signInAs(page, E2E_STAFF.signOut, `${host}/login`);
    expect(new URL(page.url()).origin).toBe(host);
    await page.getByRole("button", { name: "हिन्दी" }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");

    await page.getByRole("button", { name: "साइन आउट" }).first().click();
    await expect(page).toHaveURL(`${host}/login`);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("button", { name: "साइन इन करें", exact: true })).toBeVisible();
  });

  for (const lang of ["en", "hi"] as const) {
    test(`a desk left open after its session ended says so and offers "Sign in again", which keeps the host and language and comes back (${lang}, issue 29 item 5)`, async ({ page, baseURL }) => {
      const words = {
        en: { email: "E-mail address", password: "Password", submit: "Sign in", search: "Generic name", ended: "Your session has ended", again: "Sign in again", tryAgain: "Try again", title: "Drug lookup" },
        hi: { email: "ई-मेल पता", password: "पासवर्ड", submit: "साइन इन करें", search: "जेनेरिक नाम", ended: "आपका सत्र समाप्त हो गया है", again: "फिर से साइन इन करें", tryAgain: "फिर से कोशिश करें", title: "दवा खोज" },
      }[lang];
      // A LAN PC opens the desk on the server's address, not on localhost (APP_URL here).
      const host = baseURL!.replace("localhost", "127.0.0.1");
      await page.context().addCookies([{ name: "locale", value: lang, url: host }]);
      const account = E2E_STAFF.signOut;
      const signIn = async () => {
        await page.getByLabel(words.email).fill(account.email);
        await page.getByLabel(words.password, { exact: true }).fill(account.password);
        await page.getByRole("button", { name: words.submit, exact: true }).click();
      };
      await page.goto(`${host}/login`);
      await signIn();
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto(`${host}/drugs`);
      await page.getByLabel(words.search).fill("metformin");
      await expect(page.getByRole("listbox").getByRole("option").first()).toContainText("Metformin");

      // The session ends while the desk stays open (signed out from another tab, or by an admin).
      const { csrfToken } = (await (await page.request.get(`${host}/api/auth/csrf`)).json()) as { csrfToken: string };
      expect((await page.request.post(`${host}/api/auth/signout`, { headers: { origin: host }, form: { csrfToken, callbackUrl: "/login", json: "true" } })).ok()).toBe(true);

      await page.getByLabel(words.search).fill("amlodipine");
      const alert = page.getByRole("alert").filter({ hasText: words.ended });
      await expect(alert).toBeVisible({ timeout: 15_000 });
      // A way back to sign-in, not a "Try again" that can only fail again.
      await expect(alert.getByRole("button", { name: words.tryAgain })).toHaveCount(0);
      await alert.getByRole("link", { name: words.again }).click();
      await expect(page).toHaveURL(`${host}/login?callbackUrl=${encodeURIComponent("/drugs?q=amlodipine")}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await signIn();
      await expect(page).toHaveURL(`${host}/drugs?q=amlodipine`);
      await expect(page.getByRole("heading", { name: words.title, level: 1 })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
    });
  }

  test("a signed-out visit to a desk page goes to sign-in and comes back after it", async ({ page }) => {
    await page.goto("/drugs?q=aspirin");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdrugs%3Fq%3Daspirin/);
    await page.getByRole("button", { name: /Use Dr\. Meera Iyer/ }).click();
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/drugs\?q=aspirin/);
    await expect(page.getByRole("heading", { name: "Drug lookup" })).toBeVisible();
  });

  test("a sign-in posted from another site is refused even with next-auth's CSRF token and cookie; from the desk it signs in", async ({ baseURL }) => {
    const api = await playwrightRequest.newContext({ baseURL });
    const { csrfToken } = await (await api.get("/api/auth/csrf")).json();
    const form = { csrfToken, email: DEMO.receptionist.email, password: DEMO.receptionist.password, json: "true" };
    const hasSession = async () => (await api.storageState()).cookies.some((c) => c.name.endsWith("next-auth.session-token"));
    for (const origin of ["https://evil.example", "null", `https://${new URL(baseURL!).host}`]) {
      const forged = await api.post("/api/auth/callback/credentials", { headers: { origin }, form, maxRedirects: 0 });
      expect(forged.status(), origin).toBe(403);
      expect(forged.headers()["content-type"]).toContain("application/problem+json");
      expect(await hasSession(), origin).toBe(false);
    }
    // No Origin and no Fetch Metadata: nothing says the desk sent it, so it is refused too.
    expect((await api.post("/api/auth/callback/credentials", { form, maxRedirects: 0 })).status()).toBe(403);
    expect(await hasSession()).toBe(false);
    const own = await api.post("/api/auth/callback/credentials", { headers: { origin: baseURL! }, form, maxRedirects: 0 });
    expect(own.status()).toBeLessThan(400);
    expect(await hasSession()).toBe(true);
    // Signing out is a POST too: from another site it is refused and the session stays.
    const signOut = { csrfToken, callbackUrl: "/login", json: "true" };
    expect((await api.post("/api/auth/signout", { headers: { origin: "https://evil.example" }, form: signOut, maxRedirects: 0 })).status()).toBe(403);
    expect((await (await api.get("/api/auth/session")).json())?.user?.email).toBe(DEMO.receptionist.email);
    await api.dispose();
  });

  test("the API answers 401 problem+json without a session", async ({ request }) => {
    const res = await request.get("/api/drugs?q=paracetamol");
    expect(res.status()).toBe(401);
    expect(res.headers()["content-type"]).toContain("application/problem+json");
    expect((await res.json()).title).toBe("Sign-in required");
  });

  test("the identity provider publishes its discovery document and keys, without private parts", async ({ request }) => {
    const conf = await (await request.get("/.well-known/openid-configuration")).json();
    expect(conf.issuer).toBe(`http://localhost:${process.env.E2E_APP_PORT ?? 3100}`);
    const jwks = await (await request.get("/.well-known/jwks.json")).json();
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) expect(key).not.toHaveProperty("d");
  });

  test("every answer carries the security headers", async ({ request }) => {
    const res = await request.get("/login");
    const headers = res.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-powered-by"]).toBeUndefined();
  });
});
