import { DEMO, expect, expectAccessible, screenshots, test } from "./fixtures";

test.describe("signing in", () => {
  test("the sign-in page shows the sandbox banner and the demo staff, and passes axe", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByText("Sandbox — demo data, not for clinical use").first()).toBeVisible();
    for (const account of Object.values(DEMO)) await expect(page.getByText(account.email)).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "login");
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

  test("repeated failures for one account are rate-limited", async ({ page }) => {
    await page.goto("/login");
    const email = `locked-${Date.now()}@demo.clinic`;
    await page.getByLabel("E-mail address").fill(email);
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Password", { exact: true }).fill(`wrong-${i}`);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByText("E-mail or password is not right.")).toBeVisible();
    }
    await page.getByLabel("Password", { exact: true }).fill("wrong-again");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Too many sign-in attempts. Try again in a few minutes.")).toBeVisible();
  });

  test("a signed-out visit to a desk page goes to sign-in and comes back after it", async ({ page }) => {
    await page.goto("/drugs?q=aspirin");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdrugs%3Fq%3Daspirin/);
    await page.getByRole("button", { name: /Use Dr\. Meera Iyer/ }).click();
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/drugs\?q=aspirin/);
    await expect(page.getByRole("heading", { name: "Drug lookup" })).toBeVisible();
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
