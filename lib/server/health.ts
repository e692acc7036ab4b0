import "server-only";
import { sql } from "drizzle-orm";
import { env } from "@/lib/env";
import { database } from "./db";
import { webhookIntakeWarning } from "./webhooks";

export interface Health {
  status: "ok" | "degraded";
  platform: { mode: "sandbox" | "live"; reachable: boolean };
  db: { kind: "pglite" | "postgres" | "unknown"; ok: boolean };
  /** Unsafe settings in force (e.g. WEBHOOK_ALLOW_UNSIGNED); they do not make the app degraded. */
  warnings?: { code: string; message: string }[];
}

/** Whether the database answers and the platform's host can be reached at all. */
export async function checkHealth(): Promise<Health> {
  const config = env();
  const dbCheck = database()
    .then(async (d) => (await d.db.execute(sql`select 1`), { kind: d.kind, ok: true }))
    .catch(() => ({ kind: "unknown" as const, ok: false }));
  const platformCheck = fetch(config.platform.baseUrl, { method: "HEAD", signal: AbortSignal.timeout(2000) })
    .then(() => true)
    .catch(() => false);
  const [dbState, reachable] = await Promise.all([dbCheck, platformCheck]);
  const intakeWarning = webhookIntakeWarning();
  return {
    status: dbState.ok && reachable ? "ok" : "degraded",
    platform: { mode: config.sandboxMode ? "sandbox" : "live", reachable },
    db: dbState,
    ...(intakeWarning ? { warnings: [intakeWarning] } : {}),
  };
}
