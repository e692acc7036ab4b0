/**
 * Starts a real sandbox platform on a random port with a real identity provider (our own,
 * serving its JWKS over HTTP), so platform-client tests exercise the whole token dance.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SandboxConfig, type FaultConfig } from "../platform/wire/sandbox-config";
import { startSandbox } from "../platform/fake/server";
import type { Logger } from "../platform/fake/log";
import { identityProvider, type IdentityProvider } from "../server/auth/identity-provider";
import { addStaff } from "../server/auth/staff-repo";
import type { Database } from "../server/db/connect";
import type { StaffIdentity } from "@/lib/platform/client";
import * as clock from "../clock";

export const TEST_CLIENT_ID = "front-desk-test";
export const TEST_ENCRYPTION = { kid: "test-key-1", key: "k3y-f0r-t3sting!" };

export interface PlatformHarness {
  sandboxUrl: string;
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

async function control(base: string, method: string, route: string, body?: unknown) {
  const send = () =>
    fetch(`${base}/__sandbox/${route}`, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  // Control calls are idempotent: one lost to a connection reset on a loaded machine is sent again.
  const res = await send().catch(() => send());
  if (!res.ok) throw new Error(`sandbox control ${method} ${route} answered ${res.status}: ${await res.text()}`);
  return res.json().catch(() => ({}));
}

export async function startPlatformHarness(database: Database, opts: { accessTokenTtlSeconds?: number; sandboxLogger?: Logger; now?: () => number } = {}): Promise<PlatformHarness> {
  // The JWKS server must exist before the provider (its URL is the issuer), so it reads it late.
  const late: { idp?: IdentityProvider } = {};
  const jwksServer: Server = createServer(async (req, res) => {
    if (req.url === "/.well-known/jwks.json") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(await late.idp!.jwks()));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;
  const idp = (late.idp = identityProvider(database.db, issuer));

  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-sandbox-"));
  const sandbox = await startSandbox(
    SandboxConfig.parse({
      port: 0,
      dataDir,
      accessTokenTtlSeconds: opts.accessTokenTtlSeconds ?? 1800,
      clients: [{ clientId: TEST_CLIENT_ID, issuer }],
      encryptionKeys: { [TEST_ENCRYPTION.kid]: TEST_ENCRYPTION.key },
    }),
    { logger: opts.sandboxLogger, logLevel: "warn", now: opts.now ?? clock.now },
  );

  const email = `doctor-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@clinic.test`;
  const added = await addStaff(database.db, { email, name: "Dr. Test Harness", role: "doctor", password: "a long test password" });
  const staff = { id: added.id!, email, name: "Dr. Test Harness", role: "doctor" };
  const base = sandbox.url;

  return {
    sandboxUrl: base,
    issuer,
    idp,
    staff,
    setFaults: async (faults) => void (await control(base, "PUT", "faults", faults)),
    resetFaults: async () => void (await control(base, "POST", "faults/reset")),
    stats: () => control(base, "GET", "stats") as Promise<Record<string, number>>,
    resetStats: async () => void (await control(base, "POST", "stats/reset")),
    expireAccessTokens: async () => void (await control(base, "POST", "tokens/expire-access")),
    releaseDemoSlots: async (doctorId, clinicId, day) => ((await control(base, "POST", "slots/release", { doctor_id: doctorId, clinic_id: clinicId, day })) as { free: number }).free,
    async close() {
      await sandbox.close();
      await new Promise<void>((resolve) => jwksServer.close(() => resolve()));
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}
