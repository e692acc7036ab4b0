import { spawnSync } from "node:child_process";
import type { Browser, BrowserContext, ConsoleMessage, Frame, Page, Request, Response } from "@playwright/test";
import { Client } from "pg";
import { CLUSTER_ADMIN_DATABASE_URL } from "./cluster-preflight";
import { calendarUrl, futureMonday } from "./slots-support";
import { DEMO, expect, signInAs, test } from "./fixtures";

/**
 * Issue 16 item 1: a desk's day through nginx over several app instances. Every answer names its
 * instance (x-instance), so the journey proves its requests were spread, and that what one
 * instance did (a session, a signing key, a stored event, a sign-out) held on all the others.
 */

const SKIP = process.env.E2E_CLUSTER_SKIP ?? "";
const CLUSTER = `http://localhost:${process.env.E2E_CLUSTER_PORT}`;
const SANDBOX = `http://127.0.0.1:${process.env.E2E_CLUSTER_SANDBOX_PORT}`;
const INSTANCES = Number(process.env.E2E_CLUSTER_INSTANCES ?? 3);
const RECEPTIONIST_NAME = "Priya Sharma";
/** What a client claims to be; nginx replaces it with the address it saw, the one hop the instances trust. */
const FORGED_ADDRESS = "203.0.113.9";

/** The addresses the instances recorded for live-feed subscriptions, from the cluster's database. */
async function subscriberAddresses(): Promise<string[]> {
  const url = new URL(CLUSTER_ADMIN_DATABASE_URL);
  url.pathname = `/clinic_cluster_${process.env.E2E_CLUSTER_PORT}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const rows = await client.query<{ ip: string | null }>("select distinct ip from audit_log where action = 'subscribe' and resource = 'live-events'");
    return rows.rows.map((r) => r.ip ?? "unknown");
  } finally {
    await client.end();
  }
}

test.skip(SKIP !== "", SKIP);
test.setTimeout(120_000);

/** Which instance answered each request a context made, by path. */
function recordInstances(context: BrowserContext) {
  const seen: { path: string; instance: string }[] = [];
  context.on("response", (res) => {
    const instance = res.headers()["x-instance"];
    if (instance) seen.push({ path: new URL(res.url()).pathname, instance });
  });
  return seen;
}

async function signedIn(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: CLUSTER });
  const seen = recordInstances(context);
  const page = await context.newPage();
  await signInAs(page, account);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return { context, page, seen };
}

/** A live-feed (or queue) connection of its own through nginx, keeping everything it receives and when it ended. */
async function openStream(cookie: string, path = "/api/events/stream") {
  const abort = new AbortController();
  const res = await fetch(`${CLUSTER}${path}`, { headers: { cookie, accept: "text/event-stream", "x-forwarded-for": FORGED_ADDRESS }, signal: abort.signal });
  expect(res.status).toBe(200);
  const stream = { instance: res.headers.get("x-instance") ?? "", text: "", ended: false, endedAt: 0, close: () => abort.abort() };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) stream.text += decoder.decode(chunk.value, { stream: true });
    } catch {
      // Aborted at the end of the journey, or its instance went away.
    }
    stream.endedAt = Date.now();
    stream.ended = true;
  })();
  return stream;
}

/** One live stream on every instance: streams are opened until each instance holds one. */
async function streamOnEveryInstance(cookie: string, path?: string) {
  const kept = new Map<string, Awaited<ReturnType<typeof openStream>>>();
  for (let attempt = 0; attempt < INSTANCES * 6 && kept.size < INSTANCES; attempt++) {
    const stream = await openStream(cookie, path);
    if (stream.instance && !kept.has(stream.instance)) kept.set(stream.instance, stream);
    else stream.close();
  }
  expect([...kept.keys()].sort(), "a live stream held by each instance").toHaveLength(INSTANCES);
  return kept;
}

const cookieHeader = async (context: BrowserContext) => (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

/** What a page did, in order (navigations, failed requests, error answers, console errors): printed when a journey step fails. */
function pageDiary(page: Page) {
  const lines: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  const onNav = (f: Frame) => void (f === page.mainFrame() && lines.push(`${at()} navigated ${f.url()}`));
  const onFailed = (r: Request) => void lines.push(`${at()} failed ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ""}`);
  const onResponse = (r: Response) => void (r.status() >= 400 && lines.push(`${at()} ${r.status()} ${r.request().method()} ${r.url()} ${r.headers()["x-instance"] ?? ""}`));
  const onConsole = (m: ConsoleMessage) => void (m.type() === "error" && lines.push(`${at()} console ${m.text()}`));
  page.on("framenavigated", onNav);
  page.on("requestfailed", onFailed);
  page.on("response", onResponse);
  page.on("console", onConsole);
  return {
    lines,
    stop() {
      page.off("framenavigated", onNav);
      page.off("requestfailed", onFailed);
      page.off("response", onResponse);
      page.off("console", onConsole);
    },
  };
}

async function registerPatient(page: Page, last: string): Promise<string> {
  const diary = pageDiary(page);
  try {
    return await registerPatientSteps(page, last);
  } catch (err) {
    console.log(`registration of ${last}: what the page did\n${diary.lines.join("\n")}`);
    throw err;
  } finally {
    diary.stop();
  }
}

async function registerPatientSteps(page: Page, last: string): Promise<string> {
  await page.goto("/patients/new");
  // Typed once the page answers, as every other journey does (e2e/fixtures.ts): what a form does with
  // input given before that is e2e/early-submit.receptionist.spec.ts's subject. Here it lost the gender's
  // salutation ("Ms."), which is how an instance slow to serve the page's scripts failed this journey.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("First name").fill("Asha");
  await page.getByLabel("Last name").fill(last);
  await page.getByLabel("Gender").selectOption("F");
  await page.getByLabel("Date of birth").fill("12/04/1990");
  await page.getByLabel("Mobile", { exact: true }).fill(`9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`);
  const registered = page.waitForResponse((r) => r.url().endsWith("/api/patients") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Register patient" }).click();
  const res = await registered;
  expect(res.status()).toBe(201);
  await expect(page.getByText(`Ms. Asha ${last} is registered.`)).toBeVisible({ timeout: 20_000 });
  return ((await res.json()) as { id: string }).id;
}

test("through nginx over several instances: sign in, register, book, see the live event on every instance, sign out everywhere", async ({ browser }) => {
  const admin = await signedIn(browser, DEMO.admin);
  const desk = await signedIn(browser, DEMO.receptionist);

  // The admin connects the receiver on one instance; the signing key is sealed into the shared database.
  await admin.page.goto("/settings");
  await admin.page.getByRole("button", { name: "Connect this app's receiver" }).click();
  await expect(admin.page.getByTestId("signing-key")).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  await expect(admin.page.getByTestId("webhook-subscription").filter({ hasText: `${CLUSTER}/api/webhooks/platform` })).toContainText("This app");
  await admin.page.getByRole("button", { name: "Done" }).click();

  // Live feeds: the desk's own page, and one raw stream held by every instance.
  const live = await desk.context.newPage();
  await live.goto("/live");
  await expect(live.getByTestId("feed-status")).toHaveAttribute("data-status", "live", { timeout: 30_000 });
  const streams = await streamOnEveryInstance(await cookieHeader(admin.context));

  const last = `Clusterwala${Math.random().toString(36).slice(2, 7).replace(/[^a-z]/g, "q")}`;
  const patientId = await registerPatient(desk.page, last);

  await desk.page.goto(calendarUrl(futureMonday(3)));
  await desk.page.locator('[data-slot][data-available="true"]').first().click();
  const dialog = desk.page.getByRole("dialog", { name: "Book this slot" });
  await dialog.getByRole("combobox", { name: "Patient" }).fill(last);
  await dialog.getByRole("option").filter({ hasText: last }).first().click();
  await dialog.getByRole("button", { name: new RegExp(`^Book (Ms\\. )?Asha ${last} for`) }).click();
  await expect(desk.page.getByText(new RegExp(`Booked (Ms\\. )?Asha ${last} for`))).toBeVisible({ timeout: 20_000 });
  const booked = ((await (await fetch(`${SANDBOX}/__sandbox/appointments`)).json()) as { appointments: { patient_id: string }[] }).appointments;
  expect(booked.filter((a) => a.patient_id === patientId)).toHaveLength(1);

  // The platform's signed appointment.created lands on one instance; PostgreSQL's NOTIFY carries it to all.
  for (const [instance, stream] of streams) {
    await expect.poll(() => stream.text.includes(patientId), { message: `instance ${instance}'s stream receives the booking`, timeout: 15_000 }).toBe(true);
  }
  await expect(live.getByTestId("generic-event-card").filter({ hasText: /Appointment booked/ }).first()).toBeVisible({ timeout: 15_000 });
  for (const stream of streams.values()) stream.close();
  // Every instance recorded the caller nginx saw (loopback here), never the address the client claimed.
  const addresses = await subscriberAddresses();
  expect(addresses.length).toBeGreaterThan(0);
  for (const address of addresses) expect(address).toMatch(/^(127\.0\.0\.1|::1)$/);

  // The desk's own requests were spread over every instance, not pinned to one.
  const deskInstances = new Set(desk.seen.filter((r) => r.path.startsWith("/api/")).map((r) => r.instance));
  console.log(`desk API requests by instance: ${JSON.stringify(Object.fromEntries([...deskInstances].map((i) => [i, desk.seen.filter((r) => r.instance === i).length])))}`);
  expect([...deskInstances].sort()).toEqual(Array.from({ length: INSTANCES }, (_, i) => String(i + 1)));

  // Signing the receptionist out everywhere, on one instance, ends the session on every instance.
  await admin.page.goto("/settings");
  await admin.page.getByRole("button", { name: `Sign out everywhere: ${RECEPTIONIST_NAME}` }).click();
  const confirm = admin.page.getByRole("alertdialog", { name: `Sign ${RECEPTIONIST_NAME} out everywhere?` });
  await confirm.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(admin.page.getByText(new RegExp(`${RECEPTIONIST_NAME} is signed out everywhere`))).toBeVisible();
  await expect
    .poll(
      async () => {
        const answers: { status: number; instance: string }[] = [];
        for (let i = 0; i < INSTANCES * 3; i++) {
          const res = await desk.context.request.get("/api/patients/search?q=a");
          answers.push({ status: res.status(), instance: res.headers()["x-instance"] ?? "" });
        }
        return { statuses: [...new Set(answers.map((a) => a.status))], instances: new Set(answers.map((a) => a.instance)).size };
      },
      { message: "every instance refuses the ended session", timeout: 10_000 },
    )
    .toEqual({ statuses: [401], instances: INSTANCES });

  await admin.context.close();
  await desk.context.close();
});

test("sign out everywhere closes that person's live-feed and queue streams on every instance within 2 s, and next-auth forgets them", async ({ browser }) => {
  const admin = await signedIn(browser, DEMO.admin);
  const desk = await signedIn(browser, DEMO.receptionist);
  const cookie = await cookieHeader(desk.context);
  const feeds = await streamOnEveryInstance(cookie);
  const queues = await streamOnEveryInstance(cookie, "/api/queue/stream?clinicId=cl-andheri-west");
  const live = await desk.context.newPage();
  await live.goto("/live");
  await expect(live.getByTestId("feed-status")).toHaveAttribute("data-status", "live", { timeout: 30_000 });
  /** next-auth's own session answer, asked of every instance. */
  const sessionAnswers = async () => {
    const users = new Map<string, string | null>();
    for (let i = 0; i < INSTANCES * 4 && users.size < INSTANCES; i++) {
      const res = await desk.context.request.get("/api/auth/session");
      const body = (await res.json()) as { user?: { name?: string } };
      users.set(res.headers()["x-instance"] ?? "", body.user?.name ?? null);
    }
    return [...users.values()];
  };
  expect(await sessionAnswers()).toEqual(Array(INSTANCES).fill(RECEPTIONIST_NAME));

  await admin.page.goto("/settings");
  await admin.page.getByRole("button", { name: `Sign out everywhere: ${RECEPTIONIST_NAME}` }).click();
  const confirm = admin.page.getByRole("alertdialog", { name: `Sign ${RECEPTIONIST_NAME} out everywhere?` });
  const ended = admin.page.waitForResponse((r) => r.url().includes("/api/settings/staff-sessions/") && r.request().method() === "DELETE");
  await confirm.getByRole("button", { name: "Sign out everywhere" }).click();
  expect((await ended).status()).toBe(200);
  const signedOutAt = Date.now();

  const all = [...[...feeds].map(([i, s]) => [`live feed on instance ${i}`, s] as const), ...[...queues].map(([i, s]) => [`queue on instance ${i}`, s] as const)];
  for (const [what, stream] of all) {
    await expect.poll(() => stream.ended, { message: `the ${what} has ended`, timeout: 5_000, intervals: [50] }).toBe(true);
    expect(stream.text, `the ${what} says why`).toContain('event: stream-closed\ndata: {"reason":"signed-out"}');
  }
  const slowest = Math.max(...all.map(([, s]) => s.endedAt - signedOutAt));
  console.log(`streams closed after sign-out everywhere: slowest ${slowest} ms of ${all.length}`);
  expect(slowest).toBeLessThanOrEqual(2_000);
  // The open page goes to sign-in instead of reconnecting; next-auth answers as signed out everywhere.
  await expect(live).toHaveURL(/\/login\?callbackUrl=%2Flive/, { timeout: 5_000 });
  await expect.poll(sessionAnswers, { message: "every instance's /api/auth/session forgets the receptionist", timeout: 3_000 }).toEqual(Array(INSTANCES).fill(null));
  await admin.context.close();
  await desk.context.close();
});

/** One sign-in attempt by the API, as the sign-in form makes it; answers next-auth's outcome code. */
async function signInAttempt(base: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const answer = decodeURIComponent(`${res.headers.get("location") ?? ""} ${await res.text()}`);
  return /RateLimited/.test(answer) ? "RateLimited" : /CredentialsSignin/.test(answer) ? "CredentialsSignin" : answer;
}

/** The throttle row of an account from this machine's address, in the cluster's database: attempts counted, and the wait they set. */
async function accountThrottle(email: string): Promise<{ failures: number; waitSeconds: number } | undefined> {
  const url = new URL(CLUSTER_ADMIN_DATABASE_URL);
  url.pathname = `/clinic_cluster_${process.env.E2E_CLUSTER_PORT}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const rows = await client.query<{ failures: number; wait_seconds: string }>(
      "select failures, extract(epoch from next_attempt_at - updated_at) as wait_seconds from sign_in_throttle where key like $1 order by updated_at desc limit 1",
      [`pair:${email}|%`],
    );
    return rows.rows[0] && { failures: rows.rows[0].failures, waitSeconds: Number(rows.rows[0].wait_seconds) };
  } finally {
    await client.end();
  }
}

test("sign-in throttling counts the attempts made on every instance together", async () => {
  // Five wrong passwords spread over the instances directly (each alone sees two at most).
  const firstInstancePort = Number(process.env.E2E_CLUSTER_PORT) + 1;
  const outcomes: string[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    outcomes.push(await signInAttempt(`http://127.0.0.1:${firstInstancePort + (attempt % INSTANCES)}`, DEMO.doctor.email, `not-the-password-${attempt}`));
  }
  expect(outcomes).toEqual(Array(5).fill("CredentialsSignin"));
  // One count for the account from this address across instances, which now holds the next attempt back: asserted on the
  // stored row, not on whether the next request happens to arrive within the 1 s a loaded machine may overrun.
  expect(await accountThrottle(DEMO.doctor.email)).toEqual({ failures: 5, waitSeconds: 1 });
  const sixth = await signInAttempt(`http://127.0.0.1:${process.env.E2E_CLUSTER_PORT}`, DEMO.doctor.email, "not-the-password-5");
  const after = await accountThrottle(DEMO.doctor.email);
  // Either refused while held, or (past the wait) counted as the sixth, which doubles the wait.
  if (sixth === "RateLimited") expect(after).toEqual({ failures: 5, waitSeconds: 1 });
  else expect({ sixth, after }).toEqual({ sixth: "CredentialsSignin", after: { failures: 6, waitSeconds: 2 } });
});

test("nginx's own refusals are problem+json naming the request, like the instances' answers", async () => {
  // A document far over the limit is refused by nginx before a byte reaches an instance.
  const res = await fetch(`${CLUSTER}/api/documents?patient=00000000-0000-4000-8000-000000000000&dt=lr&name=big.pdf`, {
    method: "POST",
    headers: { "content-type": "application/pdf", "x-request-id": "cluster-big-upload-1" },
    body: Buffer.alloc(17 * 1024 * 1024),
  });
  expect(res.status).toBe(413);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(res.headers.get("x-instance")).toBeNull();
  expect(res.headers.get("x-request-id")).toBe("cluster-big-upload-1");
  expect(await res.json()).toMatchObject({ status: 413, title: "Payload too large", instance: "urn:request:cluster-big-upload-1" });
});

test("a document uploaded through one instance opens, byte for byte, on every other", async ({ browser }) => {
  const desk = await signedIn(browser, DEMO.receptionist);
  const patientId = await registerPatient(desk.page, `Docwala${Math.random().toString(36).slice(2, 7).replace(/[^a-z]/g, "q")}`);
  const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n% cluster journey\n"), Buffer.alloc(200_000, 7), Buffer.from("\n%%EOF\n")]);
  const uploaded = await desk.context.request.post(`/api/documents?patient=${patientId}&dt=lr&name=report.pdf`, {
    headers: { "content-type": "application/pdf", origin: CLUSTER },
    data: pdf,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const doc = (await uploaded.json()) as { id: string; sizeBytes: number };
  expect(doc.sizeBytes).toBe(pdf.length);
  const openedOn = new Set<string>();
  for (let i = 0; i < INSTANCES * 3 && openedOn.size < INSTANCES; i++) {
    const res = await desk.context.request.get(`/api/documents/${doc.id}/file`);
    expect(res.status()).toBe(200);
    expect(Buffer.compare(await res.body(), pdf)).toBe(0);
    openedOn.add(res.headers()["x-instance"] ?? "");
  }
  expect(openedOn.size, "the copy opened on every instance").toBe(INSTANCES);
  await desk.context.close();
});

/** The process listening on a loopback port, from `ss` (iproute2): here, one instance of the cluster this run started. */
function listenerPid(port: number): number | undefined {
  const listing = spawnSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" }).stdout ?? "";
  const pid = /pid=(\d+)/.exec(listing)?.[1];
  return pid ? Number(pid) : undefined;
}

test("an instance that stops: nginx sends every request to the others, the live feed goes on there, and the instance is started again", async ({ browser }) => {
  test.skip(spawnSync("ss", ["-V"]).status !== 0, "ss (iproute2) is needed to find the instance to stop");
  const desk = await signedIn(browser, DEMO.receptionist);
  const streams = await streamOnEveryInstance(await cookieHeader(desk.context));
  const live = await desk.context.newPage();
  await live.goto("/live");
  await expect(live.getByTestId("feed-status")).toHaveAttribute("data-status", "live", { timeout: 30_000 });

  // The last instance stops (its pid from the port this run gave it; already gone on a retry).
  const stopped = String(INSTANCES);
  const port = Number(process.env.E2E_CLUSTER_PORT) + INSTANCES;
  const pid = listenerPid(port);
  if (pid) process.kill(pid, "SIGTERM");
  /** The instance's own health answer: its status, 0 when nothing listens on its port. */
  const health = () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status, () => 0);
  await expect.poll(health, { timeout: 20_000, intervals: [100] }).toBe(0);
  // It ends its live streams instead of serving them on while it waits for its connections to end.
  await expect.poll(() => streams.get(stopped)?.ended, { message: "the stream the stopped instance held has ended", timeout: 20_000 }).toBe(true);
  const running = (id: number) => {
    try {
      process.kill(id, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (pid) await expect.poll(() => running(pid), { message: "the stopped instance has exited", timeout: 20_000 }).toBe(false);

  // Reads and a registration all go through, answered by the instances left.
  const answers: { status: number; instance: string }[] = [];
  for (let i = 0; i < INSTANCES * 4; i++) {
    const res = await desk.context.request.get("/api/patients/search?q=a");
    answers.push({ status: res.status(), instance: res.headers()["x-instance"] ?? "" });
  }
  expect([...new Set(answers.map((a) => a.status))]).toEqual([200]);
  // (Unless it was already started again meanwhile: see the end.)
  if ((await health()) === 0) expect(answers.map((a) => a.instance)).not.toContain(stopped);
  const last = `Failoverwala${Math.random().toString(36).slice(2, 7).replace(/[^a-z]/g, "q")}`;
  await registerPatient(desk.page, last);

  // An event raised now reaches the streams left and the desk's page, wherever its stream was.
  const patient = `pt-failover-${Date.now()}`;
  const raised = await fetch(`${SANDBOX}/__sandbox/events`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ event: "appointment.tele.dr_joined", data: { patient_id: patient, doctor_id: "doc-0001", clinic_id: "clinic-koramangala" } }),
  });
  expect(raised.status).toBe(202);
  for (const [instance, stream] of streams) {
    if (instance === stopped) continue;
    await expect.poll(() => stream.text.includes(patient), { message: `instance ${instance}'s stream receives the event`, timeout: 15_000 }).toBe(true);
  }
  await expect(live.getByTestId("feed-status")).toHaveAttribute("data-status", "live", { timeout: 30_000 });
  await expect(live.getByTestId("doctor-joined-card").filter({ hasText: patient })).toBeVisible({ timeout: 15_000 });
  for (const stream of streams.values()) stream.close();

  // `npm run cluster` starts the stopped instance again, and nginx sends it requests once more.
  await expect.poll(health, { message: "the instance is started again", timeout: 90_000 }).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await desk.context.request.get("/api/patients/search?q=a");
        return res.ok() ? (res.headers()["x-instance"] ?? "") : `status ${res.status()}`;
      },
      { message: "nginx sends requests to the restarted instance", timeout: 30_000, intervals: [250] },
    )
    .toBe(stopped);
  await desk.context.close();
});
