import { createServer, type IncomingMessage, type Server } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { afterAll, beforeAll } from "vitest";
import { SandboxConfig } from "../wire/sandbox-config";
import { silentLogger } from "./log";
import { startSandbox, type RunningSandbox } from "./server";

export const CLIENT_ID = "front-desk-test";
export const CLIENT_SECRET = "s3cret-for-tests";
export const ENCRYPTION_KID = "k1";
export const ENCRYPTION_KEY = "0123456789abcdef";

/** A stand-in identity provider: one ES256 key published as JWKS on a local port. */
export interface TestIdp {
  issuer: string;
  sign(claims?: Record<string, unknown>, opts?: { audience?: string; issuer?: string; expiresIn?: string | number; key?: CryptoKey }): Promise<string>;
  otherKey: CryptoKey;
  close(): Promise<void>;
}

export async function startIdp(): Promise<TestIdp> {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const other = await generateKeyPair("ES256");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "idp-key-1", alg: "ES256", use: "sig" };
  const server: Server = createServer((req, res) => {
    if (req.url === "/.well-known/jwks.json") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    otherKey: other.privateKey,
    sign: (claims = {}, opts = {}) =>
      new SignJWT({ email: "doctor@clinic.test", ...claims })
        .setProtectedHeader({ alg: "ES256", kid: "idp-key-1" })
        .setSubject("staff-42")
        .setIssuer(opts.issuer ?? issuer)
        .setAudience(opts.audience ?? CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime(opts.expiresIn ?? "5m")
        .sign(opts.key ?? privateKey),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export async function tempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "sandbox-test-"));
  // Retried: a state file the closing store renames into place can land while the directory is being removed (ENOTEMPTY).
  return { dir, remove: () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }) };
}

export function testConfig(idp: TestIdp, dataDir: string, overrides: Partial<SandboxConfig> = {}): SandboxConfig {
  return SandboxConfig.parse({
    port: 0,
    dataDir,
    clients: [{ clientId: CLIENT_ID, issuer: idp.issuer, clientSecret: CLIENT_SECRET }],
    encryptionKeys: { [ENCRYPTION_KID]: ENCRYPTION_KEY },
    ...overrides,
  });
}

export const start = (config: SandboxConfig): Promise<RunningSandbox> => startSandbox(config, { logger: silentLogger });

/** A sandbox started for the tests of one file or describe block; see {@link sandboxForTests}. */
export interface SandboxUnderTest {
  /** The stand-in identity provider the sandbox trusts. */
  readonly idp: TestIdp;
  /** The running sandbox. A test that restarts it on {@link dataDir} assigns the new one here, so that one is closed at the end. */
  sandbox: RunningSandbox;
  /** The access token of the sign-in done at start (only with `signIn: true`); a test that signs in again may replace it. */
  token: string;
  /** The temporary data directory the sandbox keeps its files in; removed at the end. */
  readonly dataDir: string;
}

/**
 * Registers a beforeAll that starts an identity provider, a temporary data directory and a sandbox
 * (`testConfig` plus `config`), signing in once when `signIn` is set, and an afterAll that stops them
 * all again. Call it at the top of a test file or inside a describe block; the properties of the
 * returned object can be read from inside tests and hooks, once the beforeAll has run.
 */
export function sandboxForTests(opts: { signIn?: boolean; config?: Partial<SandboxConfig> } = {}): SandboxUnderTest {
  let idp: TestIdp | undefined;
  let data: Awaited<ReturnType<typeof tempDir>> | undefined;
  let sandbox: RunningSandbox | undefined;
  let token: string | undefined;

  beforeAll(async () => {
    idp = await startIdp();
    data = await tempDir();
    sandbox = await start(testConfig(idp, data.dir, opts.config));
    if (opts.signIn) token = (await signIn(sandbox, idp)).access_token;
  });
  afterAll(async () => {
    // Each step runs even when an earlier one failed, so a bad close leaks neither the IdP's port nor the directory.
    try {
      await sandbox?.close();
    } finally {
      try {
        await idp?.close();
      } finally {
        await data?.remove();
      }
    }
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) {
      const hint = what === "token" && !opts.signIn ? " (pass signIn: true)" : " (read it inside a test or hook, after beforeAll)";
      throw new Error(`sandboxForTests: no ${what} yet${hint}`);
    }
    return value;
  };
  return {
    get idp() {
      return ready(idp, "idp");
    },
    get sandbox() {
      return ready(sandbox, "sandbox");
    },
    set sandbox(next) {
      sandbox = next;
    },
    get token() {
      return ready(token, "token");
    },
    set token(next) {
      token = next;
    },
    get dataDir() {
      return ready(data, "dataDir").dir;
    },
  };
}

/** Small JSON client: returns status, headers and parsed body. */
export async function call(
  base: string,
  method: string,
  pathname: string,
  opts: { body?: unknown; headers?: Record<string, string>; rawBody?: string; signal?: AbortSignal } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(base + pathname, { method, headers, body, signal: opts.signal });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests probe arbitrary answer shapes
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Signs in through OIDC verify and returns the token answer. */
export async function signIn(sandbox: RunningSandbox, idp: TestIdp) {
  const r = await call(sandbox.url, "POST", `/connect-auth/v1/oidc-client/${CLIENT_ID}/verify`, { body: { id_token: await idp.sign() } });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${r.text}`);
  return r.json as { access_token: string; refresh_token: string; expires_in: number; refresh_token_expires_in: number; redirect_url: string };
}

export interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

/** A partner endpoint that records every POST and answers with the next scripted status. */
export async function startReceiver() {
  const received: Received[] = [];
  let script: (number | "hang")[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const next = script.shift() ?? 200;
      if (next === "hang") return;
      res.writeHead(next).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    answer(statuses: (number | "hang")[]) {
      script = [...statuses];
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

