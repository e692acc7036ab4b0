/**
 * Child process of the patient-search suite (run with --conditions=react-server so the
 * server-only modules load): seeds 100,000 patients (or the count given after the backend) into
 * one backend and times the searches.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase, type Database } from "../../lib/server/db/connect";
import { patientIndex } from "../../lib/server/db/schema";
import { findDuplicates, searchPatients } from "../../lib/server/patients/patient-index";
import { postgresTestDatabase } from "../../lib/testing/databases";
import { seedPostgresFast, seedWithInserts, settle } from "./patient-search-seed";
import { timedRuns } from "../timed-runs";

const PATIENTS = Number(process.argv[3] ?? 100_000);
const RUNS = 300;
/** `--keep` leaves the PostgreSQL database in place (its URL on stderr) for EXPLAIN. */
const KEEP = process.argv.includes("--keep");

async function seedPatients(database: Database, url: string | undefined) {
  const t0 = performance.now();
  if (url) await seedPostgresFast(url, PATIENTS);
  else {
    await seedWithInserts(database, PATIENTS, async (db, rows) => void (await db.insert(patientIndex).values(rows)));
    await settle(database);
  }
  console.error(`patient search: seeded ${PATIENTS.toLocaleString("en")} patients on ${database.kind} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const time = (label: string, queries: string[], run: (q: string) => Promise<unknown>) =>
  timedRuns(label, (i) => run(queries[i % queries.length]!), { warmups: 20, runs: RUNS });

async function main() {
  const backend = process.argv[2];
  let database: Database;
  let dispose: () => Promise<void>;
  let url: string | undefined;
  if (backend === "postgres") {
    const t = await postgresTestDatabase();
    url = t.url;
    database = t.database;
    dispose = t.dispose;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-pglite-"));
    database = await openDatabase({ dataDir: dir });
    dispose = async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  try {
    await seedPatients(database, url);
    const db = database.db;
    const results = [
      await time("name prefix (\"asha ver\")", ["asha ver", "rak sh", "priya p", "vikram"], (q) => searchPatients(db, q, 10)),
      await time("name with a typo (\"rakseh sharma\")", ["rakseh sharma", "sunitta iyer", "kavitha reddi", "mohna das"], (q) => searchPatients(db, q, 10)),
      await time("mobile prefix (\"98123\")", ["98123", "7012", "+91 88", "6543210"], (q) => searchPatients(db, q, 10)),
      await time("UHID (\"UH-15\")", ["UH-15", "uh-100042", "UH-9", "uh-2000"], (q) => searchPatients(db, q, 10)),
      await time("recent patients (empty query)", [""], (q) => searchPatients(db, q, 10)),
      await time(
        "duplicate check (name + dob + mobile)",
        ["asha|verma|1990-04-12|+919812345678", "rakesh|sharma|1975-01-02|", "priya|patel||+917012345678"],
        (q) => {
          const [firstName, lastName, dob, mobile] = q.split("|") as [string, string, string, string];
          return findDuplicates(db, { firstName, lastName, dob, mobile, uhid: "" });
        },
      ),
    ];
    process.stdout.write(JSON.stringify({ backend, results }) + "\n");
  } finally {
    if (KEEP && url) {
      console.error(`patient search: kept ${url}`);
      await database.close();
    } else await dispose();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
