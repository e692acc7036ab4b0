/**
 * A session's end reaches what it opened: the live-feed and queue streams close within 2 s and
 * next-auth's own /api/auth/session answers as signed out. The app's handlers run against one
 * connection pool; the session ends through another one, as it would on another instance.
 */
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { setClock } from "@/lib/clock";
import { pgliteTestDatabase, postgresAvailable, postgresTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import type { Database, Db } from "../db/connect";
import type { Platform } from "@/lib/platform/client";
import { createLiveHub, type LiveHub } from "../events/live-hub";
import { createStreamRegistry } from "../events/stream-registry";
import { createQueueHub, type QueueHub } from "../queue/queue-hub";
import { installWiringForFile } from "@/lib/testing/process-wiring";
import { staff, staffSessions } from "../db/schema";
import { addStaff } from "./staff-repo";
import { sessionWatch } from "./session-watch";
import { startSession } from "./staff-sessions";
import { cheapPasswordHash } from "@/lib/testing/cheap-password-hash";

const SECRET = "session-end-test-secret-0123456789abcdefghijkl";
const SETTINGS = { maxHours: 10, idleMinutes: 60 };
const app = { db: undefined as Db | undefined, database: undefined as Database | undefined, cookies: [] as { name: string; value: string }[] };

// The composition root, with this test's database behind the live feed and the queue it serves.
let built: { platform: Platform; liveHub: LiveHub; queueHub: QueueHub; liveStreams: ReturnType<typeof createStreamRegistry> } | undefined;
installWiringForFile(
  {
    env: () => ({
      appUrl: "http://localhost:3000",
      authSecret: SECRET,
      demoAccounts: false,
      sessions: SETTINGS,
      signInThrottle: {},
      liveStreamsPerStaff: 5,
      platform: { baseUrl: "http://127.0.0.1:9", timeoutMs: 500 },
      webhooks: {},
      logLevel: "warn",
    }),
    database: () => app.database!,
    services: () =>
      (built ??= {
        platform: { forStaff: () => ({}), tokens: { signIn: async () => {} } } as unknown as Platform,
        liveHub: createLiveHub({ db: app.db! }),
        queueHub: createQueueHub({ db: app.db! }),
        liveStreams: createStreamRegistry(() => 5),
      }),
  },
  "session-end.test.ts",
);
// next-auth requires next/headers for the request's cookies, which only Next's server provides: a
// stand-in takes its place in Node's module cache for this file (a CommonJS require is beyond vi.mock),
// and the module that was there before is put back after it.
const requireHere = createRequire(import.meta.url);
const nextHeaders = requireHere.resolve("next/headers");
const realNextHeaders = requireHere.cache[nextHeaders];
requireHere.cache[nextHeaders] = {
  id: nextHeaders,
  filename: nextHeaders,
  loaded: true,
  exports: {
    cookies: async () => ({ getAll: () => app.cookies, get: (name: string) => app.cookies.find((c) => c.name === name) }),
    headers: async () => new Headers({ host: "localhost:3000" }),
  },
} as unknown as NodeJS.Module;
afterAll(() => {
  if (realNextHeaders) requireHere.cache[nextHeaders] = realNextHeaders;
  else delete requireHere.cache[nextHeaders];
});

const pgUp = await postgresAvailable();
let t: TestDatabase;
/** Where the session ends: another instance's pool with PostgreSQL; the same database with PGlite. */
let elsewhere: Db;

beforeAll(async () => {
  t = pgUp ? await postgresTestDatabase() : await pgliteTestDatabase();
  app.db = t.database.db;
  app.database = t.database;
  elsewhere = pgUp ? (await t.openAnother()).db : t.database.db;
});
afterAll(async () => {
  // The hubs' own connections go before the database does: the next file in this worker must not hear from them.
  await Promise.all([built?.liveHub.close(), built?.queueHub.close()]);
  await t?.dispose();
});

const { GET: queueStream } = await import("@/app/api/queue/stream/route");
const { GET: liveStream } = await import("@/app/api/events/stream/route");
const { GET: authRoute } = await import("@/app/api/auth/[...nextauth]/route");

async function signedIn(role: "receptionist" | "doctor" | "admin") {
  const email = `end-${Math.random().toString(36).slice(2, 8)}@clinic.test`;
  const { id } = await addStaff(t.database.db, { email, name: "Asha Verma", role, password: "a long enough password" }, cheapPasswordHash);
  const sid = await startSession(t.database.db, id!, "198.51.100.9");
  const cookie = await encode({ token: { sub: id, sid, email, name: "Asha Verma", role }, secret: SECRET, maxAge: SETTINGS.maxHours * 3600 });
  return { id: id!, cookie };
}

const get = (path: string, cookie: string) => new NextRequest(`http://localhost:3000${path}`, { headers: { cookie: `next-auth.session-token=${cookie}`, host: "localhost:3000" } });

/** Reads the stream until it ends or `withinMs` passes; answers what came and whether it ended. */
async function readUntilEnd(res: Response, withinMs: number): Promise<{ text: string; ended: boolean; ms: number }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const started = performance.now();
  let text = "";
  const deadline = new Promise<"late">((r) => setTimeout(() => r("late"), withinMs));
  for (;;) {
    const next = await Promise.race([reader.read(), deadline]);
    if (next === "late") {
      await reader.cancel();
      return { text, ended: false, ms: performance.now() - started };
    }
    if (next.done) return { text, ended: true, ms: performance.now() - started };
    text += decoder.decode(next.value);
  }
}

async function firstChunk(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  return new TextDecoder().decode(value);
}

const endings: [string, (db: Db, staffId: string) => Promise<unknown>][] = [
  ["sign-out everywhere", (db, id) => db.delete(staffSessions).where(eq(staffSessions.staffId, id))],
  ["deactivation", (db, id) => db.update(staff).set({ active: false }).where(eq(staff.id, id))],
  ["a role change", (db, id) => db.update(staff).set({ role: "admin" }).where(eq(staff.id, id))],
];

describe(`a session's end closes its streams (${pgUp ? "PostgreSQL, ended through another pool" : "PGlite"})`, () => {
  // The instance checks its streams' sessions on a setInterval (every SESSION_CHECK_MS): here on a
  // clock moved by hand, so "within 2 s" is 2 s of the desk's own timer without waiting them out.
  // Everything else (the database, the streams, the reads' deadlines) runs on real time.
  beforeAll(() => void vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] }));
  afterAll(() => void vi.useRealTimers());
  /** 2 s of the desk's session checks; a check that found the session ended has closed the stream a moment later. */
  const twoSecondsOfChecks = () => vi.advanceTimersByTimeAsync(2_000);

  it.each(endings)("%s closes the queue stream within 2 s, saying why", async (_what, end) => {
    const s = await signedIn("receptionist");
    const res = await queueStream(get("/api/queue/stream?clinicId=cl-andheri-west", s.cookie), { params: Promise.resolve({}) });
    expect(await firstChunk(res)).toContain(": connected");
    await end(elsewhere, s.id);
    await twoSecondsOfChecks();
    const read = await readUntilEnd(res, 2_000);
    expect(read.ended).toBe(true);
    expect(read.text).toContain('event: stream-closed\ndata: {"reason":"signed-out"}');
  });

  it.each(endings)("%s closes the live-feed stream within 2 s, saying why", async (_what, end) => {
    const s = await signedIn("doctor");
    const res = await liveStream(get("/api/events/stream?tab=tab-1", s.cookie), { params: Promise.resolve({}) });
    expect(await firstChunk(res)).toContain(": connected");
    await end(elsewhere, s.id);
    await twoSecondsOfChecks();
    const read = await readUntilEnd(res, 2_000);
    expect(read.ended).toBe(true);
    expect(read.text).toContain('"reason":"signed-out"');
  });

  it("a stream whose session holds stays open", async () => {
    const s = await signedIn("receptionist");
    const res = await queueStream(get("/api/queue/stream?clinicId=cl-andheri-west", s.cookie), { params: Promise.resolve({}) });
    expect(await firstChunk(res)).toContain(": connected");
    // 2.5 s of checks, the last one awaited, and the stream is still open.
    await vi.advanceTimersByTimeAsync(2_500);
    await sessionWatch().check();
    expect((await readUntilEnd(res, 300)).ended).toBe(false);
  });
});

describe("next-auth's /api/auth/session forgets an ended session", () => {
  const session = async (cookie: string) => {
    app.cookies = [{ name: "next-auth.session-token", value: cookie }];
    const res = await authRoute(get("/api/auth/session", cookie), { params: Promise.resolve({ nextauth: ["session"] }) });
    expect(res.status).toBe(200);
    return { body: (await res.json()) as { user?: { id: string; role: string } }, setCookie: res.headers.getSetCookie().join("\n") };
  };

  it.each(endings)("after %s it answers as signed out and clears the cookie", async (_what, end) => {
    // The desk's clock, moved by hand: the session cache ages by it, so the 2 s pass without a real wait.
    let at = Date.now();
    setClock(() => at);
    try {
      const s = await signedIn("doctor");
      expect((await session(s.cookie)).body.user).toMatchObject({ id: s.id, role: "doctor" });
      await end(elsewhere, s.id);
      // Another instance's answer may be up to 2 s old (the session cache), never older.
      at += 2_100;
      const after = await session(s.cookie);
      expect(after.body).toEqual({});
      expect(after.setCookie).toMatch(/next-auth\.session-token=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    } finally {
      setClock(null);
    }
  });
});
