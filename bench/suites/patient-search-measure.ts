/**
 * Child process of the patient-search suite (run with --conditions=react-server so the
 * server-only modules load): seeds 100,000 patients (or the count given after the backend) into
 * one backend and times the searches.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../lib/server/db/connect";
import { patientIndex } from "../../lib/server/db/schema";
import { findDuplicates, searchPatients } from "../../lib/server/patients/patient-index";
import { nameSearchKeys } from "../../lib/server/patients/name-keys";
import { POSTGRES_ADMIN_URL, postgresTestDatabase } from "../../lib/testing/databases";

const PATIENTS = Number(process.argv[3] ?? 100_000);
const RUNS = 300;
const FIRST = ["asha", "rakesh", "sunita", "amit", "priya", "vikram", "anita", "suresh", "kavita", "rahul", "meena", "arjun", "pooja", "sanjay", "neha", "ravi", "deepa", "manoj", "lakshmi", "gopal", "farah", "imran", "harpreet", "joseph", "fatima", "venkat", "savitri", "mohan", "geeta", "nitin"];
const LAST = ["verma", "sharma", "patel", "iyer", "reddy", "singh", "gupta", "nair", "khan", "das", "joshi", "mehta", "rao", "pillai", "chatterjee", "banerjee", "kulkarni", "desai", "bhat", "menon", "saxena", "agarwal", "mishra", "pandey", "yadav", "thomas", "fernandes", "kapoor", "malhotra", "chauhan"];
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

// A seeded generator keeps the data (and so the timings) comparable between runs.
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T,>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;

async function seedPatients(database: Database) {
  const now = Date.now();
  for (let start = 0; start < PATIENTS; start += 2000) {
    const rows = Array.from({ length: Math.min(2000, PATIENTS - start) }, (_, j) => {
      const i = start + j;
      const first = cap(pick(FIRST)) + (rand() < 0.5 ? "" : cap(pick(FIRST)).slice(0, 3).toLowerCase());
      const last = cap(pick(LAST));
      const national = String(6_000_000_000 + Math.floor(rand() * 3_999_999_999));
      const dob = `${1930 + Math.floor(rand() * 90)}-${String(1 + Math.floor(rand() * 12)).padStart(2, "0")}-${String(1 + Math.floor(rand() * 28)).padStart(2, "0")}`;
      return {
        id: i.toString(16).padStart(32, "0"),
        firstName: first,
        lastName: last,
        gender: pick(["M", "F"] as const),
        dob,
        mobile: `+91${national}`,
        mobileNational: national,
        uhid: `UH-${100000 + i}`,
        uhidLower: `uh-${100000 + i}`,
        searchKeys: nameSearchKeys(first, last),
        lastSeenAt: new Date(now - i * 60_000),
      };
    });
    await database.db.insert(patientIndex).values(rows);
  }
  await database.db.execute(sql`analyze patient_index`);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(label: string, queries: string[], run: (q: string) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) await run(queries[i % queries.length]!);
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run(queries[i % queries.length]!);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { label, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  const backend = process.argv[2];
  let database: Database;
  let dispose: () => Promise<void>;
  if (backend === "postgres") {
    void POSTGRES_ADMIN_URL;
    const t = await postgresTestDatabase();
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
    await seedPatients(database);
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
    await dispose();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
