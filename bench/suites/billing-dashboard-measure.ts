/**
 * Child process of the billing-dashboard suite (run with --conditions=react-server so the
 * server-only modules load): seeds a busy clinic's year into one backend and times the dashboard.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { openDatabase, type Database } from "../../lib/server/db/connect";
import { readDashboard } from "../../lib/server/billing/dashboard";
import { readAccountLines } from "../../lib/server/billing/accounts-export";
import { POSTGRES_ADMIN_URL, postgresDatabaseUrl } from "../../lib/testing/databases";
import { BENCH_CLINIC, seedBusyYear } from "./billing-dashboard-seed";
import { timedRuns } from "../timed-runs";

const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 60);
const KEEP = process.argv.includes("--keep");

const time = (label: string, run: () => Promise<unknown>, runs = RUNS) => timedRuns(label, run, { warmups: 5, runs });

async function main() {
  const backend = process.argv[2];
  let database: Database;
  let dispose: () => Promise<void>;
  if (backend === "postgres") {
    // Named after the suite, dropped afterwards (kept with --keep, for EXPLAIN).
    const name = `billing_dashboard_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    database = await openDatabase({ databaseUrl: postgresDatabaseUrl(name), dataDir: tmpdir() });
    dispose = async () => {
      await database.close();
      if (KEEP) return console.error(`billing dashboard: kept ${postgresDatabaseUrl(name)}`);
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-dashboard-pglite-"));
    database = await openDatabase({ dataDir: dir });
    dispose = async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  try {
    const t0 = performance.now();
    await seedBusyYear(database);
    console.error(`billing dashboard: seeded a year on ${database.kind} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const db = database.db;
    const period = (from: string, to: string) => () => readDashboard(db, { clinicId: BENCH_CLINIC, from, to });
    const fy = await readDashboard(db, { clinicId: BENCH_CLINIC, from: "2026-04-01", to: "2027-03-31" });
    console.error(`billing dashboard: FY platform only ${fy.totals.platformPaise} paise, waiting ${fy.platformWaiting.count} (${fy.platformWaiting.paise} paise)`);
    const results = [
      await time("today (31/03/2027)", period("2027-03-31", "2027-03-31")),
      await time("this week", period("2027-03-29", "2027-03-31")),
      await time("this month (March)", period("2027-03-01", "2027-03-31")),
      await time("this financial year (2026-27)", period("2026-04-01", "2027-03-31")),
      await time("CSV export, this month", () => readAccountLines(db, { clinicId: BENCH_CLINIC, from: "2027-03-01", to: "2027-03-31" }), 10),
    ];
    process.stdout.write(JSON.stringify({ backend, results }) + "\n");
  } finally {
    await dispose();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
