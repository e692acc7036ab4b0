import "server-only";
import { and, asc, desc, eq, gte, inArray, max, min, sql } from "drizzle-orm";
import { documentLabel, financialYear } from "@/lib/billing/financial-year";
import { formatPaise, parseRupees, rupeeNumberToPaise, sumPaise, type ParsedRupees } from "@/lib/billing/money";
import { amountInWords } from "@/lib/billing/words";
import type { BillingSettings, BillingSettingsInput, BillingState, CreditNoteRequest, PaymentOutcome, PaymentRequest, ReceiptDocument, ReceiptSummary, VisitBilling } from "@/lib/schemas/billing";
import { dayInZone, displayDay } from "@/lib/schemas/calendar";
import * as clock from "@/lib/clock";
import type { Db } from "../db/connect";
import { billConcessions, billingCounters, billingSettings, bills, creditNotes, directoryEntries, queueAppointments, receiptPayments, receiptPrints, receipts, staff, type BillLine } from "../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { summariesByIds } from "../patients/patient-index";
import { clinicTimeZone } from "../queue/desk-bookings";
import { assertDayOpen } from "./day-close";
import { DESK_LINE_LABELS } from "@/lib/billing/bill-lines";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Appointment = typeof queueAppointments.$inferSelect;
type Bill = typeof bills.$inferSelect;

const DEFAULT_SETTINGS = (clinicId: string): BillingSettings => ({
  clinicId,
  legalName: null,
  address: null,
  gstin: null,
  upiVpa: null,
  upiPayee: null,
  registrationFeePaise: 0,
  newCaseFeePaise: 0,
  followUpFeePaise: 0,
  followUpDays: 7,
  procedures: [],
});

const RUPEE_WORDS: Record<Exclude<ParsedRupees, { ok: true }>["reason"], string> = {
  empty: "Enter an amount in rupees.",
  not_a_number: "Enter the amount in figures, e.g. 500 or 250.50.",
  negative: "The amount cannot be negative.",
  too_precise: "At most two digits after the dot (paise).",
  too_large: "The amount is too large.",
};

/** Reads rupees into paise, collecting a field error instead of throwing. */
function paiseOf(text: string, field: string, errors: Record<string, string>): number | null {
  const p = parseRupees(text);
  if (!p.ok) {
    errors[field] = RUPEE_WORDS[p.reason];
    return null;
  }
  return p.paise;
}

export async function readBillingSettings(db: Db | Tx, clinicId: string): Promise<BillingSettings> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.clinicId, clinicId));
  if (!row) return DEFAULT_SETTINGS(clinicId);
  return {
    clinicId,
    legalName: row.legalName,
    address: row.address,
    gstin: row.gstin,
    upiVpa: row.upiVpa,
    upiPayee: row.upiPayee,
    registrationFeePaise: row.registrationFeePaise,
    newCaseFeePaise: row.newCaseFeePaise,
    followUpFeePaise: row.followUpFeePaise,
    followUpDays: row.followUpDays,
    procedures: row.procedures,
  };
}

export async function saveBillingSettings(db: Db, input: BillingSettingsInput, staffId: string, now = clock.now()): Promise<BillingSettings> {
  const errors: Record<string, string> = {};
  const registrationFeePaise = paiseOf(input.registrationFee, "registrationFee", errors);
  const newCaseFeePaise = paiseOf(input.newCaseFee, "newCaseFee", errors);
  const followUpFeePaise = paiseOf(input.followUpFee, "followUpFee", errors);
  const procedures = input.procedures.map((p, i) => ({ code: p.code, name: p.name, feePaise: paiseOf(p.fee, `procedures.${i}.fee`, errors) ?? 0 }));
  const codes = new Set<string>();
  input.procedures.forEach((p, i) => {
    if (codes.has(p.code)) errors[`procedures.${i}.code`] = "Another procedure has this code.";
    codes.add(p.code);
  });
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]);
  const values = {
    clinicId: input.clinicId,
    legalName: input.legalName || null,
    address: input.address || null,
    gstin: input.gstin || null,
    upiVpa: input.upiVpa || null,
    upiPayee: input.upiPayee || null,
    registrationFeePaise: registrationFeePaise!,
    newCaseFeePaise: newCaseFeePaise!,
    followUpFeePaise: followUpFeePaise!,
    followUpDays: input.followUpDays,
    procedures,
    updatedBy: staffId,
    updatedAt: new Date(now),
  };
  await db.insert(billingSettings).values(values).onConflictDoUpdate({ target: billingSettings.clinicId, set: values });
  return readBillingSettings(db, input.clinicId);
}

/**
 * What a visit costs before money is taken. A booked service costs what the platform priced it
 * (price − discount + convenience fee, already summed on the queue row); a walk-in is the desk's own
 * visit and costs the clinic's price list: the follow-up fee when the patient paid for a
 * consultation with this doctor within the follow-up window, else the new-case fee, plus the
 * registration fee on the patient's first paid visit at the clinic.
 */
export async function proposeBill(db: Db | Tx, a: Appointment, settings: BillingSettings, procedureCodes: readonly string[] = [], now = clock.now(), facts?: WalkInFacts) {
  const lines: BillLine[] = [];
  let feeKind: Bill["feeKind"];
  if (a.source !== "walk_in" && a.price !== null) {
    feeKind = "booked_service";
    lines.push({ kind: "service", label: a.serviceName ?? "Consultation", paise: rupeeNumberToPaise(a.price) });
  } else {
    const { followUp, paidHereBefore } = facts ?? (await walkInFacts(db, [a], () => settings, now)).get(a.appointmentId)!;
    feeKind = followUp ? "follow_up" : "new_case";
    if (!paidHereBefore && settings.registrationFeePaise > 0) lines.push({ kind: "registration", label: DESK_LINE_LABELS.registration, paise: settings.registrationFeePaise });
    lines.push({ kind: "consultation", label: feeKind === "follow_up" ? DESK_LINE_LABELS.followUp : DESK_LINE_LABELS.newCase, paise: feeKind === "follow_up" ? settings.followUpFeePaise : settings.newCaseFeePaise });
  }
  const errors: Record<string, string> = {};
  procedureCodes.forEach((code, i) => {
    const p = settings.procedures.find((x) => x.code === code);
    if (!p) errors[`procedures.${i}`] = "This procedure is not in the clinic's price list.";
    else lines.push({ kind: "procedure", label: p.name, paise: p.feePaise });
  });
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]);
  return { feeKind, lines, totalPaise: sumPaise(lines.map((l) => l.paise)), prePay: a.source !== "walk_in" && a.prePay === true };
}

/** What a walk-in's price depends on: a paid visit with this doctor within the follow-up window, any paid visit at this clinic. */
export interface WalkInFacts {
  followUp: boolean;
  paidHereBefore: boolean;
}

/**
 * The walk-ins' earlier receipts, in two queries however many visits there are (a queue page
 * asks for all of its not-yet-billed walk-ins at once). A visit's own receipts never count.
 */
async function walkInFacts(db: Db | Tx, visits: readonly Appointment[], settingsOf: (clinicId: string) => BillingSettings, now: number): Promise<Map<string, WalkInFacts>> {
  const sinceOf = (v: Appointment) => now - settingsOf(v.clinicId).followUpDays * 86_400_000;
  const patientIds = [...new Set(visits.map((v) => v.patientId))];
  const clinicIds = [...new Set(visits.map((v) => v.clinicId))];
  const [recent, earlier] = await Promise.all([
    // Per patient, doctor and visit, the latest receipt within the longest follow-up window asked for.
    db
      .select({ patientId: receipts.patientId, doctorId: receipts.doctorId, appointmentId: receipts.appointmentId, last: max(receipts.collectedAt) })
      .from(receipts)
      .where(and(inArray(receipts.patientId, patientIds), gte(receipts.collectedAt, new Date(Math.min(...visits.map(sinceOf))))))
      .groupBy(receipts.patientId, receipts.doctorId, receipts.appointmentId),
    // Per patient and clinic, how many visits were paid and one of them: two, or one other than this one, is "paid here before".
    db
      .select({ patientId: receipts.patientId, clinicId: receipts.clinicId, visits: sql<number>`count(distinct ${receipts.appointmentId})`.mapWith(Number), one: min(receipts.appointmentId) })
      .from(receipts)
      .where(and(inArray(receipts.patientId, patientIds), inArray(receipts.clinicId, clinicIds)))
      .groupBy(receipts.patientId, receipts.clinicId),
  ]);
  const paidAt = new Map(earlier.map((e) => [`${e.patientId}\u0000${e.clinicId}`, e]));
  return new Map(
    visits.map((v) => {
      const since = sinceOf(v);
      const followUp = recent.some((r) => r.patientId === v.patientId && r.doctorId === v.doctorId && r.appointmentId !== v.appointmentId && r.last !== null && r.last.getTime() >= since);
      const here = paidAt.get(`${v.patientId}\u0000${v.clinicId}`);
      const paidHereBefore = !!here && (here.visits > 1 || here.one !== v.appointmentId);
      return [v.appointmentId, { followUp, paidHereBefore }];
    }),
  );
}

async function loadAppointment(db: Db | Tx, appointmentId: string): Promise<Appointment> {
  const [a] = await db.select().from(queueAppointments).where(eq(queueAppointments.appointmentId, appointmentId));
  if (!a) throw new NotFoundError("The desk has no visit with this id.");
  return a;
}

interface Totals {
  concessionPaise: number;
  paidPaise: number;
  refundedPaise: number;
}

async function billTotals(db: Db | Tx, billIds: string[]): Promise<Map<string, Totals>> {
  const out = new Map<string, Totals>(billIds.map((id) => [id, { concessionPaise: 0, paidPaise: 0, refundedPaise: 0 }]));
  if (!billIds.length) return out;
  const [conc, paid, refunded] = await Promise.all([
    db.select({ billId: billConcessions.billId, s: sql<string>`sum(${billConcessions.amountPaise})` }).from(billConcessions).where(inArray(billConcessions.billId, billIds)).groupBy(billConcessions.billId),
    db.select({ billId: receipts.billId, s: sql<string>`sum(${receipts.amountPaise})` }).from(receipts).where(inArray(receipts.billId, billIds)).groupBy(receipts.billId),
    db
      .select({ billId: receipts.billId, s: sql<string>`sum(${creditNotes.amountPaise})` })
      .from(creditNotes)
      .innerJoin(receipts, eq(receipts.id, creditNotes.receiptId))
      .where(inArray(receipts.billId, billIds))
      .groupBy(receipts.billId),
  ]);
  for (const r of conc) out.get(r.billId)!.concessionPaise = Number(r.s);
  for (const r of paid) out.get(r.billId)!.paidPaise = Number(r.s);
  for (const r of refunded) out.get(r.billId)!.refundedPaise = Number(r.s);
  return out;
}

const NOTHING_YET: Totals = { concessionPaise: 0, paidPaise: 0, refundedPaise: 0 };

/** Refunds lower what was charged as well as what was kept, so they never bring a due back. */
const dueOf = (total: number, t: Totals) => Math.max(0, total - t.concessionPaise - t.paidPaise);

function stateOf(total: number, t: Totals, prePay: boolean): BillingState {
  const duePaise = dueOf(total, t);
  const paidPaise = t.paidPaise - t.refundedPaise;
  if (duePaise === 0) return { state: t.paidPaise === 0 && t.concessionPaise > 0 ? "free" : "paid", duePaise, paidPaise };
  return { state: prePay && t.paidPaise === 0 ? "prepay_missing" : "due", duePaise, paidPaise };
}

/** Paid, due or pre-pay missing for each visit (bills where money was taken, the proposal where not). */
export async function billingStates(db: Db | Tx, rows: readonly Appointment[]): Promise<Map<string, BillingState>> {
  const out = new Map<string, BillingState>();
  if (!rows.length) return out;
  const existing = await db.select().from(bills).where(inArray(bills.appointmentId, rows.map((r) => r.appointmentId)));
  const totals = await billTotals(db, existing.map((b) => b.id));
  const byAppointment = new Map(existing.map((b) => [b.appointmentId, b]));
  const unbilledWalkIns: Appointment[] = [];
  for (const r of rows) {
    const b = byAppointment.get(r.appointmentId);
    if (b) out.set(r.appointmentId, stateOf(b.totalPaise, totals.get(b.id)!, b.prePay));
    else if (r.source !== "walk_in" && r.price !== null) {
      if (r.price > 0) out.set(r.appointmentId, stateOf(rupeeNumberToPaise(r.price), NOTHING_YET, r.prePay === true));
    } else if (r.source === "walk_in" && r.status !== "cancelled") unbilledWalkIns.push(r);
  }
  if (!unbilledWalkIns.length) return out;
  // A walk-in not billed yet costs the clinic's price list (new case or follow-up), priced for the whole page at once.
  const settings = new Map<string, BillingSettings>();
  for (const clinicId of new Set(unbilledWalkIns.map((r) => r.clinicId))) settings.set(clinicId, await readBillingSettings(db, clinicId));
  const now = clock.now();
  const facts = await walkInFacts(db, unbilledWalkIns, (clinicId) => settings.get(clinicId)!, now);
  for (const r of unbilledWalkIns) {
    const proposed = await proposeBill(db, r, settings.get(r.clinicId)!, [], now, facts.get(r.appointmentId));
    if (proposed.totalPaise > 0) out.set(r.appointmentId, stateOf(proposed.totalPaise, NOTHING_YET, false));
  }
  return out;
}

async function staffNames(db: Db | Tx, ids: (string | null)[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((x): x is string => !!x))];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function receiptSummaries(db: Db | Tx, billId: string): Promise<ReceiptSummary[]> {
  const rs = await db.select().from(receipts).where(eq(receipts.billId, billId)).orderBy(asc(receipts.number));
  if (!rs.length) return [];
  const ids = rs.map((r) => r.id);
  const [lines, notes] = await Promise.all([
    db.select().from(receiptPayments).where(inArray(receiptPayments.receiptId, ids)).orderBy(asc(receiptPayments.line)),
    db.select().from(creditNotes).where(inArray(creditNotes.receiptId, ids)).orderBy(asc(creditNotes.number)),
  ]);
  const names = await staffNames(db, [...rs.map((r) => r.collectedBy), ...notes.map((n) => n.staffId)]);
  return rs.map((r) => {
    const cn = notes.filter((n) => n.receiptId === r.id);
    return {
      id: r.id,
      label: r.label,
      amountPaise: r.amountPaise,
      collectedAt: r.collectedAt.toISOString(),
      collectedBy: r.collectedBy ? (names.get(r.collectedBy) ?? null) : null,
      payments: lines.filter((l) => l.receiptId === r.id).map((l) => ({ method: l.method, amountPaise: l.amountPaise, tenderedPaise: l.tenderedPaise, changePaise: l.changePaise, reference: l.reference })),
      creditNotes: cn.map((n) => ({ id: n.id, label: n.label, amountPaise: n.amountPaise, method: n.method, reason: n.reason, at: n.at.toISOString(), staffName: n.staffId ? (names.get(n.staffId) ?? null) : null })),
      refundablePaise: r.amountPaise - sumPaise(cn.map((n) => n.amountPaise)),
    };
  });
}

export async function readVisitBilling(db: Db, appointmentId: string, now = clock.now()): Promise<VisitBilling> {
  const a = await loadAppointment(db, appointmentId);
  const settings = await readBillingSettings(db, a.clinicId);
  const [bill] = await db.select().from(bills).where(eq(bills.appointmentId, appointmentId));
  const shape = bill ?? (await proposeBill(db, a, settings, [], now));
  const totals = bill ? (await billTotals(db, [bill.id])).get(bill.id)! : { concessionPaise: 0, paidPaise: 0, refundedPaise: 0 };
  const [concessions, receiptList, patients, doctor] = await Promise.all([
    bill ? db.select().from(billConcessions).where(eq(billConcessions.billId, bill.id)).orderBy(asc(billConcessions.id)) : [],
    bill ? receiptSummaries(db, bill.id) : [],
    summariesByIds(db, [a.patientId]),
    db.select({ name: directoryEntries.displayName }).from(directoryEntries).where(and(eq(directoryEntries.kind, "doctor"), eq(directoryEntries.platformId, a.doctorId))),
  ]);
  return {
    appointmentId,
    clinicId: a.clinicId,
    doctorId: a.doctorId,
    doctorName: doctor[0]?.name ?? a.doctorId,
    patientId: a.patientId,
    patientName: patients.get(a.patientId)?.name ?? a.patientLabel,
    day: a.day,
    tokenLabel: a.tokenLabel,
    billed: !!bill,
    feeKind: shape.feeKind,
    prePay: shape.prePay,
    lines: shape.lines,
    totalPaise: shape.totalPaise,
    concessions: concessions.map((c) => ({ amountPaise: c.amountPaise, reason: c.reason, allowedBy: c.allowedBy, at: c.at.toISOString() })),
    concessionPaise: totals.concessionPaise,
    paidPaise: totals.paidPaise,
    refundedPaise: totals.refundedPaise,
    duePaise: dueOf(shape.totalPaise, totals),
    receipts: receiptList,
    procedures: settings.procedures,
    upi: settings.upiVpa ? { vpa: settings.upiVpa, payee: settings.upiPayee || settings.legalName || "Clinic" } : null,
    state: stateOf(shape.totalPaise, totals, shape.prePay),
  };
}

/**
 * The next number of a series for a clinic's financial year: one upsert on the counter row, which
 * PostgreSQL keeps locked until the transaction ends, so concurrent payments on any instance wait
 * their turn, and a payment that fails takes its number back with it (no gap, no reuse).
 */
async function nextNumber(tx: Tx, clinicId: string, series: "RC" | "CN", fy: string, at: Date): Promise<number> {
  const [row] = await tx
    .insert(billingCounters)
    .values({ clinicId, series, fy, lastNumber: 1, updatedAt: at })
    .onConflictDoUpdate({ target: [billingCounters.clinicId, billingCounters.series, billingCounters.fy], set: { lastNumber: sql`${billingCounters.lastNumber} + 1`, updatedAt: at } })
    .returning({ n: billingCounters.lastNumber });
  return row!.n;
}


/** JSON with sorted keys: jsonb gives stored objects back in its own key order. */
const canonical = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map(canonical).join(",")}]` : v && typeof v === "object" ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(",")}}` : JSON.stringify(v);
const sameRequest = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Takes money for a visit: fixes the bill the first time, records a concession when given, and
 * issues the next receipt number with the payment lines, all in one transaction. A request
 * replayed with the same Idempotency-Key answers the receipt it made; a sum over the due, a
 * negative or unreadable amount is refused field by field and consumes no number.
 */
export async function recordPayment(db: Db, r: { appointmentId: string; key: string; staffId: string; request: PaymentRequest }, now = clock.now()): Promise<PaymentOutcome> {
  const errors: Record<string, string> = {};
  const lines = r.request.payments.map((p, i) => {
    const amountPaise = paiseOf(p.amount, `payments.${i}.amount`, errors);
    if (amountPaise === 0) errors[`payments.${i}.amount`] = "The amount must be more than zero.";
    let tenderedPaise: number | null = null;
    if (p.tendered !== undefined && p.tendered.trim() !== "") {
      if (p.method !== "cash") errors[`payments.${i}.tendered`] = "Only cash is handed over with change.";
      tenderedPaise = paiseOf(p.tendered, `payments.${i}.tendered`, errors);
      if (tenderedPaise !== null && amountPaise !== null && tenderedPaise < amountPaise) errors[`payments.${i}.tendered`] = "Less cash was handed over than the amount.";
    }
    return { method: p.method, amountPaise: amountPaise ?? 0, tenderedPaise, changePaise: tenderedPaise !== null && amountPaise !== null ? tenderedPaise - amountPaise : null, reference: p.reference || null };
  });
  const concessionPaise = r.request.concession ? paiseOf(r.request.concession.amount, "concession.amount", errors) : null;
  if (concessionPaise === 0) errors["concession.amount"] = "The concession must be more than zero.";
  if (!lines.length && !r.request.concession) errors.payments = "Add a payment line.";
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]);

  const a = await loadAppointment(db, r.appointmentId);
  if (a.status === "cancelled" && !(await db.select({ id: bills.id }).from(bills).where(eq(bills.appointmentId, a.appointmentId))).length) {
    throw new ConflictError("This visit was cancelled; there is nothing to collect.", "visit_cancelled");
  }
  // The clinic's price list and time zone, read once for the whole payment (the day-open check needs the zone too).
  const [settings, timeZone] = await Promise.all([readBillingSettings(db, a.clinicId), clinicTimeZone(db, a.clinicId)]);
  if (lines.length) await assertDayOpen(db, { clinicId: a.clinicId, cashierId: r.staffId, timeZone }, now);
  const at = new Date(now);
  const fy = financialYear(now, timeZone);
  const amountPaise = sumPaise(lines.map((l) => l.amountPaise));

  return db.transaction(async (tx) => {
    // The counter row is taken first: every payment of this clinic's year waits here, so the checks
    // below (replay, due) see every payment committed before it.
    const number = lines.length ? await nextNumber(tx, a.clinicId, "RC", fy, at) : null;
    const [earlier] = await tx.select().from(receipts).where(eq(receipts.idempotencyKey, r.key));
    if (earlier) {
      if (earlier.appointmentId !== r.appointmentId || !sameRequest(earlier.request, r.request)) {
        throw new ConflictError("This Idempotency-Key was already used for another payment; nothing was recorded. Send a new key for a new payment.", "idempotency_key_reused");
      }
      // Roll back the number this replay took: it is not a new receipt.
      throw new ReplayFound(earlier.id);
    }
    let [bill] = await tx.select().from(bills).where(eq(bills.appointmentId, a.appointmentId));
    // A bill made by this transaction has no concession, receipt or refund yet: nothing else can see it before it commits.
    const fresh = !bill;
    if (!bill) {
      const proposed = await proposeBill(tx, a, settings, r.request.procedures ?? [], now);
      [bill] = await tx
        .insert(bills)
        .values({ appointmentId: a.appointmentId, clinicId: a.clinicId, doctorId: a.doctorId, patientId: a.patientId, ...proposed, createdBy: r.staffId, createdAt: at })
        .returning();
    } else if (r.request.procedures?.length) {
      throw new ValidationError({ procedures: "This visit's bill is already fixed; procedures can be added only before the first payment." }, "This visit's bill is already fixed.");
    }
    const totals = fresh ? NOTHING_YET : (await billTotals(tx, [bill!.id])).get(bill!.id)!;
    let due = dueOf(bill!.totalPaise, totals);
    if (concessionPaise !== null) {
      if (concessionPaise > due) throw new ValidationError({ "concession.amount": `The concession is more than the ${formatDue(due)} due.` }, "The concession is more than the due.");
      await tx.insert(billConcessions).values({ billId: bill!.id, amountPaise: concessionPaise, reason: r.request.concession!.reason, allowedBy: r.request.concession!.allowedBy, staffId: r.staffId, at });
      due -= concessionPaise;
    }
    if (amountPaise > due) {
      const field = lines.length === 1 ? "payments.0.amount" : "payments";
      throw new ValidationError({ [field]: due === 0 ? "Nothing is due on this visit." : `The payment is more than the ${formatDue(due)} due.` }, due === 0 ? "Nothing is due on this visit." : "The payment is more than the due.");
    }
    if (number === null) return { receiptId: null, receiptLabel: null, amountPaise: 0, changePaise: 0, duePaise: due, replayed: false };
    const label = documentLabel("RC", fy, number);
    const [receipt] = await tx
      .insert(receipts)
      .values({ clinicId: a.clinicId, fy, number, label, billId: bill!.id, appointmentId: a.appointmentId, patientId: a.patientId, doctorId: a.doctorId, amountPaise, idempotencyKey: r.key, request: r.request, collectedBy: r.staffId, collectedAt: at })
      .returning({ id: receipts.id });
    await tx.insert(receiptPayments).values(lines.map((l, i) => ({ receiptId: receipt!.id, line: i + 1, ...l })));
    return { receiptId: receipt!.id, receiptLabel: label, amountPaise, changePaise: sumPaise(lines.map((l) => l.changePaise ?? 0)), duePaise: due - amountPaise, replayed: false };
  }).catch(async (err: unknown) => {
    if (err instanceof ReplayFound) return replayOutcome(db, err.receiptId);
    throw uniqueRace(err) ? new ConflictError("This payment is being recorded by another request with the same key; look at the visit again.", "payment_in_progress") : err;
  });
}

class ReplayFound extends Error {
  constructor(readonly receiptId: string) {
    super("replay");
  }
}

const uniqueRace = (err: unknown) => (err as { code?: string; cause?: { code?: string } }).code === "23505" || (err as { cause?: { code?: string } }).cause?.code === "23505";

const formatDue = formatPaise;

async function replayOutcome(db: Db, receiptId: string): Promise<PaymentOutcome> {
  const [r] = await db.select().from(receipts).where(eq(receipts.id, receiptId));
  const lines = await db.select().from(receiptPayments).where(eq(receiptPayments.receiptId, receiptId));
  const [bill] = await db.select().from(bills).where(eq(bills.id, r!.billId));
  const totals = (await billTotals(db, [bill!.id])).get(bill!.id)!;
  return { receiptId, receiptLabel: r!.label, amountPaise: r!.amountPaise, changePaise: sumPaise(lines.map((l) => l.changePaise ?? 0)), duePaise: dueOf(bill!.totalPaise, totals), replayed: true };
}

export interface CreditNoteOutcome {
  id: string;
  label: string;
  amountPaise: number;
  refundablePaise: number;
  replayed: boolean;
}

/** Gives money back against a receipt as a credit note of its own series; never more than the receipt kept. */
export async function issueCreditNote(db: Db, r: { receiptId: string; key: string; staffId: string; request: CreditNoteRequest }, now = clock.now()): Promise<CreditNoteOutcome> {
  const errors: Record<string, string> = {};
  const amountPaise = paiseOf(r.request.amount, "amount", errors);
  if (amountPaise === 0) errors.amount = "The amount must be more than zero.";
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]);
  const [receipt] = await db.select().from(receipts).where(eq(receipts.id, r.receiptId));
  if (!receipt) throw new NotFoundError("The desk has no receipt with this id.");
  const timeZone = await clinicTimeZone(db, receipt.clinicId);
  await assertDayOpen(db, { clinicId: receipt.clinicId, cashierId: r.staffId, timeZone }, now);
  const at = new Date(now);
  const fy = financialYear(now, timeZone);
  const outcome = await db
    .transaction(async (tx) => {
      const number = await nextNumber(tx, receipt.clinicId, "CN", fy, at);
      const [earlier] = await tx.select().from(creditNotes).where(eq(creditNotes.idempotencyKey, r.key));
      if (earlier) {
        if (earlier.receiptId !== r.receiptId || !sameRequest(earlier.request, r.request)) {
          throw new ConflictError("This Idempotency-Key was already used for another refund; nothing was recorded.", "idempotency_key_reused");
        }
        throw new ReplayFound(earlier.id);
      }
      const [kept] = await tx.select({ s: sql<string>`coalesce(sum(${creditNotes.amountPaise}), 0)` }).from(creditNotes).where(eq(creditNotes.receiptId, r.receiptId));
      const refundable = receipt.amountPaise - Number(kept!.s);
      if (amountPaise! > refundable) {
        throw new ValidationError({ amount: refundable === 0 ? "This receipt was refunded in full already." : `At most ${formatDue(refundable)} of this receipt can be refunded.` }, "The refund is more than the receipt kept.");
      }
      const label = documentLabel("CN", fy, number);
      const [note] = await tx
        .insert(creditNotes)
        .values({ clinicId: receipt.clinicId, fy, number, label, receiptId: r.receiptId, amountPaise: amountPaise!, method: r.request.method, reason: r.request.reason, idempotencyKey: r.key, request: r.request, staffId: r.staffId, at })
        .returning({ id: creditNotes.id });
      return { id: note!.id, label, amountPaise: amountPaise!, refundablePaise: refundable - amountPaise!, replayed: false };
    })
    .catch(async (err: unknown) => {
      if (!(err instanceof ReplayFound)) throw err;
      const [n] = await db.select().from(creditNotes).where(eq(creditNotes.id, err.receiptId));
      const [kept] = await db.select({ s: sql<string>`coalesce(sum(${creditNotes.amountPaise}), 0)` }).from(creditNotes).where(eq(creditNotes.receiptId, r.receiptId));
      return { id: n!.id, label: n!.label, amountPaise: n!.amountPaise, refundablePaise: receipt.amountPaise - Number(kept!.s), replayed: true };
    });
  return outcome;
}

/** A receipt as it prints: the clinic's header, the bill's lines, the payment lines and the amount in words. */
export async function readReceipt(db: Db, receiptId: string): Promise<ReceiptDocument> {
  const [r] = await db.select().from(receipts).where(eq(receipts.id, receiptId));
  if (!r) throw new NotFoundError("The desk has no receipt with this id.");
  const [bill] = await db.select().from(bills).where(eq(bills.id, r.billId));
  const [settings, timeZone, patients, places, [prints]] = await Promise.all([
    readBillingSettings(db, r.clinicId),
    clinicTimeZone(db, r.clinicId),
    summariesByIds(db, [r.patientId]),
    db.select({ kind: directoryEntries.kind, id: directoryEntries.platformId, name: directoryEntries.displayName }).from(directoryEntries).where(inArray(directoryEntries.platformId, [r.clinicId, r.doctorId])),
    db.select({ n: sql<string>`count(*)` }).from(receiptPrints).where(eq(receiptPrints.receiptId, receiptId)),
  ]);
  const summary = (await receiptSummaries(db, r.billId)).find((s) => s.id === receiptId)!;
  const patient = patients.get(r.patientId);
  return {
    id: r.id,
    label: r.label,
    clinicName: settings.legalName || places.find((p) => p.kind === "clinic" && p.id === r.clinicId)?.name || r.clinicId,
    clinicAddress: settings.address,
    gstin: settings.gstin,
    patientName: patient?.name ?? r.patientId,
    patientUhid: patient?.uhid ?? null,
    doctorName: places.find((p) => p.kind === "doctor" && p.id === r.doctorId)?.name ?? r.doctorId,
    collectedAt: r.collectedAt.toISOString(),
    collectedDay: displayDay(dayInZone(r.collectedAt, timeZone)),
    collectedBy: summary.collectedBy,
    lines: bill!.lines,
    payments: summary.payments,
    amountPaise: r.amountPaise,
    amountWords: { en: amountInWords(r.amountPaise, "en"), hi: amountInWords(r.amountPaise, "hi") },
    creditNotes: summary.creditNotes,
    printCount: Number(prints?.n ?? 0),
  };
}

/** Records a print: the first is the original, every later one is marked DUPLICATE. */
export async function recordPrint(db: Db, receiptId: string, staffId: string, now = clock.now()): Promise<"original" | "duplicate"> {
  const [r] = await db.select({ id: receipts.id }).from(receipts).where(eq(receipts.id, receiptId));
  if (!r) throw new NotFoundError("The desk has no receipt with this id.");
  return db.transaction(async (tx) => {
    // One receipt's prints are counted one at a time, so two first prints at once make one original.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`receipt-print ${receiptId}`}))`);
    const [before] = await tx.select({ id: receiptPrints.id }).from(receiptPrints).where(eq(receiptPrints.receiptId, receiptId)).orderBy(desc(receiptPrints.id)).limit(1);
    const copy = before ? "duplicate" : "original";
    await tx.insert(receiptPrints).values({ receiptId, copy, staffId, at: new Date(now) });
    return copy;
  });
}

