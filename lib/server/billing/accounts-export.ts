import "server-only";
import { sql } from "drizzle-orm";
import { DESK_LINE_LABELS } from "@/lib/billing/bill-lines";
import type { AccountLine } from "@/lib/billing/accounts-csv";
import { displayNameOf } from "@/lib/schemas/patient-names";
import type { Db } from "../db/connect";
import { clinicTimeZone } from "../queue/desk-bookings";
import { readBillingSettings } from "./billing";
import { periodInstants } from "./dashboard";
import { countedPlatformReceipts } from "./platform-receipts";

interface Row {
  type: "receipt" | "credit_note";
  at: string | Date;
  number: string;
  against: string | null;
  day: string;
  salutation: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  patient_id: string;
  uhid: string | null;
  doctor: string | null;
  doctor_id: string;
  fee_kind: "booked_service" | "new_case" | "follow_up";
  service: string | null;
  method: "cash" | "upi" | "card";
  amount: string;
  reference: string | null;
}

/** A platform receipt whose appointment the desk does not know. */
const ONLINE_SERVICE = "Online booking";
const FEE_KIND_SERVICE = { new_case: DESK_LINE_LABELS.newCase, follow_up: DESK_LINE_LABELS.followUp, booked_service: "Consultation" } as const;

/**
 * The lines of the collections export for a clinic's period, in document order: each payment line
 * of each receipt, each credit note as a negative line naming the receipt it refunds, and each
 * platform receipt counted by Reconcile's rule (marked "platform only"; a linked one is its desk
 * receipt's line, an undecided one is not counted).
 */
export async function readAccountLines(db: Db, q: { clinicId: string; from: string; to: string }): Promise<AccountLine[]> {
  const [timeZone, settings] = await Promise.all([clinicTimeZone(db, q.clinicId), readBillingSettings(db, q.clinicId)]);
  const [fromAt, toAt] = periodInstants(q.from, q.to, timeZone);
  const result = await db.execute(sql`
    with docs as (
      select 'receipt' as type, r.label as number, null::text as against, r.collected_at as at, r.number as seq, p.line,
             r.patient_id, r.doctor_id, r.bill_id, p.method, p.amount_paise as amount, p.reference
        from receipts r join receipt_payments p on p.receipt_id = r.id
       where r.clinic_id = ${q.clinicId} and r.collected_at >= ${fromAt}::timestamptz and r.collected_at < ${toAt}::timestamptz
      union all
      select 'credit_note', c.label, r.label, c.at, c.number, 1, r.patient_id, r.doctor_id, r.bill_id, c.method, -c.amount_paise, null
        from credit_notes c join receipts r on r.id = c.receipt_id
       where c.clinic_id = ${q.clinicId} and c.at >= ${fromAt}::timestamptz and c.at < ${toAt}::timestamptz
    )
    select d.type, d.at, d.number, d.against, to_char(d.at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
           pi.salutation, pi.first_name, pi.middle_name, pi.last_name, d.patient_id, pi.uhid,
           de.display_name as doctor, d.doctor_id, b.fee_kind,
           case when b.fee_kind = 'booked_service' then b.lines -> 0 ->> 'label' end as service,
           d.method, d.amount::text as amount, d.reference
      from docs d
      join bills b on b.id = d.bill_id
      left join patient_index pi on pi.id = d.patient_id
      left join directory_entries de on de.kind = 'doctor' and de.platform_id = d.doctor_id
     order by d.at, d.type desc, d.seq, d.line`);
  const desk = ((result as unknown as { rows: Row[] }).rows ?? []).map((r) => ({
    at: new Date(r.at).getTime(),
    type: r.type,
    number: r.number,
    againstReceipt: r.against,
    day: r.day,
    patient: r.first_name ? displayNameOf({ salutation: r.salutation, firstName: r.first_name, middleName: r.middle_name, lastName: r.last_name }) : r.patient_id,
    uhid: r.uhid,
    doctor: r.doctor ?? r.doctor_id,
    service: r.service ?? FEE_KIND_SERVICE[r.fee_kind],
    method: r.method,
    amountPaise: Number(r.amount),
    reference: r.reference,
    gstin: settings.gstin,
  }));
  const online = await platformLines(db, q, settings.gstin);
  // Merged by the instant, the desk's lines first on a tie (both lists are already in order).
  const out: AccountLine[] = [];
  let i = 0;
  for (const p of online) {
    while (i < desk.length && desk[i]!.at <= p.at) out.push(strip(desk[i++]!));
    out.push(strip(p));
  }
  while (i < desk.length) out.push(strip(desk[i++]!));
  return out;
}

function strip(line: AccountLine & { at: number }): AccountLine {
  const { at, ...rest } = line;
  void at;
  return rest;
}

async function platformLines(db: Db, q: { clinicId: string; from: string; to: string }, gstin: string | null): Promise<(AccountLine & { at: number })[]> {
  const counted = await countedPlatformReceipts(db, q);
  if (!counted.length) return [];
  const patientIds = [...new Set(counted.flatMap((r) => (r.patientId ? [r.patientId] : [])))];
  const doctorIds = [...new Set(counted.flatMap((r) => (r.doctorId ? [r.doctorId] : [])))];
  const [patients, doctors] = await Promise.all([
    patientIds.length
      ? db.execute(sql`select id, salutation, first_name, middle_name, last_name, uhid from patient_index where id in (${sql.join(patientIds.map((id) => sql`${id}`), sql`, `)})`)
      : null,
    doctorIds.length ? db.execute(sql`select platform_id as id, display_name as name from directory_entries where kind = 'doctor' and platform_id in (${sql.join(doctorIds.map((id) => sql`${id}`), sql`, `)})`) : null,
  ]);
  type P = { id: string; salutation: string | null; first_name: string | null; middle_name: string | null; last_name: string | null; uhid: string | null };
  const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] } | null)?.rows ?? []);
  const people = new Map(rowsOf<P>(patients).map((p) => [p.id, p]));
  const names = new Map(rowsOf<{ id: string; name: string }>(doctors).map((d) => [d.id, d.name]));
  return counted.map((r) => {
    const p = r.patientId ? people.get(r.patientId) : undefined;
    return {
      at: r.at.getTime(),
      type: "platform_receipt",
      number: r.number,
      againstReceipt: null,
      day: r.day,
      patient: p?.first_name ? displayNameOf({ salutation: p.salutation, firstName: p.first_name, middleName: p.middle_name, lastName: p.last_name }) : (r.patientId ?? ""),
      uhid: p?.uhid ?? null,
      doctor: r.doctorId ? (names.get(r.doctorId) ?? r.doctorId) : "",
      service: r.serviceName ?? ONLINE_SERVICE,
      method: "platform",
      amountPaise: r.netPaise,
      reference: r.reference,
      gstin,
    };
  });
}
