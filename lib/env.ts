import "server-only";
/**
 * The only reader of process.env. Every setting is validated once, with a readable
 * message naming the variable, so a misconfigured clinic finds out at start, not mid-visit.
 *
 * Server-only: it holds the secrets. Outside Next, the CLI scripts run under Node's `react-server`
 * condition (`tsx --conditions=react-server`, as in package.json), where the marker package is empty;
 * vitest aliases it to lib/testing/server-only-stub.ts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { isIP } from "node:net";
import { z } from "zod";
import { SandboxConfig, FaultConfig } from "./platform/wire/sandbox-config";
import { DELIVERY_ID_HEADER } from "./platform/wire/webhook-names";
import { DEFAULT_TOKEN_FORMAT, tokenFormatProblem } from "./queue/token-format";
import { DEFAULT_UHID_CLINIC_CODE, DEFAULT_UHID_FORMAT, uhidClinicCodeProblem, uhidFormatProblem } from "./patients/uhid-format";
import { DEFAULT_PRIORITY_MARKS, parsePriorityMarks, type PriorityMark } from "./queue/priority-marks";
import { DEFAULT_SKIP_RETURN_AFTER } from "./queue/call-order";
import { installedWiring } from "./installed-wiring";

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.string().url().optional());
/** A whole number within bounds, said in words when it is not. */
const wholeNumber = (min: number, max: number, what: string) => {
  const error = `must be ${what}, a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};
const port = (fallback: number) => z.preprocess(emptyToUndefined, wholeNumber(0, 65535, "a port").default(fallback));
const rate = z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(1).default(0));
const flag = (fallback: boolean) =>
  z.preprocess(emptyToUndefined, z.enum(["true", "false", "1", "0"]).optional()).transform((v) => (v === undefined ? fallback : v === "true" || v === "1"));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: port(3000),
    APP_URL: optionalUrl,
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(".data")),
    DATABASE_URL: optionalUrl,
    NEXTAUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
    PLATFORM_BASE_URL: optionalUrl,
    PLATFORM_CLIENT_ID: optionalString,
    PLATFORM_CLIENT_SECRET: optionalString,
    PLATFORM_ENCRYPTION_KEY: z.preprocess(emptyToUndefined, z.string().length(16, "must be exactly 16 characters (key+key gives the 32 bytes A128CBC-HS256 needs)").optional()),
    PLATFORM_ENCRYPTION_KID: optionalString,
    PLATFORM_AGENT_KEY: optionalString,
    /** ABDM Scan & Share with the real gateway (all four needed); without them the sandbox emulates it, or it is off. */
    ABDM_GATEWAY_URL: optionalUrl,
    ABDM_CLIENT_ID: optionalString,
    ABDM_CLIENT_SECRET: optionalString,
    ABDM_HIP_ID: optionalString,
    ABDM_CM_ID: z.preprocess(emptyToUndefined, z.string().default("sbx")),
    /** The `iss` of the gateway's tokens; the gateway URL when unset. */
    ABDM_GATEWAY_ISSUER: optionalString,
    /** Counter ids on the facility QR → the clinic whose desk serves them: "1=cl-opd,2=cl-opd" ("*=" for any counter). */
    ABDM_COUNTERS: optionalString,
    /** Days an expired, never-handled Scan & Share arrival (a shared profile) is kept for audit before it is deleted. */
    ABDM_SHARE_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).default(30)),
    PLATFORM_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(120_000).default(10_000)),
    PLATFORM_UPLOAD_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(30 * 60_000).default(120_000)),
    DRUG_CACHE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(3600).default(60)),
    SANDBOX_PORT: port(4010),
    SANDBOX_TOKEN_TTL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(1800)),
    SANDBOX_FAULT_LATENCY_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(0)),
    SANDBOX_FAULT_ERROR_RATE: rate,
    SANDBOX_FAULT_UNAUTHORIZED_RATE: rate,
    SANDBOX_FAULT_HANG_RATE: rate,
    SANDBOX_CONTROL_ROUTES: flag(true),
    SIGNIN_MAX_ATTEMPTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(5)),
    SIGNIN_WINDOW_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(900)),
    /** "platform": t=…,v1=<hex HMAC> (the platform notes); "standard": Standard Webhooks (webhook-id/-timestamp/-signature). */
    WEBHOOK_SIGNATURE_SCHEME: z.preprocess(emptyToUndefined, z.enum(["platform", "standard"], { error: 'must be "platform" or "standard"' }).default("platform")),
    WEBHOOK_SIGNATURE_HEADER: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9-]+$/, "must be an HTTP header name").optional()),
    WEBHOOK_ID_HEADER: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9-]+$/, "must be an HTTP header name").optional()),
    WEBHOOK_TIMESTAMP_HEADER: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9-]+$/, "must be an HTTP header name").default("webhook-timestamp")),
    WEBHOOK_TOLERANCE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(3600).default(180)),
    WEBHOOK_MAX_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1024).max(10 * 1024 * 1024).default(256 * 1024)),
    WEBHOOK_KEY_OVERLAP_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(24 * 30).default(24)),
    SESSION_MAX_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().min(0.25).max(24 * 7).default(10)),
    SESSION_IDLE_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(2).max(24 * 60).default(60)),
    SIGNIN_MAX_DELAY_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(300).default(30)),
    SIGNIN_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().min(1).max(365).default(30)),
    TRUSTED_PROXY_HOPS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10).default(0)),
    TRUSTED_PROXY_ADDRESSES: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default("127.0.0.1,::1")
        .transform((v) => v.split(",").map((a) => a.trim().toLowerCase()).filter(Boolean))
        .refine((list) => list.length > 0 && list.every((a) => isIP(a) !== 0), "must be a comma-separated list of IP addresses (e.g. 127.0.0.1,::1)"),
    ),
    DATA_SEALING_KEY: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters (openssl rand -base64 48)").optional()),
    DATA_SEALING_PREVIOUS_KEYS: optionalString,
    WEBHOOK_ALLOW_UNSIGNED: flag(false),
    WEBHOOK_RECEIPT_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).default(30)),
    WEBHOOK_RECEIPT_MAX_ROWS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).default(200_000)),
    WEBHOOK_ENDPOINT_ALLOW: optionalString,
    /** A platform and desk on the clinic's own network: http:// and private-network receiver endpoints are allowed. */
    WEBHOOK_ON_PREMISE_RECEIVER: flag(false),
    LIVE_STREAMS_PER_STAFF: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).default(5)),
    /** The OPD token's label, e.g. A-{n:3} → A-012 (see lib/queue/token-format.ts). */
    OPD_TOKEN_FORMAT: z.preprocess(
      emptyToUndefined,
      z.string().default(DEFAULT_TOKEN_FORMAT).superRefine((v, ctx) => {
        const problem = tokenFormatProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    ),
    /** Priority marks in order of precedence: built-in keys, or key=Label for the clinic's own. */
    OPD_PRIORITY_MARKS: z.preprocess(
      emptyToUndefined,
      z.string().optional().transform((v, ctx): PriorityMark[] => {
        if (v === undefined) return DEFAULT_PRIORITY_MARKS;
        try {
          return parsePriorityMarks(v);
        } catch (err) {
          ctx.addIssue({ code: "custom", message: (err as Error).message });
          return z.NEVER;
        }
      }),
    ),
    /** The clinic's own patient number, generated at registration: placeholders in lib/patients/uhid-format.ts (README → Configuration). */
    OPD_UHID_FORMAT: z.preprocess(
      emptyToUndefined,
      z.string().default(DEFAULT_UHID_FORMAT).superRefine((v, ctx) => {
        const problem = uhidFormatProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    ),
    /** The {clinic} part of a generated UHID, e.g. PUN. */
    OPD_UHID_CLINIC_CODE: z.preprocess(
      emptyToUndefined,
      z.string().default(DEFAULT_UHID_CLINIC_CODE).superRefine((v, ctx) => {
        const problem = uhidClinicCodeProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    ),
    /** How many calls a skipped token sits out before it is back in line. */
    OPD_SKIP_RETURN_AFTER_CALLS: z.preprocess(emptyToUndefined, wholeNumber(1, 50, "a number of calls").default(DEFAULT_SKIP_RETURN_AFTER)),
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional()),
    INSTANCE_NAME: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9._-]{1,32}$/, { error: "must be 1–32 letters, digits, dots, dashes or underscores" }).optional()),
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    CLUSTER_INSTANCES: z.preprocess(emptyToUndefined, wholeNumber(1, 32, "the number of app instances").default(3)),
    CLUSTER_FIRST_INSTANCE_PORT: z.preprocess(emptyToUndefined, wholeNumber(1, 65535, "a port").optional()),
    CLUSTER_ADMIN_DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().default("postgres://postgres@127.0.0.1:5432/postgres")),
  })
  .superRefine((v, ctx) => {
    if (v.ABDM_GATEWAY_URL) {
      for (const key of ["ABDM_CLIENT_ID", "ABDM_CLIENT_SECRET", "ABDM_HIP_ID"] as const) {
        if (!v[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when ABDM_GATEWAY_URL is set" });
      }
    }
    if (v.PLATFORM_BASE_URL && !v.PLATFORM_CLIENT_ID) {
      ctx.addIssue({ code: "custom", path: ["PLATFORM_CLIENT_ID"], message: "is required when PLATFORM_BASE_URL is set" });
    }
    if (!!v.PLATFORM_ENCRYPTION_KEY !== !!v.PLATFORM_ENCRYPTION_KID) {
      ctx.addIssue({ code: "custom", path: ["PLATFORM_ENCRYPTION_KID"], message: "PLATFORM_ENCRYPTION_KEY and PLATFORM_ENCRYPTION_KID are set together or not at all" });
    }
    if (v.PLATFORM_BASE_URL && v.NODE_ENV === "production" && !v.NEXTAUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["NEXTAUTH_SECRET"], message: "is required with a real platform (generate one: openssl rand -base64 48)" });
    }
    if (v.PLATFORM_BASE_URL && v.NODE_ENV === "production" && !v.DATA_SEALING_KEY) {
      ctx.addIssue({ code: "custom", path: ["DATA_SEALING_KEY"], message: "is required with a real platform (generate one: openssl rand -base64 48)" });
    }
  });

export type RawEnv = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration is not valid:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee .env.example for every setting.`);
    this.name = "ConfigError";
  }
  /** One line naming each variable, for a server that stops at start (easy to find in any log). */
  get oneLine(): string {
    return `Configuration is not valid: ${this.problems.join("; ")}. The app did not start; see .env.example.`;
  }
}

function loadDotEnv() {
  // Next loads .env itself; the CLI scripts and the sandbox read it here.
  const file = path.resolve(".env");
  if (existsSync(file) && typeof process.loadEnvFile === "function") process.loadEnvFile(file);
}

/**
 * The variables a configuration is read from. Left out, this process's environment (with .env);
 * given, only those: the start-up checks of the scripts are tested with their own, in-process.
 */
export type EnvSource = Readonly<Record<string, string | undefined>>;

function processEnv(): EnvSource {
  loadDotEnv();
  return process.env;
}

function parse(source: EnvSource = processEnv()): RawEnv {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`));
  }
  return result.data;
}

/**
 * The configuration as a production server reads it (NODE_ENV=production), whatever this process's
 * NODE_ENV: `npm start` and the cluster check it before they start `next start`, so a missing
 * NEXTAUTH_SECRET or DATA_SEALING_KEY stops them with one line instead of a server that answers 500.
 */
export function productionConfigError(source: EnvSource = processEnv()): ConfigError | null {
  const result = EnvSchema.safeParse({ ...source, NODE_ENV: "production" });
  return result.success ? null : new ConfigError(result.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`));
}

/** Whether this process runs the tests (vitest sets NODE_ENV=test): lib/testing/process-wiring.ts installs a wiring only then. */
export const isTestProcess = (): boolean => process.env.NODE_ENV === "test";

const DEFAULT_SANDBOX_CLIENT_ID = "front-desk-sandbox";
const DEFAULT_SANDBOX_AGENT_KEY = "front-desk-sandbox-agent";

export interface AppEnv {
  nodeEnv: RawEnv["NODE_ENV"];
  port: number;
  appUrl: string;
  dataDir: string;
  databaseUrl?: string;
  authSecret: string;
  platform: {
    baseUrl: string;
    clientId: string;
    clientSecret?: string;
    timeoutMs: number;
    /** A whole document upload, sending included; the answer after the last byte still gets timeoutMs. */
    uploadTimeoutMs: number;
    encryption?: { key: string; kid: string };
    /** The assistant agent key (`x-agent-id`); absent when the clinic has not configured one. */
    agentKey?: string;
    /** How long one instance reuses a formulary answer (search, opened entry) for the same query; 0: never. */
    drugCacheSeconds: number;
    /**
     * No PLATFORM_BASE_URL: the platform is the sandbox (the emulator at SANDBOX_PORT). Only the
     * platform client reads this (lib/platform/client/demo.ts); the desk asks for its demo capability
     * (lib/server/platform-demo.ts) instead of branching on sandbox mode (lib/sandbox-mode.test.ts).
     */
    emulator: boolean;
  };
  /** ABDM Scan & Share (read by lib/platform/client/demo.ts abdmGatewaySettings, which decides real or emulated). */
  abdm: { gatewayUrl?: string; clientId?: string; clientSecret?: string; hipId?: string; cmId: string; issuer?: string; counters: Record<string, string>; shareRetentionDays: number };
  webhooks: {
    /** WEBHOOK_ON_PREMISE_RECEIVER: http:// and private-network endpoints allowed (a clinic's own network). */
    onPremiseReceiver: boolean;
    /** Which signature the receiver verifies (WEBHOOK_SIGNATURE_SCHEME); fails closed either way. */
    signatureScheme: "platform" | "standard";
    signatureHeader: string;
    /** The delivery id header (Standard Webhooks signs it: webhook-id). */
    deliveryIdHeader: string;
    timestampHeader: string;
    toleranceSeconds: number;
    maxBytes: number;
    keyOverlapHours: number;
    /** Unsafe opt-in: accept unsigned deliveries while no signing key exists. */
    allowUnsigned: boolean;
    receiptRetentionDays: number;
    receiptMaxRows: number;
    /** Hosts, addresses or CIDR ranges a subscription endpoint may point at despite the address checks. */
    endpointAllow: string[];
  };
  /** Open live-feed streams per staff member; the oldest closes when a newer one opens. */
  liveStreamsPerStaff: number;
  /** The OPD counter: token label format, priority marks in order of precedence, and how long a skipped token sits out. */
  opd: { tokenFormat: string; priorityMarks: PriorityMark[]; skipReturnAfter: number; uhidFormat: string; uhidClinicCode: string };
  sessions: { maxHours: number; idleMinutes: number };
  signInThrottle: { freeAttempts: number; quietSeconds: number; maxDelaySeconds: number; retentionDays: number };
  trustedProxyHops: number;
  /** The proxies' own addresses: X-Forwarded-For is believed only from a peer among them. */
  trustedProxyAddresses: string[];
  /** Seals platform tokens, assistant-session tokens and webhook signing keys in the database. */
  sealing: { current: string; previous: string[] };
  /** pino level of the app's and the sandbox's JSON log lines. */
  logLevel: LogLevel;
  /** Which instance this is (`npm run cluster` names them 1, 2, 3…): on every log line, so interleaved logs tell them apart. */
  instanceName?: string;
  /** OTLP/HTTP collector base URL; traces are exported only when it is set. */
  otlpEndpoint?: string;
}

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

function authSecretFor(raw: RawEnv, dataDir: string): string {
  if (raw.NEXTAUTH_SECRET) return raw.NEXTAUTH_SECRET;
  // Embedded mode: a random secret kept beside the data, so sessions survive restarts.
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function sealingKeyFor(raw: RawEnv, dataDir: string): string {
  if (raw.DATA_SEALING_KEY) return raw.DATA_SEALING_KEY;
  // Embedded mode: generated once beside the data, like the auth secret.
  const file = path.join(dataDir, "sealing-key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(48).toString("base64url");
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

let cached: AppEnv | undefined;

/** This process's configuration, read once; or, given a source, the configuration those variables make (not kept). */
export function env(source?: EnvSource): AppEnv {
  if (source) return appEnv(parse(source));
  // A test's configuration (lib/installed-wiring.ts); never set in production.
  const installed = installedWiring()?.env;
  if (installed) return installed();
  cached ??= appEnv(parse());
  return cached;
}

function appEnv(raw: RawEnv): AppEnv {
  const dataDir = path.resolve(raw.DATA_DIR);
  const emulator = !raw.PLATFORM_BASE_URL;
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    appUrl: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ""),
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    authSecret: authSecretFor(raw, dataDir),
    platform: {
      baseUrl: (raw.PLATFORM_BASE_URL ?? `http://127.0.0.1:${raw.SANDBOX_PORT}`).replace(/\/$/, ""),
      clientId: raw.PLATFORM_CLIENT_ID ?? DEFAULT_SANDBOX_CLIENT_ID,
      clientSecret: raw.PLATFORM_CLIENT_SECRET,
      timeoutMs: raw.PLATFORM_TIMEOUT_MS,
      uploadTimeoutMs: raw.PLATFORM_UPLOAD_TIMEOUT_MS,
      drugCacheSeconds: raw.DRUG_CACHE_SECONDS,
      emulator,
      agentKey: raw.PLATFORM_AGENT_KEY ?? (emulator ? DEFAULT_SANDBOX_AGENT_KEY : undefined),
      encryption:
        raw.PLATFORM_ENCRYPTION_KEY && raw.PLATFORM_ENCRYPTION_KID
          ? { key: raw.PLATFORM_ENCRYPTION_KEY, kid: raw.PLATFORM_ENCRYPTION_KID }
          : undefined,
    },
    abdm: {
      gatewayUrl: raw.ABDM_GATEWAY_URL?.replace(/\/$/, ""),
      clientId: raw.ABDM_CLIENT_ID,
      clientSecret: raw.ABDM_CLIENT_SECRET,
      hipId: raw.ABDM_HIP_ID,
      cmId: raw.ABDM_CM_ID,
      issuer: raw.ABDM_GATEWAY_ISSUER,
      shareRetentionDays: raw.ABDM_SHARE_RETENTION_DAYS,
      counters: Object.fromEntries(
        (raw.ABDM_COUNTERS ?? "")
          .split(",")
          .map((pair) => pair.split("=").map((v) => v.trim()))
          .filter((p): p is [string, string] => p.length === 2 && Boolean(p[0]) && Boolean(p[1])),
      ),
    },
    webhooks: {
      signatureScheme: raw.WEBHOOK_SIGNATURE_SCHEME,
      signatureHeader: raw.WEBHOOK_SIGNATURE_HEADER ?? (raw.WEBHOOK_SIGNATURE_SCHEME === "standard" ? "webhook-signature" : "Svc-Webhook-Signature"),
      deliveryIdHeader: raw.WEBHOOK_ID_HEADER ?? (raw.WEBHOOK_SIGNATURE_SCHEME === "standard" ? "webhook-id" : DELIVERY_ID_HEADER),
      timestampHeader: raw.WEBHOOK_TIMESTAMP_HEADER,
      toleranceSeconds: raw.WEBHOOK_TOLERANCE_SECONDS,
      maxBytes: raw.WEBHOOK_MAX_BYTES,
      keyOverlapHours: raw.WEBHOOK_KEY_OVERLAP_HOURS,
      allowUnsigned: raw.WEBHOOK_ALLOW_UNSIGNED,
      receiptRetentionDays: raw.WEBHOOK_RECEIPT_RETENTION_DAYS,
      receiptMaxRows: raw.WEBHOOK_RECEIPT_MAX_ROWS,
      onPremiseReceiver: raw.WEBHOOK_ON_PREMISE_RECEIVER,
      endpointAllow: (raw.WEBHOOK_ENDPOINT_ALLOW ?? "").split(",").map((v) => v.trim().toLowerCase()).filter(Boolean),
    },
    sessions: { maxHours: raw.SESSION_MAX_HOURS, idleMinutes: raw.SESSION_IDLE_MINUTES },
    signInThrottle: {
      freeAttempts: raw.SIGNIN_MAX_ATTEMPTS,
      quietSeconds: raw.SIGNIN_WINDOW_SECONDS,
      maxDelaySeconds: raw.SIGNIN_MAX_DELAY_SECONDS,
      retentionDays: raw.SIGNIN_RETENTION_DAYS,
    },
    trustedProxyHops: raw.TRUSTED_PROXY_HOPS,
    trustedProxyAddresses: raw.TRUSTED_PROXY_ADDRESSES,
    sealing: {
      current: sealingKeyFor(raw, dataDir),
      previous: (raw.DATA_SEALING_PREVIOUS_KEYS ?? "").split(",").map((k) => k.trim()).filter(Boolean),
    },
    liveStreamsPerStaff: raw.LIVE_STREAMS_PER_STAFF,
    opd: { tokenFormat: raw.OPD_TOKEN_FORMAT, priorityMarks: raw.OPD_PRIORITY_MARKS, skipReturnAfter: raw.OPD_SKIP_RETURN_AFTER_CALLS, uhidFormat: raw.OPD_UHID_FORMAT, uhidClinicCode: raw.OPD_UHID_CLINIC_CODE },
    // Tests keep their output to warnings unless asked otherwise.
    logLevel: raw.LOG_LEVEL ?? (raw.NODE_ENV === "test" ? "warn" : "info"),
    instanceName: raw.INSTANCE_NAME,
    otlpEndpoint: raw.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/$/, ""),
  };
}

/** Configuration of the sandbox platform, for `npm run sandbox` and the embedded start. */
export function sandboxConfig(source?: EnvSource): SandboxConfig {
  const raw = parse(source);
  const app = env(source);
  return SandboxConfig.parse({
    port: raw.SANDBOX_PORT,
    dataDir: path.join(app.dataDir, "sandbox"),
    accessTokenTtlSeconds: raw.SANDBOX_TOKEN_TTL_SECONDS,
    clients: [{ clientId: app.platform.clientId, issuer: app.appUrl, clientSecret: raw.PLATFORM_CLIENT_SECRET }],
    encryptionKeys: app.platform.encryption ? { [app.platform.encryption.kid]: app.platform.encryption.key } : {},
    faults: FaultConfig.parse({
      latencyMs: raw.SANDBOX_FAULT_LATENCY_MS,
      errorRate: raw.SANDBOX_FAULT_ERROR_RATE,
      unauthorizedRate: raw.SANDBOX_FAULT_UNAUTHORIZED_RATE,
      hangRate: raw.SANDBOX_FAULT_HANG_RATE,
    }),
    controlRoutes: raw.SANDBOX_CONTROL_ROUTES,
  });
}

/** `npm run cluster`: nginx listens on PORT, the app instances on the ports after it. */
export interface ClusterConfig {
  instances: number;
  firstInstancePort: number;
  /** Where the cluster's own database is created when DATABASE_URL is not set. */
  adminDatabaseUrl: string;
  /** nginx's files and the cluster's generated secrets. */
  dir: string;
  /** The same for every instance: configured, or generated once under `dir`. */
  authSecret: string;
  sealingKey: string;
}

export function clusterConfig(source?: EnvSource): ClusterConfig {
  const raw = parse(source);
  const dir = path.join(path.resolve(raw.DATA_DIR), "cluster");
  return {
    dir,
    authSecret: authSecretFor(raw, dir),
    sealingKey: sealingKeyFor(raw, dir),
    instances: raw.CLUSTER_INSTANCES,
    firstInstancePort: raw.CLUSTER_FIRST_INSTANCE_PORT ?? raw.PORT + 1,
    adminDatabaseUrl: raw.CLUSTER_ADMIN_DATABASE_URL,
  };
}

/** For tests only: forget the parsed configuration so a changed environment is read again. */
export function resetEnvForTests() {
  cached = undefined;
}
