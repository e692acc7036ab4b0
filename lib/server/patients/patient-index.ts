import "server-only";
import { and, arrayOverlaps, desc, eq, inArray, like, lt, or, sql, type SQL } from "drizzle-orm";
import type { PatientSummary } from "@/lib/schemas/patient-summary";
import { displayNameOf } from "@/lib/schemas/patient-names";
import type { DirectoryData, DuplicateMatch, DuplicateQuery, PatientProfile } from "@/lib/schemas/patients";
import { db as appDb, type Db } from "../db";
import { patientIndex } from "../db/schema";
import { deskWriteKind } from "../desk-outbox";
import { NAME_KEYS_VERSION, nameQueryKeys, nameSearchKeys, nameTokens } from "./name-keys";
import * as clock from "@/lib/clock";
import { abhaNumberDigits, formatAbhaNumber, normaliseAbhaAddress } from "@/lib/schemas/abha";

type IndexRow = typeof patientIndex.$inferSelect;

/** The number without its country code: what a receptionist usually types. */
export function nationalDigits(mobile: string | null | undefined): string | null {
  if (!mobile) return null;
  const digits = mobile.replace(/\D/g, "");
  if (mobile.startsWith("+91") || (digits.length === 12 && digits.startsWith("91"))) return digits.slice(2);
  return digits.length > 10 ? digits.slice(-10) : digits;
}

export function toSummary(r: IndexRow): PatientSummary {
  return {
    id: r.id,
    // The salutation the desk knows (the directory's designation the clinic sent, else the index's): "Mrs. Lata Newuser" on a slip too.
    name: displayNameOf({ salutation: (r.directory as DirectoryData | null)?.designation ?? r.salutation, firstName: r.firstName, middleName: r.middleName, lastName: r.lastName }),
    gender: r.gender ?? null,
    dob: r.dob ?? null,
    mobile: r.mobile ?? null,
    uhid: r.uhid ?? null,
  };
}

export type IndexedPatient = Pick<PatientProfile, "id" | "salutation" | "firstName" | "middleName" | "lastName" | "gender" | "dob" | "mobile" | "uhid"> &
  Partial<Pick<PatientProfile, "abha" | "abhaNumber">>;

/** Records (or refreshes) a patient the clinic registered or viewed, and marks them as just seen. */
export async function rememberPatient(db: Db, p: IndexedPatient, directory?: DirectoryData): Promise<void> {
  const values = {
    id: p.id,
    salutation: p.salutation,
    firstName: p.firstName,
    middleName: p.middleName,
    lastName: p.lastName,
    gender: p.gender,
    dob: p.dob,
    mobile: p.mobile,
    mobileNational: nationalDigits(p.mobile),
    uhid: p.uhid,
    uhidLower: p.uhid?.toLowerCase() ?? null,
    // Left as they are when the caller does not know them (undefined), cleared when it says none (null).
    ...(p.abhaNumber !== undefined ? { abhaNumber: p.abhaNumber } : {}),
    ...(p.abha !== undefined ? { abhaAddress: p.abha?.toLowerCase() ?? null } : {}),
    searchKeys: nameSearchKeys(p.firstName, p.middleName, p.lastName),
    nameKeysVersion: NAME_KEYS_VERSION,
    lastSeenAt: clock.nowDate(),
  };
  const withDirectory = directory ? { ...values, directory } : values;
  // A profile read back without a salutation (the platform holds none, e.g. one registered before the
  // desk sent it) keeps the one the desk knew: opening a record never turns "Mrs. Sunita Rao" into "Sunita Rao".
  const update = p.salutation ? withDirectory : { ...withDirectory, salutation: sql`coalesce(${patientIndex.salutation}, ${p.salutation})` };
  await db.insert(patientIndex).values(withDirectory).onConflictDoUpdate({ target: patientIndex.id, set: update });
}

/** The patients the desk knows by this ABHA number (XX-XXXX-XXXX-XXXX) or ABHA address, newest first. */
export async function patientsByAbha(db: Db, abha: { number?: string | null; address?: string | null }, limit = 5): Promise<PatientSummary[]> {
  const conditions: SQL[] = [];
  if (abha.number) conditions.push(eq(patientIndex.abhaNumber, abha.number));
  if (abha.address) conditions.push(eq(patientIndex.abhaAddress, abha.address.toLowerCase()));
  if (!conditions.length) return [];
  const rows = await db.select().from(patientIndex).where(or(...conditions)).orderBy(desc(patientIndex.lastSeenAt)).limit(limit);
  return rows.map(toSummary);
}

/** The salutation the desk knows for a patient (the index's, or the directory's the clinic sent), or null. */
export async function knownSalutation(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ salutation: patientIndex.salutation, directory: patientIndex.directory }).from(patientIndex).where(eq(patientIndex.id, id));
  return (row?.directory as DirectoryData | null | undefined)?.designation ?? row?.salutation ?? null;
}

/** Merges what the clinic just sent to the directory into the stored snapshot. */
export async function rememberDirectory(db: Db, id: string, directory: DirectoryData): Promise<void> {
  const [row] = await db.select({ directory: patientIndex.directory }).from(patientIndex).where(eq(patientIndex.id, id));
  const current = (row?.directory ?? {}) as DirectoryData;
  const merged: DirectoryData = {
    ...current,
    ...(directory.designation ? { designation: directory.designation } : {}),
    // An address is always written whole (registration and edit send every part), so it replaces the old one.
    ...(directory.address ? { address: directory.address } : {}),
  };
  await db.update(patientIndex).set({ directory: merged }).where(eq(patientIndex.id, id));
}

export async function directoryOf(db: Db, id: string): Promise<DirectoryData | null> {
  const [row] = await db.select({ directory: patientIndex.directory }).from(patientIndex).where(eq(patientIndex.id, id));
  return (row?.directory as DirectoryData | null | undefined) ?? null;
}

const OID_PATTERN = /^[0-9a-f]{16,64}$/i;

/**
 * The conditions any one of which a patient meets to match a search text: name tokens, mobile
 * digits, UHID or id. Name tokens match as prefixes and, with `typos`, also one edit away.
 */
function searchAlternatives(q: string, typos: boolean, through: "filter" | "index" = "filter"): SQL[] | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const alternatives: SQL[] = [];
  const startsWith = through === "index" ? startsWithThroughIndex : startsWithAsFilter;
  const digits = text.replace(/[\s()+-]/g, "");
  if (/^\d{3,15}$/.test(digits)) {
    const national = text.startsWith("+") || digits.length > 10 ? (nationalDigits(`+${digits}`) ?? digits) : digits;
    alternatives.push(startsWith("mobile", national));
  }
  if (!/\s/.test(text)) alternatives.push(startsWith("uhid", text.toLowerCase()));
  if (OID_PATTERN.test(text)) alternatives.push(eq(patientIndex.id, text.toLowerCase()));
  const tokens = nameQueryKeys(text);
  if (tokens.length && nameTokens(text).some((t) => /\p{L}/u.test(t))) {
    const all = and(...tokens.map((keys) => arrayOverlaps(patientIndex.searchKeys, typos ? keys : keys.filter((k) => k.startsWith("p:")))));
    if (all) alternatives.push(all);
  }
  return alternatives;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const PREFIX_COLUMNS = { mobile: patientIndex.mobileNational, uhid: patientIndex.uhidLower };

/**
 * Prefix lengths that have their own (left(column, n), last_seen_at) index (0012). A short
 * UHID prefix such as "uh-9" is shared by 100,000 of 1,000,000 patients, and the range of the
 * prefix index holds them in UHID order: their newest ten took reading and sorting all of them
 * (47 ms, 20 ms of CPU). Through `left(uhid_lower, 4)` = 'uh-9' the index hands them over
 * newest first and the walk stops at the tenth (3 ms for the whole search). Longer prefixes match few enough patients to sort; shorter ones
 * (the letters every UHID starts with, one or two digits of a mobile) match so many recent
 * patients that the recent window answers them.
 */
export const PREFIX_INDEX_LENGTHS = { mobile: [2, 3], uhid: [4, 5, 6] } as const;

function startsWithAsFilter(column: keyof typeof PREFIX_COLUMNS, prefix: string): SQL {
  return like(PREFIX_COLUMNS[column], `${escapeLike(prefix)}%`);
}

function startsWithThroughIndex(column: keyof typeof PREFIX_COLUMNS, prefix: string): SQL {
  const length = [...prefix].length; // characters, as left() counts them
  if (!(PREFIX_INDEX_LENGTHS[column] as readonly number[]).includes(length)) return startsWithAsFilter(column, prefix);
  // The length is a literal so the expression is the indexed one, character for character.
  const start = sql`left(${PREFIX_COLUMNS[column]}, ${sql.raw(String(length))})`;
  // A range of one value, not `=`: with `=` the planner knows the start is constant and that the
  // recency index alone gives the order, and walks it expecting a match every ten rows; but the
  // newest "uh-9" may be 800,000 patients back (725 ms). Sorted by the start, then the recency,
  // only the prefix-and-recency index gives the order.
  const condition = sql`${start} >= ${prefix} and ${start} <= ${prefix}`;
  newestFirst.set(condition, [desc(start), desc(patientIndex.lastSeenAt)]);
  return condition;
}

/** Conditions with an index that yields their matches newest first, and the order that makes the planner use it. */
const newestFirst = new WeakMap<SQL, SQL[]>();

/**
 * Most recently seen first, for filtered queries. Sorting by an expression rather than the column
 * keeps the planner from walking the whole recency index when few rows match: a misspelt name
 * over 100,000 patients took 539 ms that way on PostgreSQL, 3 ms through the GIN index and a sort.
 */
const recentFirstAmongMatches = desc(sql`${patientIndex.lastSeenAt} + interval '0 seconds'`);

/**
 * How many of the most recently seen patients a search reads before it asks the indexes.
 * A common text ("vikram", "UH-1", "98") has its ten most recent matches among them, found by
 * walking the recency index and stopping at the tenth; rarer texts then take the index path.
 */
export const RECENT_WINDOW = 2000;

/**
 * The ids of the most recent matches among the last RECENT_WINDOW patients seen. The window is
 * a LIMIT subquery (never flattened), so the plan is a backwards walk of the recency index that
 * stops as soon as the outer LIMIT is met; it is aliased as the table so the condition applies.
 */
function idsAmongRecent(condition: SQL, limit: number, window: number): SQL {
  return sql`(select "id" from (select * from ${patientIndex} order by "last_seen_at" desc limit ${window}) as "patient_index" where ${condition} order by "last_seen_at" desc limit ${limit})`;
}

/**
 * How far past the recent window a search may walk the recency index for its near misses. The
 * window's exact matches tell how common the text is: "asha ver" matched 7 of the last 2,000
 * patients, so its newest ten (near misses included) lie within about the last 2,400, where the
 * walk stops. Through the name index it read and sorted all 4,051 Asha Vermas of 1,000,000
 * patients (8 ms of PostgreSQL CPU; the whole search went from 12 to 8 ms of it). A text with
 * fewer window matches needs a walk too long to be worth it, and takes the index path at once.
 */
export const LONGEST_WALK = 8_000;

/** The window sizes, smaller in tests so a few rows take every path. The result depends on `recentWindow` only. */
export interface SearchTuning {
  recentWindow?: number;
  longestWalk?: number;
  /** Instead of the planner's estimate of the table's rows. */
  patients?: number;
}

/**
 * The planner's estimate of how many patients the index holds (pg_class.reltuples, kept by
 * ANALYZE and autovacuum), read at most once a minute; null before the first ANALYZE.
 */
const patientEstimates = new WeakMap<Db, { patients: number | null; at: number }>();
async function estimatedPatients(db: Db): Promise<number | null> {
  const cached = patientEstimates.get(db);
  if (cached && clock.now() - cached.at < 60_000) return cached.patients;
  const result = await db.execute(sql`select reltuples::float8 as "n" from pg_class where oid = 'patient_index'::regclass`);
  const n = Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? -1);
  const patients = n >= 0 ? n : null;
  patientEstimates.set(db, { patients, at: clock.now() });
  return patients;
}

/**
 * Patients matching the text, most recently seen first; an empty text lists the recent ones.
 * When enough recently seen patients match exactly (name prefixes, mobile, UHID, id), those are
 * the answer; only otherwise do near misses of the name ("rakseh") join in, found by walking on
 * through the recently seen when the text is common, else through the indexes.
 */
export async function searchPatients(db: Db, q: string, limit: number, tuning: SearchTuning = {}): Promise<PatientSummary[]> {
  const { recentWindow = RECENT_WINDOW, longestWalk = LONGEST_WALK } = tuning;
  const exact = searchAlternatives(q, false);
  if (!exact) {
    const rows = await db.select().from(patientIndex).orderBy(desc(patientIndex.lastSeenAt)).limit(limit);
    return rows.map(toSummary);
  }
  if (!exact.length) return [];
  // `limit` matches in the window are the most recent of all exact matches: the rest were seen
  // earlier. Checking the prefix keys alone keeps the walk cheap for texts that are rare.
  const recent = await db
    .select()
    .from(patientIndex)
    .where(inArray(patientIndex.id, idsAmongRecent(or(...exact)!, limit, recentWindow)))
    .orderBy(desc(patientIndex.lastSeenAt));
  if (recent.length >= limit) return recent.map(toSummary);
  // Common enough to be found by walking on: every match, near misses included, newest first.
  // The walk stops at the `limit`th; if the estimate was wrong and it reaches its end, the
  // indexes answer below, so the result never depends on the guess.
  // Walking reads a row for about a quarter of what the index path pays per match (the heap
  // fetch and the sort), so it is taken only when it reads at most twice as many rows as the
  // text has matches: over 100,000 patients "asha ver" has about 400, and the index path wins.
  const expectedWalk = recent.length ? Math.ceil((recentWindow * limit) / recent.length) : Infinity;
  const patients = expectedWalk * 1.5 <= longestWalk ? (tuning.patients ?? (await estimatedPatients(db))) : null;
  if (patients !== null && expectedWalk <= (2 * recent.length * patients) / recentWindow) {
    const walked = await db
      .select()
      .from(patientIndex)
      .where(inArray(patientIndex.id, idsAmongRecent(or(...searchAlternatives(q, true)!)!, limit, longestWalk)))
      .orderBy(desc(patientIndex.lastSeenAt));
    if (walked.length >= limit) return walked.map(toSummary);
  }
  // Each kind of match through its own index: the mobile and UHID ones hold the recency beside
  // the prefix, so old matches are sorted without reading the table, and a short prefix shared
  // by 100,000 ("UH-9") comes newest first from its prefix-and-recency index.
  // The newest `limit` of every kind together hold the newest `limit` of all.
  const found = new Map<string, Date>();
  for (const alternative of searchAlternatives(q, true, "index")!) {
    const rows = await db
      .select({ id: patientIndex.id, lastSeenAt: patientIndex.lastSeenAt })
      .from(patientIndex)
      .where(alternative)
      .orderBy(...(newestFirst.get(alternative) ?? [recentFirstAmongMatches]))
      .limit(limit);
    for (const r of rows) found.set(r.id, r.lastSeenAt);
  }
  const newest = [...found].sort((a, b) => b[1].getTime() - a[1].getTime()).slice(0, limit).map(([id]) => id);
  if (!newest.length) return [];
  const rows = await db.select().from(patientIndex).where(inArray(patientIndex.id, newest)).orderBy(desc(patientIndex.lastSeenAt));
  return rows.map(toSummary);
}

export async function summariesByIds(db: Db, ids: string[]): Promise<Map<string, PatientSummary>> {
  const unique = [...new Set(ids)].filter(Boolean);
  if (!unique.length) return new Map();
  const rows = await db.select().from(patientIndex).where(inArray(patientIndex.id, unique));
  return new Map(rows.map((r) => [r.id, toSummary(r)]));
}

/** Summaries for the patients the clinic knows, keyed by platform id; unknown ids are absent. */
export async function patientSummariesByIds(ids: string[]): Promise<Map<string, PatientSummary>> {
  return summariesByIds(await appDb(), ids);
}

export async function patientByUhid(db: Db, uhid: string): Promise<PatientSummary | null> {
  const [row] = await db.select().from(patientIndex).where(eq(patientIndex.uhidLower, uhid.trim().toLowerCase())).limit(1);
  return row ? toSummary(row) : null;
}

/** The desk patients holding any of these UHIDs, by UHID (as written here), in one query. */
export async function patientIdsByUhid(db: Db, uhids: string[]): Promise<Map<string, string>> {
  const byLower = new Map(uhids.map((u) => [u.trim().toLowerCase(), u]));
  if (byLower.size === 0) return new Map();
  const rows = await db.select({ id: patientIndex.id, uhidLower: patientIndex.uhidLower }).from(patientIndex).where(inArray(patientIndex.uhidLower, [...byLower.keys()]));
  return new Map(rows.flatMap((r) => (r.uhidLower && byLower.has(r.uhidLower) ? [[byLower.get(r.uhidLower)!, r.id] as const] : [])));
}

/**
 * Likely duplicates of what is being typed: same mobile, same UHID, or a similar name
 * (typo-tolerant) — a name alone needs the date of birth or the mobile to agree when given.
 */
export async function findDuplicates(db: Db, q: DuplicateQuery, limit = 5): Promise<DuplicateMatch[]> {
  const conditions: SQL[] = [];
  const national = nationalDigits(q.mobile);
  const mobileOk = !!national && national.length >= 10;
  if (mobileOk) conditions.push(eq(patientIndex.mobileNational, national));
  if (q.uhid) conditions.push(eq(patientIndex.uhidLower, q.uhid.toLowerCase()));
  const abhaNumber = q.abhaNumber && abhaNumberDigits(q.abhaNumber) ? formatAbhaNumber(q.abhaNumber) : null;
  const abhaAddress = q.abhaAddress ? normaliseAbhaAddress(q.abhaAddress) : null;
  if (abhaNumber) conditions.push(eq(patientIndex.abhaNumber, abhaNumber));
  if (abhaAddress) conditions.push(eq(patientIndex.abhaAddress, abhaAddress));
  const dobOk = /^\d{4}-\d{2}-\d{2}$/.test(q.dob);
  const first = nameTokens(q.firstName);
  const last = nameTokens(q.lastName);
  // A first name alone matches too many people; it needs the last name or the date of birth beside it.
  const enoughName = (first[0]?.length ?? 0) >= 2 && ((last[0]?.length ?? 0) >= 2 || dobOk);
  if (enoughName) {
    const keys = nameQueryKeys(`${q.firstName} ${q.lastName}`).slice(0, 4);
    const nameCond = and(...keys.map((k) => arrayOverlaps(patientIndex.searchKeys, k)))!;
    conditions.push(dobOk ? and(nameCond, eq(patientIndex.dob, q.dob))! : nameCond);
  }
  if (!conditions.length) return [];
  const rows = await db.select().from(patientIndex).where(or(...conditions)).orderBy(recentFirstAmongMatches).limit(limit * 4);
  // Each word in its own script and in loose roman letters: "राधा देवी" is the same name as "Radha Devi".
  const queryKeys = nameQueryKeys(`${q.firstName} ${q.lastName}`);
  const matches = rows.map((r): DuplicateMatch => {
    const reasons: DuplicateMatch["reasons"] = [];
    if ((abhaNumber && r.abhaNumber === abhaNumber) || (abhaAddress && r.abhaAddress === abhaAddress)) reasons.push("abha");
    const rowKeys = new Set(r.searchKeys);
    if (queryKeys.length && queryKeys.every((keys) => keys.some((k) => rowKeys.has(k)))) reasons.push("name");
    if (mobileOk && r.mobileNational === national) reasons.push("mobile");
    if (q.dob && r.dob === q.dob) reasons.push("dob");
    if (q.uhid && r.uhidLower === q.uhid.toLowerCase()) reasons.push("uhid");
    return { ...toSummary(r), reasons };
  });
  // The same ABHA first: it names the person; the other reasons only resemble them.
  const weight = (m: DuplicateMatch) => (m.reasons.includes("abha") ? 10 : 0) + m.reasons.length;
  return matches.sort((a, b) => weight(b) - weight(a)).slice(0, limit);
}

/** Desk writes of this index, queued in the desk outbox when the database cannot take them at once. */
export const patientRemembered = deskWriteKind("patient.remember", (db, w: { patient: IndexedPatient }) => rememberPatient(db, w.patient));
export const patientDirectoryKept = deskWriteKind("patient.directory", (db, w: { id: string; directory: DirectoryData }) => rememberDirectory(db, w.id, w.directory));

/**
 * Re-keys the names of patients indexed by an older name-keys.ts (rows of before 0014 give their
 * Devanagari names no roman form), a batch at a time; returns how many rows it changed.
 */
export async function backfillNameKeys(db: Db, batch = 500): Promise<number> {
  let changed = 0;
  for (;;) {
    const rows = await db
      .select({ id: patientIndex.id, firstName: patientIndex.firstName, middleName: patientIndex.middleName, lastName: patientIndex.lastName })
      .from(patientIndex)
      .where(lt(patientIndex.nameKeysVersion, NAME_KEYS_VERSION))
      .limit(batch);
    if (!rows.length) return changed;
    for (const r of rows) {
      await db
        .update(patientIndex)
        .set({ searchKeys: nameSearchKeys(r.firstName, r.middleName, r.lastName), nameKeysVersion: NAME_KEYS_VERSION })
        .where(and(eq(patientIndex.id, r.id), lt(patientIndex.nameKeysVersion, NAME_KEYS_VERSION)));
    }
    changed += rows.length;
  }
}
