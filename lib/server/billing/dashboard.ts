import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { TZDate } from "@date-fns/tz";
import { addDays } from "@/lib/schemas/calendar";
import { daysOf, MAX_RANGE_DAYS, resolveRange } from "@/lib/billing/dashboard-range";
import type { Dashboard, DashboardQuery } from "@/lib/schemas/dashboard";
import { dayInZone } from "@/lib/schemas/calendar";
import * as clock from "@/lib/clock";
import type { Db } from "../db/connect";
import { ValidationError } from "../errors";
import { clinicTimeZone } from "../queue/desk-bookings";
import { countUncounted } from "./platform-receipts";

/** Visits the patient came to: checked in, called or seen. A no-show, a cancelled or a booked-only visit is not one. */
export const ATTENDED = sql.raw(`('checked_in', 'in_consultation', 'done')`);

/** The instant a clinic day starts, on the clinic's clock. */
export function dayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone).getTime());
}

/** The instants [from 00:00, the day after `to` 00:00) a period of clinic days spans. */
export function periodInstants(from: string, to: string, timeZone: string): [string, string] {
  return [dayStart(from, timeZone).toISOString(), dayStart(addDays(to, 1), timeZone).toISOString()];
}

const RANGE_WORDS = {
  format: "Type the day as DD/MM/YYYY.",
  order: "The last day comes before the first.",
  too_long: `At most ${MAX_RANGE_DAYS} days at a time.`,
} as const;

/** The clinic days a dashboard query asks for, "today" read on the clinic's own clock. */
export async function dashboardPeriod(db: Db, q: DashboardQuery, now = clock.now()): Promise<{ from: string; to: string }> {
  const today = dayInZone(now, await clinicTimeZone(db, q.clinicId));
  const r = resolveRange(q.range, today, { from: q.from, to: q.to });
  if (!r.ok) throw new ValidationError({ [r.field]: RANGE_WORDS[r.reason] }, RANGE_WORDS[r.reason]);
  return { from: r.from, to: r.to };
}

/** "booked_service|Skin consultation" or "new_case|": the fee kind and, for a booked service, the platform's name for it. */
function serviceOf(key: string, paise: number) {
  const bar = key.indexOf("|");
  return { feeKind: key.slice(0, bar) as "booked_service" | "new_case" | "follow_up" | "online", label: key.slice(bar + 1) || null, paise };
}

const rows = async <T>(db: Db, query: SQL): Promise<T[]> => (((await db.execute(query)) as unknown as { rows: T[] }).rows ?? []);
const n = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));

interface VisitDayRow {
  day: string;
  visits: string;
  no_shows: string;
  expected: string;
  wait_seconds: string | null;
  waited: string;
}

interface MoneyRow {
  dimension: "total" | "method" | "doctor" | "service";
  key: string;
  day: string | null;
  receipts: string;
  credit_notes: string;
}

/**
 * The owner's dashboard for one clinic over a period of its calendar days: visits per day, new and
 * returning patients, no-shows, the wait from check-in to the first call, money collected net of
 * credit notes (per day, by method, doctor and service) and what is still owed on the period's
 * visits. Money is summed in the database as bigint paise and read back as exact integers.
 */
export async function readDashboard(db: Db, q: { clinicId: string; from: string; to: string }): Promise<Dashboard> {
  const timeZone = await clinicTimeZone(db, q.clinicId);
  // Running totals the database keeps per clinic day (migration 0023): a year is a few hundred rows.
  const visitDays = rows<VisitDayRow>(
    db,
    sql`select day, visits, no_shows, expected, wait_seconds, waited from queue_day_stats
        where clinic_id = ${q.clinicId} and day >= ${q.from} and day <= ${q.to}`,
  );
  // A patient is new on the day of their first visit to this clinic ever.
  const firstVisits = rows<{ day: string; patients: string }>(
    db,
    sql`select first_day as day, count(*) as patients from clinic_patient_first_visits
        where clinic_id = ${q.clinicId} and first_day >= ${q.from} and first_day <= ${q.to}
        group by first_day`,
  );
  // Money by the clinic day it changed hands: receipts in, credit notes out, on their own days; per day for the total, over the period for each method, doctor and service.
  const money = rows<MoneyRow>(
    db,
    sql`select dimension, key, case when dimension = 'total' then day end as day, sum(receipts_paise) as receipts, sum(credit_notes_paise) as credit_notes
          from billing_day_totals
         where clinic_id = ${q.clinicId} and day >= ${q.from} and day <= ${q.to}
         group by dimension, key, case when dimension = 'total' then day end`,
  );
  // Owed on the period's visits: billed and not yet paid in full (refunds never bring a due back), and seen but never billed at a platform price.
  const dues = rows<{ bills: string | null; billed_paise: string | null; unbilled_visits: string | null; unbilled_paise: string | null }>(
    db,
    sql`select (select sum(open_bills) from billing_visit_day_dues where clinic_id = ${q.clinicId} and day >= ${q.from} and day <= ${q.to}) as bills,
               (select sum(billed_paise - concession_paise - paid_paise) from billing_visit_day_dues where clinic_id = ${q.clinicId} and day >= ${q.from} and day <= ${q.to}) as billed_paise,
               (select sum(unbilled_visits) from queue_day_stats where clinic_id = ${q.clinicId} and day >= ${q.from} and day <= ${q.to}) as unbilled_visits,
               (select sum(unbilled_paise) from queue_day_stats where clinic_id = ${q.clinicId} and day >= ${q.from} and day <= ${q.to}) as unbilled_paise`,
  );
  const doctors = rows<{ id: string; name: string }>(db, sql`select platform_id as id, display_name as name from directory_entries where kind = 'doctor'`);
  // Money the platform took online, counted by Reconcile's rule (platformCounting) as each event or decision came: running totals per day (migration 0028).
  await countUncounted(db);
  const platform = rows<{ dimension: "total" | "doctor" | "service" | "waiting"; key: string; day: string | null; paise: string; receipts: string }>(
    db,
    sql`select dimension, key, case when dimension = 'total' then day end as day, sum(paise) as paise, sum(receipts) as receipts
          from platform_day_totals
         where clinic_id = ${q.clinicId} and day >= ${q.from} and day <= ${q.to}
         group by dimension, key, case when dimension = 'total' then day end`,
  );
  const [visitRows, firstRows, moneyRows, [owed], doctorRows, platformRows] = await Promise.all([visitDays, firstVisits, money, dues, doctors, platform]);

  const byDay = new Map(visitRows.map((r) => [r.day, r]));
  const newByDay = new Map(firstRows.map((r) => [r.day, n(r.patients)]));
  const net = (r: MoneyRow) => n(r.receipts) - n(r.credit_notes);
  const moneyOf = (dimension: MoneyRow["dimension"]) => moneyRows.filter((r) => r.dimension === dimension);
  const perDay = moneyOf("total");
  const collectedByDay = new Map(perDay.map((r) => [r.day!, net(r)]));
  const names = new Map(doctorRows.map((d) => [d.id, d.name]));
  const byDoctorPaise = new Map(moneyOf("doctor").map((r) => [r.key, net(r)]));
  const byServicePaise = new Map(moneyOf("service").map((r) => [r.key, net(r)]));
  const add = (m: Map<string, number>, k: string, p: number) => m.set(k, (m.get(k) ?? 0) + p);
  let platformPaise = 0;
  const waiting = { count: 0, paise: 0 };
  for (const r of platformRows) {
    const p = n(r.paise);
    if (r.dimension === "total") {
      platformPaise += p;
      add(collectedByDay, r.day!, p);
    } else if (r.dimension === "doctor") add(byDoctorPaise, r.key, p);
    else if (r.dimension === "service") add(byServicePaise, r.key, p);
    else {
      waiting.count += n(r.receipts);
      waiting.paise += p;
    }
  }
  const received = perDay.reduce((s, r) => s + n(r.receipts), 0);
  const refunded = perDay.reduce((s, r) => s + n(r.credit_notes), 0);

  const days = daysOf(q.from, q.to).map((day) => {
    const v = byDay.get(day);
    const visits = n(v?.visits);
    const newPatients = newByDay.get(day) ?? 0;
    return { day, visits, newPatients, returning: Math.max(0, visits - newPatients), noShows: n(v?.no_shows), collectedPaise: collectedByDay.get(day) ?? 0 };
  });
  const waitSeconds = visitRows.reduce((s, r) => s + Number(r.wait_seconds ?? 0), 0);
  const waited = visitRows.reduce((s, r) => s + n(r.waited), 0);
  const sum = (k: "visits" | "newPatients" | "returning" | "noShows") => days.reduce((s, d) => s + d[k], 0);
  const byPaise = <T extends { paise: number }>(a: T, b: T) => b.paise - a.paise;
  return {
    clinicId: q.clinicId,
    timeZone,
    from: q.from,
    to: q.to,
    days,
    totals: {
      visits: sum("visits"),
      newPatients: sum("newPatients"),
      returning: sum("returning"),
      noShows: sum("noShows"),
      expected: visitRows.reduce((s, r) => s + n(r.expected), 0),
      averageWaitSeconds: waited ? Math.round(waitSeconds / waited) : null,
      waited,
      receiptsPaise: received,
      creditNotesPaise: refunded,
      platformPaise,
      collectedPaise: received - refunded + platformPaise,
    },
    byMethod: [
      ...moneyOf("method").map((r) => ({ method: r.key as "cash" | "upi" | "card", paise: net(r) })),
      ...(platformRows.some((r) => r.dimension === "total" && n(r.receipts) !== 0) ? [{ method: "platform" as const, paise: platformPaise }] : []),
    ].sort(byPaise),
    byDoctor: [...byDoctorPaise].map(([id, paise]) => ({ doctorId: id, doctorName: id ? (names.get(id) ?? id) : "", paise })).sort(byPaise),
    byService: [...byServicePaise].map(([key, paise]) => serviceOf(key, paise)).sort(byPaise),
    platformWaiting: waiting,
    dues: { bills: n(owed?.bills), billedPaise: n(owed?.billed_paise), unbilledVisits: n(owed?.unbilled_visits), unbilledPaise: n(owed?.unbilled_paise) },
  };
}
