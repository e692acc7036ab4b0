/** Whether this machine can run the cluster journey: nginx found or installed, PostgreSQL answering. */
import { spawnSync } from "node:child_process";
import { findOrInstallNginx } from "../scripts/cluster-nginx";

export const CLUSTER_ADMIN_DATABASE_URL = process.env.CLUSTER_ADMIN_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** Why the journey cannot run here, or undefined when it can. */
export function clusterSkipReason(): string | undefined {
  const nginx = findOrInstallNginx();
  if ("problem" in nginx) return `Cluster journey skipped: ${nginx.problem}`;
  // Synchronous, since Playwright's configuration is: a child asks PostgreSQL for one row.
  const probe = `const { Client } = require("pg"); const c = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: 5000 });
c.connect().then(() => c.query("select 1")).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(1); });`;
  const pg = spawnSync(process.execPath, ["-e", probe, CLUSTER_ADMIN_DATABASE_URL], { encoding: "utf8", timeout: 15_000 });
  if (pg.status !== 0) return `Cluster journey skipped: PostgreSQL is not answering at ${CLUSTER_ADMIN_DATABASE_URL} (${(pg.stderr || "no answer").trim()}).`;
  return undefined;
}
