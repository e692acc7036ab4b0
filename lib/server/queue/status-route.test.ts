/** GET /api/status/{link} through its real handler, anonymous, on a PGlite database. */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PRIORITY_MARKS } from "@/lib/queue/priority-marks";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { installWiringForFile } from "@/lib/testing/process-wiring";
import { useUpWindow } from "@/lib/testing/rate-window";
import { setClock } from "@/lib/clock";

const state = { t: undefined as TestDatabase | undefined };
installWiringForFile(
  {
    env: () => ({ appUrl: "http://localhost:3000", trustedProxyHops: 0, trustedProxyAddresses: [], opd: { priorityMarks: [], skipReturnAfter: 3 }, logLevel: "warn" }),
    database: () => state.t!.database,
  },
  "status-route.test.ts",
);

const { GET, POST } = await import("@/app/api/status/[token]/route");
const { directoryEntries, staff } = await import("../db/schema");
const { rememberPatient } = await import("../patients/patient-index");
const { addWalkIn } = await import("./opd-counter");
const { createQueueHub } = await import("./queue-hub");
const { STATUS_PAGE_RATE, statusLinkFor, statusPageRateKey } = await import("./visit-status");

const MORNING = Date.parse("2026-11-27T10:30:00+05:30");
const get = (token: string) => GET(new Request(`http://localhost:3000/api/status/${token}`), { params: Promise.resolve({ token }) });

describe("GET /api/status/{link}", () => {
  let t: TestDatabase;
  let token = "";
  beforeAll(async () => {
    t = await pgliteTestDatabase();
    state.t = t;
    const db = t.database.db;
    const hub = createQueueHub({ db });
    const [desk] = await db.insert(staff).values({ email: "route@clinic.test", name: "Desk", role: "receptionist", passwordHash: "x" }).returning({ id: staff.id });
    await db.insert(directoryEntries).values([
      { kind: "clinic", platformId: "cl-route", displayName: "Route Clinic", timeZone: "Asia/Kolkata" },
      { kind: "doctor", platformId: "dr-route", displayName: "Dr Route" },
    ]);
    await rememberPatient(db, { id: "pt-route", salutation: "Mr.", firstName: "Ramesh", middleName: null, lastName: "Kulkarni", gender: "M", dob: "1950-01-01", mobile: "+919811122233", uhid: "PUN-2026-000777" });
    const { entry } = await addWalkIn(db, hub, { key: randomUUID(), clinicId: "cl-route", doctorId: "dr-route", patientId: "pt-route", staffId: desk!.id }, { tokenFormat: "A-{n:3}", priorityMarks: DEFAULT_PRIORITY_MARKS, skipReturnAfter: 3 }, MORNING);
    token = (await statusLinkFor(db, "route-secret-route-secret-route-secret", entry.appointmentId))!.token;
    await hub.close();
  }, 120_000);
  afterAll(async () => {
    setClock(null);
    await t?.dispose();
  });

  it("answers the link's status as JSON, not cached, with nothing that names the patient", async () => {
    setClock(() => MORNING + 60_000);
    const res = await get(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({ state: "waiting", token: "A-001", ahead: 0 });
    for (const secret of ["Ramesh", "Kulkarni", "9811122233", "PUN-2026-000777", "pt-route", "walk-in-"]) expect(body).not.toContain(secret);
  });

  it("answers an unknown or malformed link 404 as a problem, saying nothing about any visit", async () => {
    setClock(() => MORNING + 60_000);
    for (const bad of ["A".repeat(22), "short", "%00".repeat(8)]) {
      const res = await get(bad);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      const body = await res.text();
      expect(body).not.toMatch(/A-001|expired|Ramesh/);
    }
  });

  it("says a link of yesterday has expired, and nothing else", async () => {
    setClock(() => Date.parse("2026-11-28T09:00:00+05:30"));
    const res = await get(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ state: "expired" });
  });

  it("is the one API route and page lib/access.ts lets in without a session", async () => {
    const { ANONYMOUS_ROUTES, isAnonymousPage } = await import("@/lib/access");
    expect(ANONYMOUS_ROUTES).toEqual(["status/[token]", "status/[token]/stream"]);
    expect(isAnonymousPage(`/status/${token}`)).toBe(true);
    for (const desk of ["/status", "/status/a/b", "/statusx/a", "/appointments/today", "/print/visits/x/thermal"]) expect(isAnonymousPage(desk)).toBe(false);
  });

  it("answers 429 with Retry-After once an address has used its minute, and refuses other methods", async () => {
    const noon = Date.parse("2026-11-27T12:00:00+05:30");
    setClock(() => noon);
    // The address (unknown here: no trusted peer) has used all but two of its minute's requests.
    await useUpWindow(t.database.db, statusPageRateKey(undefined), STATUS_PAGE_RATE, STATUS_PAGE_RATE.limit - 2, noon);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await get(token)).status);
    expect(answers).toEqual([200, 200, 429]);
    const last = await get(token);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await POST(new Request(`http://localhost:3000/api/status/${token}`, { method: "POST" }))).status).toBe(405);
  });
});
