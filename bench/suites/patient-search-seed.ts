/**
 * Synthetic patients for the patient-search suite: Indian names, mobiles and UHIDs, patient i
 * seen i minutes ago. A seeded generator keeps the data (and so the timings) comparable between
 * runs. On PostgreSQL the rows go in through COPY-like batched `unnest` inserts with the secondary
 * indexes dropped and rebuilt afterwards (1,000,000 patients in about 100 s on the shared 2-core
 * machine at a load average of 7 to 12); the search keys are always the app's own (`nameSearchKeys`),
 * computed in JS, so no SQL copy of them needs proving equal.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "../../lib/server/db/connect";
import { patientIndex } from "../../lib/server/db/schema";
import { nameSearchKeys } from "../../lib/server/patients/name-keys";

const FIRST = ["asha", "rakesh", "sunita", "amit", "priya", "vikram", "anita", "suresh", "kavita", "rahul", "meena", "arjun", "pooja", "sanjay", "neha", "ravi", "deepa", "manoj", "lakshmi", "gopal", "farah", "imran", "harpreet", "joseph", "fatima", "venkat", "savitri", "mohan", "geeta", "nitin"];
const LAST = ["verma", "sharma", "patel", "iyer", "reddy", "singh", "gupta", "nair", "khan", "das", "joshi", "mehta", "rao", "pillai", "chatterjee", "banerjee", "kulkarni", "desai", "bhat", "menon", "saxena", "agarwal", "mishra", "pandey", "yadav", "thomas", "fernandes", "kapoor", "malhotra", "chauhan"];
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export type SeedRow = typeof patientIndex.$inferInsert & { searchKeys: string[]; lastSeenAt: Date };

/** The patients in batches, in order; the same sequence for every backend and count. */
export function* syntheticPatients(count: number, batch = 2000, now = Date.now()): Generator<SeedRow[]> {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T,>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const keysOf = new Map<string, string[]>();
  for (let start = 0; start < count; start += batch) {
    yield Array.from({ length: Math.min(batch, count - start) }, (_, j): SeedRow => {
      const i = start + j;
      const first = cap(pick(FIRST)) + (rand() < 0.5 ? "" : cap(pick(FIRST)).slice(0, 3).toLowerCase());
      const last = cap(pick(LAST));
      const national = String(6_000_000_000 + Math.floor(rand() * 3_999_999_999));
      const dob = `${1930 + Math.floor(rand() * 90)}-${String(1 + Math.floor(rand() * 12)).padStart(2, "0")}-${String(1 + Math.floor(rand() * 28)).padStart(2, "0")}`;
      const name = `${first} ${last}`;
      let searchKeys = keysOf.get(name);
      if (!searchKeys) keysOf.set(name, (searchKeys = nameSearchKeys(first, last)));
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
        searchKeys,
        lastSeenAt: new Date(now - i * 60_000),
      };
    });
  }
}

/** Seeds through the app's schema (PGlite, or any backend): plain batched inserts. */
export async function seedWithInserts(database: Database, count: number, write: (db: Database["db"], rows: SeedRow[]) => Promise<void>) {
  for (const rows of syntheticPatients(count)) await write(database.db, rows);
}

const COLUMNS = ["id", "first_name", "last_name", "gender", "dob", "mobile", "mobile_national", "uhid", "uhid_lower", "search_keys", "last_seen_at"] as const;

/**
 * Seeds a PostgreSQL database fast: the secondary indexes (whatever the migrations made) are
 * dropped, the rows go in 20,000 at a time as arrays, the indexes are rebuilt, and the table is
 * vacuumed and analysed as autovacuum would leave it.
 */
export async function seedPostgresFast(url: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string; tablename: string }>(
      `select i.indexname, i.indexdef, i.tablename from pg_indexes i
        where i.schemaname = 'public' and i.tablename like 'patient%'
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const i of indexes) await client.query(`drop index "${i.indexname}"`);
    await client.query("set maintenance_work_mem = '256MB'");
    for (const rows of syntheticPatients(count, 20_000)) {
      await client.query(
        `insert into patient_index (${COLUMNS.join(", ")})
         select id, f, l, g, d, m, mn, u, ul, string_to_array(k, ' '), s
           from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::timestamptz[])
             as t(id, f, l, g, d, m, mn, u, ul, k, s)`,
        [
          rows.map((r) => r.id),
          rows.map((r) => r.firstName),
          rows.map((r) => r.lastName),
          rows.map((r) => r.gender),
          rows.map((r) => r.dob),
          rows.map((r) => r.mobile),
          rows.map((r) => r.mobileNational),
          rows.map((r) => r.uhid),
          rows.map((r) => r.uhidLower),
          rows.map((r) => r.searchKeys.join(" ")),
          rows.map((r) => r.lastSeenAt.toISOString()),
        ],
      );
    }
    for (const i of indexes) await client.query(i.indexdef);
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
}

/** After plain inserts: the statistics and visibility map autovacuum would leave. */
export async function settle(database: Database) {
  await database.db.execute(sql`vacuum analyze`);
}
