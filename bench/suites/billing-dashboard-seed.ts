/**
 * A year of a busy clinic for the owner's dashboard, written set-based in the database: 100,000
 * visits over FY 2026-27 (six doctors, 40,000 patients, some no-shows and cancellations), a bill for
 * every visit seen, 150,000 receipts with one payment line each (cash, UPI, card), 3,000 credit notes and
 * 15,000 platform receipts (platform only, linked after a changed decision, or waiting).
 * Row by row the running-total triggers would take minutes here, so the year is written with triggers
 * off and the totals are then built by the migration's own backfill statements, as an upgrade would.
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Database } from "../../lib/server/db/connect";

export const BENCH_CLINIC = "cl-bench-dashboard";
export const VISITS = 100_000;
export const PAYMENTS = 150_000;
const CREDIT_NOTES = 3_000;

export async function seedBusyYear(database: Database): Promise<void> {
  // One transaction, so the trigger switch holds on the one connection every statement uses.
  await database.db.transaction(async (db) => {
  await db.execute(sql`insert into directory_entries (kind, platform_id, display_name, time_zone) values ('clinic', ${BENCH_CLINIC}, 'Bench Clinic', 'Asia/Kolkata')`);
  await db.execute(sql`set local session_replication_role = replica`);
  await db.execute(sql`insert into directory_entries (kind, platform_id, display_name) select 'doctor', 'dr-bench-' || d, 'Dr. Bench ' || d from generate_series(0, 5) d`);
  await db.execute(sql`
    insert into queue_appointments (appointment_id, clinic_id, doctor_id, day, start_at, patient_id, conf_id, mode, source, status, arrived_at, called_at, price, service_name)
    select 'bv-' || i, ${BENCH_CLINIC}, 'dr-bench-' || (i % 6), to_char(d, 'YYYY-MM-DD'), ts, 'pt-bench-' || ((i * 7919) % 40000), 'conf', 'in_clinic',
           case when i % 4 = 0 then 'walk_in' else 'desk' end,
           case when i % 100 < 85 then 'done' when i % 100 < 92 then 'no_show' when i % 100 < 97 then 'cancelled' else 'checked_in' end,
           case when i % 100 < 85 or i % 100 >= 97 then ts end,
           case when i % 100 < 85 then ts + ((i * 13) % 50) * interval '1 minute' end,
           case when i % 4 = 0 then null else 500 + (i % 3) * 100 end,
           case when i % 4 = 0 then null else (array['General consultation', 'Skin consultation', 'Dressing'])[1 + i % 3] end
      from (select i, date '2026-04-01' + ((i - 1) % 365) as d,
                   ((date '2026-04-01' + ((i - 1) % 365))::timestamp + interval '9 hours' + ((i * 37) % 600) * interval '1 minute') at time zone 'Asia/Kolkata' as ts
              from generate_series(1, ${VISITS}) i) s`);
  await db.execute(sql`
    insert into bills (appointment_id, clinic_id, doctor_id, patient_id, fee_kind, lines, total_paise, created_at)
    select appointment_id, clinic_id, doctor_id, patient_id,
           case when source = 'walk_in' then (case when length(appointment_id) % 2 = 0 then 'new_case' else 'follow_up' end) else 'booked_service' end,
           jsonb_build_array(jsonb_build_object('kind', case when source = 'walk_in' then 'consultation' else 'service' end, 'label', coalesce(service_name, 'New-case consultation'), 'paise', 60000)),
           60000, start_at
      from queue_appointments where clinic_id = ${BENCH_CLINIC} and status in ('checked_in', 'in_consultation', 'done')`);
  // Each bill gets one or two receipts (two where the patient paid in parts), 150,000 in all; the bill count is
  // a literal so the join is a hash join on an expression of k alone.
  const counted = (await db.execute(sql`select count(*)::int as n from bills where clinic_id = ${BENCH_CLINIC}`)) as unknown as { rows: { n: number }[] };
  const billCount = sql.raw(String(Number(counted.rows[0]!.n)));
  await db.execute(sql`
    with b as (select id, appointment_id, patient_id, doctor_id, created_at, row_number() over (order by appointment_id) as rn from bills where clinic_id = ${BENCH_CLINIC})
    insert into receipts (clinic_id, fy, number, label, bill_id, appointment_id, patient_id, doctor_id, amount_paise, idempotency_key, request, collected_at)
    select ${BENCH_CLINIC}, '2026-27', k, 'RC/2026-27/' || lpad(k::text, 6, '0'), b.id, b.appointment_id, b.patient_id, b.doctor_id, 30000, 'bench-rc-' || k, '{}'::jsonb,
           b.created_at + interval '20 minutes' + (k / (${billCount} + 1)) * interval '1 hour'
      from generate_series(1, ${PAYMENTS}) k join b on b.rn = ((k - 1) % ${billCount}) + 1`);
  await db.execute(sql`
    insert into receipt_payments (receipt_id, line, method, amount_paise, reference)
    select id, 1, (array['cash', 'upi', 'card'])[1 + number % 3], amount_paise, case when number % 3 = 1 then 'UPI-' || number end
      from receipts where clinic_id = ${BENCH_CLINIC}`);
  await db.execute(sql`
    insert into credit_notes (clinic_id, fy, number, label, receipt_id, amount_paise, method, reason, idempotency_key, request, at)
    select ${BENCH_CLINIC}, '2026-27', row_number() over (order by number), 'CN/2026-27/' || lpad((row_number() over (order by number))::text, 6, '0'), id, 10000,
           (array['cash', 'upi', 'card'])[1 + number % 3], 'bench refund', 'bench-cn-' || number, '{}'::jsonb, collected_at + interval '2 hours'
      from receipts where clinic_id = ${BENCH_CLINIC} and number % ${PAYMENTS / CREDIT_NOTES} = 0`);
  // The platform's receipts for one in five booked visits (15,000 a year), paid online the day before: a third marked
  // "platform only" (counted), a third linked to the visit's desk receipt after first being marked platform only (a
  // changed decision: two decisions, the newest stands), a third not decided yet (shown as waiting).
  await db.execute(sql`
    insert into platform_receipts (platform_receipt_id, receipt_number, clinic_id, appointment_id, patient_id, amount_paise, refunded_paise, status, method, paid_at, state_at, first_inbox_id, last_inbox_id, received_at, updated_at)
    select 'bpr-' || substring(appointment_id from 4), 'PL-' || appointment_id, clinic_id, appointment_id, patient_id, round(price::numeric * 100)::bigint, 0, 'paid', 'online',
           start_at - interval '1 day', start_at - interval '1 day', 1, 1, start_at - interval '1 day', start_at - interval '1 day'
      from queue_appointments where clinic_id = ${BENCH_CLINIC} and source = 'desk' and substring(appointment_id from 4)::int % 5 = 1`);
  await db.execute(sql`
    insert into platform_receipt_decisions (platform_receipt_id, decision, platform_net_paise, how, at)
    select id, 'platform_only', amount_paise, 'staff', paid_at + interval '1 hour' from platform_receipts
     where clinic_id = ${BENCH_CLINIC} and substring(platform_receipt_id from 5)::int % 3 in (1, 2) order by platform_receipt_id`);
  await db.execute(sql`
    insert into platform_receipt_decisions (platform_receipt_id, decision, desk_receipt_id, platform_net_paise, how, at)
    select distinct on (pr.id) pr.id, 'linked', r.id, pr.amount_paise, 'staff', pr.paid_at + interval '2 hours'
      from platform_receipts pr join receipts r on r.appointment_id = pr.appointment_id
     where pr.clinic_id = ${BENCH_CLINIC} and substring(pr.platform_receipt_id from 5)::int % 3 = 2 order by pr.id, r.number`);
  // What the app writes as each of those was decided (platformCounting: newest decision platform only → counted,
  // linked → the desk's receipt counts, none → waiting; all seeded ones are readable and unchanged since), and the
  // running totals built from it. A booked visit never seen has no desk receipt, so its platform-only decision stands.
  await db.execute(sql`
    with s as (
      select pr.id, q.doctor_id, q.service_name,
             case when exists (select 1 from platform_receipt_decisions d where d.platform_receipt_id = pr.id and d.decision = 'linked') then 'desk_counts'
                  when exists (select 1 from platform_receipt_decisions d where d.platform_receipt_id = pr.id) then 'counted' else 'waiting' end as counted_as
        from platform_receipts pr join queue_appointments q on q.appointment_id = pr.appointment_id where pr.clinic_id = ${BENCH_CLINIC})
    update platform_receipts pr set counted_as = s.counted_as,
           counted_paise = case when s.counted_as <> 'desk_counts' then pr.amount_paise end,
           counted_day = case when s.counted_as <> 'desk_counts' then to_char(pr.paid_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') end,
           counted_doctor = case when s.counted_as <> 'desk_counts' then s.doctor_id end,
           counted_service = case when s.counted_as <> 'desk_counts' then s.service_name end
      from s where s.id = pr.id`);
  await db.execute(sql`
    insert into platform_day_totals (clinic_id, day, dimension, key, paise, receipts)
    select clinic_id, counted_day, d.dimension, d.key, sum(counted_paise), count(*)
      from platform_receipts
      cross join lateral (values ('total', '', counted_as = 'counted'), ('doctor', coalesce(counted_doctor, ''), counted_as = 'counted'),
                                 ('service', case when counted_service is null then 'online|' else 'booked_service|' || counted_service end, counted_as = 'counted'),
                                 ('waiting', '', counted_as = 'waiting')) as d(dimension, key, applies)
     where clinic_id = ${BENCH_CLINIC} and d.applies
     group by clinic_id, counted_day, d.dimension, d.key`);
  await db.execute(sql`set local session_replication_role = origin`);
  for (const statement of BACKFILL) await db.execute(sql.raw(statement));
  });
  await database.db.execute(sql`vacuum analyze`);
}

/** The INSERT … SELECT statements at the end of migration 0023 that build the running totals from the records. */
const BACKFILL = readFileSync("lib/server/db/migrations/0023_billing_dashboard.sql", "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter((s) => s.startsWith("INSERT INTO"));
if (BACKFILL.length !== 4) throw new Error(`expected the migration's four backfill statements, found ${BACKFILL.length}`);
