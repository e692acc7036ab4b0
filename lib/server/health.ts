import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { env } from "@/lib/env";
import { database } from "./db";
import { platformTokens, staff } from "./db/schema";
import { AppError, PlatformCredentialsError, PlatformRejectedError, PlatformTimeoutError } from "./errors";
import { log } from "./log";
import { services } from "./services";
import { platformMode } from "./platform-demo";
import { webhookIntakeWarning } from "./webhooks";
import * as clock from "@/lib/clock";

export interface Health {
  status: "ok" | "degraded";
  platform: {
    mode: "sandbox" | "live";
    reachable: boolean;
    /** Whether the platform took a staff member's token on the last probe; "unchecked" before anyone has signed in. */
    credentials: "accepted" | "refused" | "unchecked";
    checkedAt: string;
  };
  db: { kind: "pglite" | "postgres" | "unknown"; ok: boolean };
  /** Why the status is "degraded", one sentence each; empty when ok. */
  reasons: string[];
  /** Unsafe settings in force (e.g. WEBHOOK_ALLOW_UNSIGNED); they do not make the app degraded. */
  warnings?: { code: string; message: string }[];
}

type PlatformProbe = Omit<Health["platform"], "mode"> & { reasons: string[] };

/** A health check never waits longer than this for the platform… */
export const PROBE_TIMEOUT_MS = 2_000;
/** …and asks it at most this often, however often health is polled. */
export const PROBE_CACHE_MS = 10_000;

let lastProbe: { at: number; result: Promise<PlatformProbe> } | undefined;

/** Forgets the cached probe (tests; the next check asks the platform again). */
export function resetHealthProbe(): void {
  lastProbe = undefined;
}

function withDeadline<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new PlatformTimeoutError(ms));
    }, ms);
  });
  return Promise.race([work(controller.signal), deadline]).finally(() => clearTimeout(timer));
}

/** The staff member whose platform session was used last and can still be renewed. */
async function recentPlatformStaff() {
  const { db } = await database();
  const [row] = await db
    .select({ id: staff.id, email: staff.email, name: staff.name, role: staff.role })
    .from(platformTokens)
    .innerJoin(staff, eq(staff.id, platformTokens.staffId))
    .where(and(eq(staff.active, true), gt(platformTokens.refreshExpiresAt, clock.nowDate())))
    .orderBy(desc(platformTokens.updatedAt))
    .limit(1);
  return row;
}

function describe(err: unknown, timeoutMs: number): string {
  if (err instanceof PlatformTimeoutError) return `The platform did not answer within ${timeoutMs / 1000} s.`;
  if (err instanceof PlatformCredentialsError) return `The platform refused the clinic's credentials (${err.extra.code ?? "refused"}): check PLATFORM_CLIENT_ID.`;
  if (err instanceof AppError) return `The platform answered with an error: ${err.detail ?? err.title}`;
  return "The platform could not be reached.";
}

/** A profile id no patient has: reading it asks the platform to check our token and our client-id. */
const PROBE_PROFILE_ID = "0000000000000000health0probe0000";

/**
 * One small call with the clinic's own credentials: a profile read (bearer token of the staff member
 * who used the platform last, and the `client-id` header = PLATFORM_CLIENT_ID), whose "not found"
 * means both were accepted. Before anyone has signed in there is no token, so it asks the platform's
 * OIDC verify for this client with a token that cannot verify: a client the platform does not know
 * (invalid_client) is named; any other refusal means reachable, credentials unchecked.
 */
async function probePlatform(timeoutMs: number): Promise<PlatformProbe> {
  const checkedAt = clock.nowDate().toISOString();
  try {
    const member = await recentPlatformStaff().catch(() => undefined);
    if (member) {
      const { platform } = await services();
      await withDeadline((signal) => platform.forStaff(member).patients.getProfile(PROBE_PROFILE_ID, signal), timeoutMs);
      return { reachable: true, credentials: "accepted", checkedAt, reasons: [] };
    }
    const config = env();
    const res = await withDeadline(
      (signal) =>
        fetch(`${config.platform.baseUrl}/connect-auth/v1/oidc-client/${encodeURIComponent(config.platform.clientId)}/verify`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ id_token: "health-probe" }),
          signal,
          cache: "no-store",
        }),
      timeoutMs,
    );
    const text = await res.text().catch(() => "");
    if (res.status >= 500) return { reachable: true, credentials: "unchecked", checkedAt, reasons: [`The platform answered with an error (HTTP ${res.status}).`] };
    if (/"invalid_client"/.test(text)) {
      return { reachable: true, credentials: "refused", checkedAt, reasons: [`The platform does not know the clinic's client "${config.platform.clientId}": check PLATFORM_CLIENT_ID.`] };
    }
    return { reachable: true, credentials: "unchecked", checkedAt, reasons: [] };
  } catch (err) {
    if (err instanceof PlatformCredentialsError) return { reachable: true, credentials: "refused", checkedAt, reasons: [describe(err, timeoutMs)] };
    // The platform understood and refused the probe's query: it is up and took our token.
    if (err instanceof PlatformRejectedError) return { reachable: true, credentials: "accepted", checkedAt, reasons: [] };
    // A 502 with the platform's own error code came from the platform; one without never reached it.
    const answered = err instanceof AppError && !(err instanceof PlatformTimeoutError) && (err.status !== 502 || !!err.extra.code);
    return { reachable: answered, credentials: "unchecked", checkedAt, reasons: [describe(err, timeoutMs)] };
  }
}

function cachedPlatformProbe(timeoutMs: number, now = clock.now()): Promise<PlatformProbe> {
  if (!lastProbe || now - lastProbe.at >= PROBE_CACHE_MS) lastProbe = { at: now, result: probePlatform(timeoutMs) };
  return lastProbe.result;
}

let lastDatabaseWarning = 0;

/** Why the database failed, in the log (health is public and says only that it failed): at most once per probe interval. */
function noteDatabaseFailure(err: unknown, now = clock.now()): void {
  if (now - lastDatabaseWarning < PROBE_CACHE_MS) return;
  lastDatabaseWarning = now;
  log().error({ reason: err instanceof Error ? err.message : String(err) }, "the database is not answering");
}

/**
 * Whether the database answers and the platform answers, in time, with our credentials accepted.
 * The probe's timeout is PROBE_TIMEOUT_MS; a test of a hanging platform passes a shorter one.
 */
export async function checkHealth(options: { probeTimeoutMs?: number } = {}): Promise<Health> {
  const probeTimeoutMs = options.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
  const dbCheck = database()
    .then(async (d) => (await d.db.execute(sql`select 1`), { kind: d.kind, ok: true }))
    .catch((err: unknown) => {
      noteDatabaseFailure(err);
      return { kind: "unknown" as const, ok: false };
    });
  const [dbState, probe] = await Promise.all([dbCheck, cachedPlatformProbe(probeTimeoutMs)]);
  const reasons = [...(dbState.ok ? [] : ["The database is not answering."]), ...probe.reasons];
  const intakeWarning = webhookIntakeWarning();
  return {
    status: reasons.length ? "degraded" : "ok",
    platform: { mode: platformMode(), reachable: probe.reachable, credentials: probe.credentials, checkedAt: probe.checkedAt },
    db: dbState,
    reasons,
    ...(intakeWarning ? { warnings: [intakeWarning] } : {}),
  };
}
