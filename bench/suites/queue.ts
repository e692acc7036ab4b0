/**
 * Today's queue under a busy day: 300 appointments across 6 doctors at one clinic, booked through
 * the app's own routes. Measures the queue's data through the BFF, a status change on one desk
 * reaching another desk's screen (two Chromium pages), and a reschedule round trip — on PGlite
 * and on PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";
import { chromium, type Page } from "@playwright/test";
import { postgresAvailable, postgresTestDatabase, type TestDatabase } from "../../lib/testing/databases";
import { signIn, startApp, type RunningApp } from "../harness";
import type { SuiteResult } from "../report";
import { faketimeStart } from "../../scripts/dates/matrix";

const CLINIC = "cl-andheri-west";
const DOCTORS = 6;
const PER_DOCTOR = 50;
const PATIENTS = 40;
const DATA_ROUNDS = 200;
const LIVE_ROUNDS = 40;
const RESCHEDULE_ROUNDS = 40;
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** A weekday three weeks ahead: a day of its own, with no other run's bookings. */
function benchDay(): string {
  const d = new Date(Date.now() + 21 * 86_400_000);
  while (d.getUTCDay() === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const LIBFAKETIME = ["/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1", "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1", "/usr/lib/faketime/libfaketime.so.1"];

/**
 * Check-in is for today's patients only (clinic time), so the app and the sandbox run on a clock
 * standing on the bench day at 07:00 IST, before the first slot, and moving on from there (libfaketime,
 * as `npm run test:dates` uses it): every slot is still ahead and the day is "today" for both. The
 * browsers' desks decide "today" from their own clock, so their contexts run on the same faked clock
 * (`benchClock`); the bench itself keeps the real one and only ever names the day explicitly.
 */
function clockOnBenchDay(day: string): Record<string, string> {
  const library = LIBFAKETIME.find((p) => existsSync(p));
  if (!library) throw new Error("libfaketime is not installed: `apt-get install faketime` (Debian's package; .ci/run installs it).");
  return { LD_PRELOAD: library, FAKETIME: faketimeStart(`${day}T07:00:00+05:30`), FAKETIME_DONT_RESET: "1" };
}

/**
 * The faked clock the app runs on, for the browsers: the bench day at 07:00 IST when the app started,
 * moving with real time. `now()` is its reading at this moment.
 */
interface BenchClock {
  now(): number;
}

function benchClock(day: string, startedAt: number): BenchClock {
  const shift = Date.parse(`${day}T07:00:00+05:30`) - startedAt;
  return { now: () => Date.now() + shift };
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

/** Runs `work` over `items`, `n` at a time. */
async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(Array.from({ length: n }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  }));
}

interface Entry {
  appointmentId: string;
  doctorId: string;
  version: number;
  start: string;
  confId: string;
  status: string;
}

/** Six doctors at one clinic (the sandbox's busier practice), in the directory, each 50 patients booked for the day. */
async function seedDay(app: RunningApp, day: string): Promise<{ cookie: string; doctors: string[]; booked: Set<string> }> {
  const admin = await signIn(app.appUrl, "admin@demo.clinic", "sandbox-admin");
  const cookie = await signIn(app.appUrl, "reception@demo.clinic", "sandbox-reception");
  const doctors = Array.from({ length: DOCTORS }, (_, i) => `dr-bench-${i + 1}`);
  // Sandbox mode fills an empty directory from the demo practice on its first read; read it before adding to it.
  await json(await fetch(`${app.appUrl}/api/slots/directory`, { headers: { cookie } }), "directory");
  for (const [i, id] of doctors.entries()) {
    // 07:00–21:00 in 5-minute slots: 168 a day, some taken by the sandbox's own demo patients, 50 booked here.
    await json(await fetch(`${app.sandboxUrl}/__sandbox/practice/doctors`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id, name: `Dr. Bench ${i + 1}`, clinic_id: CLINIC, days: [1, 2, 3, 4, 5, 6], from: "07:00", to: "21:00", minutes: 5 }) }), "add doctor");
    await json(await fetch(`${app.appUrl}/api/settings/clinics`, { method: "PUT", headers: { cookie: admin, origin: app.appUrl, "content-type": "application/json" }, body: JSON.stringify({ kind: "doctor", platformId: id, displayName: `Dr. Bench ${i + 1}` }) }), "directory");
  }
  const patients: string[] = [];
  await pool(Array.from({ length: PATIENTS }, (_, i) => i), 4, async (i) => {
    const res = await fetch(`${app.appUrl}/api/patients`, {
      method: "POST",
      headers: { cookie, origin: app.appUrl, "content-type": "application/json", "idempotency-key": randomUUID() },
      body: JSON.stringify({ firstName: "Queue", lastName: `Bench${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`, gender: i % 2 ? "M" : "F", dob: `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`, mobile: `+9197${String(i).padStart(8, "0")}`, uhid: `QB-${randomUUID().slice(0, 8)}` }),
    });
    patients.push((await json<{ id: string }>(res, "register")).id);
  });
  const bookings: { doctorId: string; start: string; confId: string; patientId: string }[] = [];
  for (const doctorId of doctors) {
    const cal = await json<{ slots: { start: string; confId: string; available: boolean }[] }>(await fetch(`${app.appUrl}/api/slots?doctorId=${doctorId}&clinicId=${CLINIC}&from=${day}&to=${day}`, { headers: { cookie } }), "slots");
    const free = cal.slots.filter((s) => s.available);
    if (free.length < PER_DOCTOR) throw new Error(`${doctorId} has only ${free.length} free slots on ${day}`);
    // Every third slot of the day stays free, so there is somewhere to move an appointment to.
    const chosen = free.filter((_, i) => i % 3 !== 2).slice(0, PER_DOCTOR);
    for (const [i, s] of chosen.entries()) bookings.push({ doctorId, start: s.start, confId: s.confId, patientId: patients[(i + doctors.indexOf(doctorId)) % patients.length]! });
  }
  const booked = new Set<string>();
  await pool(bookings, 4, async (b) => {
    const res = await fetch(`${app.appUrl}/api/slots/bookings`, {
      method: "POST",
      headers: { cookie, origin: app.appUrl, "content-type": "application/json" },
      body: JSON.stringify({ idempotencyKey: randomUUID(), doctorId: b.doctorId, clinicId: CLINIC, patientId: b.patientId, confId: b.confId, start: b.start, mode: "in_clinic" }),
    });
    booked.add((await json<{ appointmentId: string }>(res, "book")).appointmentId);
  });
  return { cookie, doctors, booked };
}

const readDay = async (app: RunningApp, cookie: string, day: string) =>
  (await json<{ appointments: Entry[] }>(await fetch(`${app.appUrl}/api/queue?clinicId=${CLINIC}&day=${day}`, { headers: { cookie } }), "queue day")).appointments;

async function measureData(app: RunningApp, cookie: string, day: string, booked: Set<string>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await readDay(app, cookie, day);
  const times: number[] = [];
  for (let i = 0; i < DATA_ROUNDS; i++) {
    const t0 = performance.now();
    const list = await readDay(app, cookie, day);
    times.push(performance.now() - t0);
    // The whole day is read and timed; the sandbox's demo day adds its own patients to today, so only the bench's are counted.
    const ours = list.filter((e) => booked.has(e.appointmentId)).length;
    if (ours !== DOCTORS * PER_DOCTOR) throw new Error(`the day lists ${ours} of the bench's ${DOCTORS * PER_DOCTOR} appointments`);
  }
  return times;
}

/** From the click on desk A to the row's new status in desk B's DOM, on one clock (both pages on this machine). */
async function measureLive(app: RunningApp, cookie: string, day: string, entries: Entry[], clock: BenchClock): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const [name, value] = cookie.split(/=(.*)/s) as [string, string];
    const open = async () => {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: "en-IN", timezoneId: "Asia/Kolkata" });
      // Check in is offered on today's appointments only, "today" by the page's clock: the bench day, as the app's.
      await context.clock.install({ time: clock.now() });
      await context.addCookies([{ name, value, url: app.appUrl }]);
      const page = await context.newPage();
      await page.goto(`${app.appUrl}/appointments/today?clinic=${CLINIC}&day=${day}`, { timeout: 120_000 });
      try {
        await page.locator("[data-appointment]").first().waitFor({ timeout: 120_000 });
        await page.getByText("● Live").waitFor({ timeout: 60_000 });
      } catch (err) {
        throw new Error(`the queue did not show on ${page.url()}: ${(await page.locator("main").innerText().catch(() => "")).slice(0, 400)}`, { cause: err });
      }
      return page;
    };
    const deskA = await open();
    const deskB = await open();
    // Each context's fake clock was set by its own call: measure how far each page's clock stands from the
    // bench's, so the two pages' readings are compared on one clock.
    const skew = async (page: Page) => {
      const before = clock.now();
      const seen = await page.evaluate(() => performance.timeOrigin + performance.now());
      const after = clock.now();
      return seen - (before + after) / 2;
    };
    const skewA = await skew(deskA);
    const skewB = await skew(deskB);
    const times: number[] = [];
    const targets = entries.filter((e) => e.status === "booked").slice(0, LIVE_ROUNDS + 3);
    for (const [i, e] of targets.entries()) {
      const seen = deskB.evaluate(
        (id) =>
          new Promise<number>((resolve, reject) => {
            // No named helpers in here: tsx would wrap them in a __name() the page does not have.
            const observer = new MutationObserver(() => {
              if (!document.querySelector(`[data-appointment="${id}"][data-status="checked_in"]`)) return;
              observer.disconnect();
              resolve(performance.timeOrigin + performance.now());
            });
            observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-status"] });
            setTimeout(() => reject(new Error(`desk B never showed ${id} checked in`)), 15_000);
          }),
        e.appointmentId,
      );
      // A page that never shows the change must fail the run, not crash it unhandled.
      seen.catch(() => {});
      const clicked = deskA.evaluate(
        () => new Promise<number>((resolve) => window.addEventListener("click", () => resolve(performance.timeOrigin + performance.now()), { capture: true, once: true })),
      );
      await deskA.locator(`[data-appointment="${e.appointmentId}"]`).getByRole("button", { name: /^Check in/ }).click();
      const latency = (await seen) - skewB - ((await clicked) - skewA);
      if (i >= 3) times.push(latency);
      await deskA.locator(`[data-appointment="${e.appointmentId}"][data-status="checked_in"]`).waitFor();
    }
    return times;
  } finally {
    await browser.close();
  }
}

/** POST reschedule through the BFF, to a free slot of the same doctor and back. */
async function measureReschedule(app: RunningApp, cookie: string, day: string, entries: Entry[], doctorId: string): Promise<number[]> {
  const cal = await json<{ slots: { start: string; confId: string; available: boolean }[] }>(await fetch(`${app.appUrl}/api/slots?doctorId=${doctorId}&clinicId=${CLINIC}&from=${day}&to=${day}`, { headers: { cookie } }), "slots");
  const free = cal.slots.filter((s) => s.available);
  let entry = entries.find((e) => e.doctorId === doctorId && e.status === "booked")!;
  const home = { start: entry.start, confId: entry.confId };
  const times: number[] = [];
  for (let i = 0; i < RESCHEDULE_ROUNDS + 3; i++) {
    const to = i % 2 === 0 ? { start: free[i % free.length]!.start, confId: free[i % free.length]!.confId } : home;
    const t0 = performance.now();
    entry = await json<Entry>(
      await fetch(`${app.appUrl}/api/queue/${entry.appointmentId}/reschedule`, { method: "POST", headers: { cookie, origin: app.appUrl, "content-type": "application/json" }, body: JSON.stringify({ version: entry.version, ...to }) }),
      "reschedule",
    );
    if (i >= 3) times.push(performance.now() - t0);
  }
  return times;
}

async function run(backend: "pglite" | "postgres") {
  let pg: TestDatabase | undefined;
  if (backend === "postgres") pg = await postgresTestDatabase();
  const day = benchDay();
  const clock = benchClock(day, Date.now());
  const started = await startApp({ extraEnv: pg?.url ? { DATABASE_URL: pg.url } : {}, runEnv: clockOnBenchDay(day) });
  // The app's own address (APP_URL's default), as the browser suite uses it: same origin for every mutation.
  const app = { ...started, appUrl: `http://localhost:${started.appPort}` };
  try {
    const seedStart = performance.now();
    const { cookie, doctors, booked } = await seedDay(app, day);
    const seedMs = performance.now() - seedStart;
    const data = await measureData(app, cookie, day, booked);
    const entries = (await readDay(app, cookie, day)).filter((e) => booked.has(e.appointmentId) && e.doctorId !== doctors[DOCTORS - 1]);
    const live = await measureLive(app, cookie, day, entries, clock);
    const reschedule = await measureReschedule(app, cookie, day, (await readDay(app, cookie, day)).filter((e) => booked.has(e.appointmentId)), doctors[DOCTORS - 1]!);
    return { backend, seedMs, data, live, reschedule };
  } finally {
    await app.stop();
    await pg?.dispose();
  }
}

export async function queueBench(): Promise<SuiteResult> {
  const backends: ("pglite" | "postgres")[] = (await postgresAvailable()) ? ["pglite", "postgres"] : ["pglite"];
  const load = os.loadavg()[0]!;
  const runs = [];
  for (const b of backends) runs.push(await run(b));
  const loadAfter = os.loadavg()[0]!;
  const rows = runs.flatMap((r) => [
    [r.backend, `queue day data (${DOCTORS * PER_DOCTOR} appointments), GET /api/queue`, String(r.data.length), ms(pct(r.data, 50)), ms(pct(r.data, 95))],
    [r.backend, "check-in on desk A → on screen on desk B (Chromium)", String(r.live.length), ms(pct(r.live, 50)), ms(pct(r.live, 95))],
    [r.backend, "reschedule round trip, POST through the BFF and the platform", String(r.reschedule.length), ms(pct(r.reschedule, 50)), ms(pct(r.reschedule, 95))],
    [r.backend, `seeding: ${PATIENTS} registrations + ${DOCTORS * PER_DOCTOR} bookings through the app`, "1", ms(r.seedMs), "—"],
  ]);
  const targets = runs.flatMap((r) => [
    { name: `${r.backend}: queue page data p95 ≤ 50 ms`, value: ms(pct(r.data, 95)), met: pct(r.data, 95) <= 50 },
    { name: `${r.backend}: status change on another desk's screen p95 ≤ 300 ms`, value: ms(pct(r.live, 95)), met: pct(r.live, 95) <= 300 },
    { name: `${r.backend}: reschedule round trip p50 ≤ 60 ms`, value: ms(pct(r.reschedule, 50)), met: pct(r.reschedule, 50) <= 60 },
  ]);
  return {
    title: "Today's queue (300 appointments, 6 doctors)",
    note: `Production build, sandbox platform, one clinic-day of ${DOCTORS} doctors × ${PER_DOCTOR} appointments booked through the app's own routes. Two headless Chromium pages on the same queue; the live time runs from the click on desk A to desk B's DOM showing the new status (one machine, one clock). One-minute load average ${load.toFixed(1)} before and ${loadAfter.toFixed(1)} after on ${os.cpus().length} cores${load > os.cpus().length ? " — the machine was shared and busy, so these are upper bounds" : ""}.`,
    columns: ["database", "measure", "n", "p50", "p95"],
    rows,
    targets,
  };
}
