/**
 * A real sandbox platform with a real identity provider (our own, whose JWKS the sandbox fetches),
 * so platform-client tests exercise the whole token dance. By default nothing listens on a port: the
 * platform client and the sandbox reach each other through an in-process fetch handed to both at
 * composition time (`connection`), the same requests and answers without sockets. `overHttp` puts
 * the sandbox on a real port instead, for the tests of the production transport itself.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SandboxConfig, type FaultConfig } from "../platform/wire/sandbox-config";
import { createSandbox, startSandbox } from "../platform/fake/server";
import type { Logger } from "../platform/fake/log";
import { identityProvider, type IdentityProvider } from "../server/auth/identity-provider";
import { addStaff } from "../server/auth/staff-repo";
import type { Database } from "../server/db/connect";
import type { StaffIdentity } from "@/lib/platform/client";
import * as clock from "../clock";
import { inProcessFetch, type FetchHandler } from "./in-process-fetch";
import { cheapPasswordHash } from "./cheap-password-hash";

export const TEST_CLIENT_ID = "front-desk-test";
export const TEST_ENCRYPTION = { kid: "test-key-1", key: "k3y-f0r-t3sting!" };

/** Origins of the in-process harness: nothing resolves them, only the harness's fetch answers them. */
const SANDBOX_ORIGIN = "http://sandbox.platform.test";
const DESK_ORIGIN = "http://desk.test";

export interface PlatformHarness {
  /** The sandbox's base URL: answered only by `fetch` (in-process), or a real port with `overHttp`. */
  sandboxUrl: string;
  /** The desk's origin as the sandbox reaches it (in-process). */
  deskUrl: string;
  /** A fetch that reaches the sandbox (for its /__sandbox/ control and inspection routes). */
  fetch: typeof fetch;
  /** What createPlatform needs to reach this sandbox: its base URL and, in-process, the fetch that answers it. */
  connection: { baseUrl: string; fetch?: typeof fetch };
  issuer: string;
  idp: IdentityProvider;
  staff: StaffIdentity;
  setFaults(faults: Partial<FaultConfig>): Promise<void>;
  resetFaults(): Promise<void>;
  stats(): Promise<Record<string, number>>;
  resetStats(): Promise<void>;
  expireAccessTokens(): Promise<void>;
  /** Frees every demo-held slot of a doctor's day at a clinic, so a test has the free slots it needs; answers how many are free. */
  releaseDemoSlots(doctorId: string, clinicId: string, day: string): Promise<number>;
  close(): Promise<void>;
}

async function control(reach: typeof fetch, base: string, method: string, route: string, body?: unknown) {
  const send = () =>
    reach(`${base}/__sandbox/${route}`, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  // Control calls are idempotent: one lost to a connection reset on a loaded machine (overHttp) is sent again.
  const res = await send().catch(() => send());
  if (!res.ok) throw new Error(`sandbox control ${method} ${route} answered ${res.status}: ${await res.text()}`);
  return res.json().catch(() => ({}));
}

export interface PlatformHarnessOptions {
  accessTokenTtlSeconds?: number;
  sandboxLogger?: Logger;
  now?: () => number;
  /** The sandbox on a real port, reached by the client's own transport (undici keep-alive): for tests of HTTP itself. */
  overHttp?: boolean;
  /** The desk's other routes the sandbox calls (ABDM's share callback), in-process at the desk's origin. */
  desk?: FetchHandler;
}

export async function startPlatformHarness(database: Database, opts: PlatformHarnessOptions = {}): Promise<PlatformHarness> {
  const issuer = DESK_ORIGIN;
  const idp = identityProvider(database.db, issuer);
  // The desk's JWKS as its route publishes it; the sandbox fetches it through this, in-process.
  const desk: FetchHandler = async (req) =>
    new URL(req.url).pathname === "/.well-known/jwks.json" ? Response.json(await idp.jwks()) : opts.desk ? opts.desk(req) : new Response(null, { status: 404 });
  // Webhook endpoints a test stands up on a port of its own are reached over HTTP, as the platform reaches the desk.
  const sandboxOutbound = inProcessFetch({ [DESK_ORIGIN]: desk }, { otherwise: (input, init) => fetch(input, init) });

  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-sandbox-"));
  const config = SandboxConfig.parse({
    port: 0,
    dataDir,
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds ?? 1800,
    clients: [{ clientId: TEST_CLIENT_ID, issuer }],
    encryptionKeys: { [TEST_ENCRYPTION.kid]: TEST_ENCRYPTION.key },
  });
  const sandboxOptions = { logger: opts.sandboxLogger, logLevel: "warn" as const, now: opts.now ?? clock.now, fetch: sandboxOutbound };
  let base: string;
  let reach: typeof fetch;
  let connection: PlatformHarness["connection"];
  let closeSandbox: () => Promise<void>;
  if (opts.overHttp) {
    const running = await startSandbox(config, sandboxOptions);
    base = running.url;
    reach = (input, init) => fetch(input, init);
    connection = { baseUrl: base };
    closeSandbox = running.close;
  } else {
    const sandbox = await createSandbox(config, sandboxOptions);
    base = SANDBOX_ORIGIN;
    reach = inProcessFetch({ [SANDBOX_ORIGIN]: sandbox.fetch });
    connection = { baseUrl: base, fetch: reach };
    closeSandbox = sandbox.close;
  }

  const email = `doctor-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@clinic.test`;
  const added = await addStaff(database.db, { email, name: "Dr. Test Harness", role: "doctor", password: "a long test password" }, cheapPasswordHash);
  const staff = { id: added.id!, email, name: "Dr. Test Harness", role: "doctor" };

  return {
    sandboxUrl: base,
    deskUrl: DESK_ORIGIN,
    fetch: reach,
    connection,
    issuer,
    idp,
    staff,
    setFaults: async (faults) => void (await control(reach, base, "PUT", "faults", faults)),
    resetFaults: async () => void (await control(reach, base, "POST", "faults/reset")),
    stats: () => control(reach, base, "GET", "stats") as Promise<Record<string, number>>,
    resetStats: async () => void (await control(reach, base, "POST", "stats/reset")),
    expireAccessTokens: async () => void (await control(reach, base, "POST", "tokens/expire-access")),
    releaseDemoSlots: async (doctorId, clinicId, day) => ((await control(reach, base, "POST", "slots/release", { doctor_id: doctorId, clinic_id: clinicId, day })) as { free: number }).free,
    async close() {
      await closeSandbox();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}
