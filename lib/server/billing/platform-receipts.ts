import "server-only";
import { and, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { PlatformReceiptEvent } from "@/lib/schemas/desk-events";
import type { ReconcileRow, ReconcileTotals, ReconcileView } from "@/lib/schemas/reconcile";
import { dayInZone } from "@/lib/schemas/calendar";
import { sumPaise } from "@/lib/billing/money";
import { platformCounting, type PlatformCounting } from "@/lib/billing/platform-counting";
import * as clock from "@/lib/clock";
import type { Db } from "../db/connect";
import { creditNotes, platformDayTotals, platformReceiptDecisions, platformReceipts, queueAppointments, receipts } from "../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { clinicTimeZone } from "../queue/desk-bookings";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Row = typeof platformReceipts.$inferSelect;
type Decision = typeof platformReceiptDecisions.$inferSelect;
type DeskReceipt = { id: string; label: string; appointmentId: string; patientId: string; clinicId: string; amountPaise: number; collectedAt: Date };

/** What the platform kept of a receipt: paid less refunded; a cancelled receipt kept nothing. Null when unknown. */
export const platformNet = (r: Pick<Row, "amountPaise" | "refundedPaise" | "status" | "problem">): number | null =>
  r.problem || r.amountPaise === null ? null : r.status === "cancelled" ? 0 : r.amountPaise - (r.refundedPaise ?? 0);

const lockOf = (tx: Tx | Db, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
// Decisions about any platform receipt are taken one at a time, so a desk receipt is never linked twice.
const DECISIONS_LOCK = "platform-receipt-decisions";

/**
 * Stores a receipt event at the newest state the platform reported. The platform's receipt id is the
 * row's identity, so a redelivery leaves one row; an event older than the stored state (an updated
 * that overtook its created) only fills in what is still missing. Then tries to match it.
 */
export async function recordPlatformReceipt(db: Db, r: { inboxId: number; event: PlatformReceiptEvent; occurredAt: Date | null }, now = clock.now()): Promise<string> {
  const e = r.event;
  const platformReceiptId = e.platformReceiptId ?? `inbox:${r.inboxId}`;
  const stateAt = r.occurredAt ?? (e.paidAt ? new Date(e.paidAt) : new Date(now));
  const fields = {
    receiptNumber: e.receiptNumber,
    clinicId: e.clinicId,
    appointmentId: e.appointmentId,
    patientId: e.patientId,
    reference: e.reference,
    amountPaise: e.amountPaise,
    refundedPaise: e.refundedPaise,
    status: e.status,
    method: e.method,
    paidAt: e.paidAt ? new Date(e.paidAt) : null,
    problem: e.problem,
  };
  return db.transaction(async (tx) => {
    await lockOf(tx, `platform-receipt ${platformReceiptId}`);
    const [existing] = await tx.select().from(platformReceipts).where(eq(platformReceipts.platformReceiptId, platformReceiptId));
    if (!existing) {
      const [row] = await tx
        .insert(platformReceipts)
        .values({ platformReceiptId, ...fields, stateAt, firstInboxId: r.inboxId, lastInboxId: r.inboxId, receivedAt: new Date(now), updatedAt: new Date(now) })
        .returning({ id: platformReceipts.id });
      await autoMatch(tx, row!.id, now);
      await recount(tx, row!.id);
      return row!.id;
    }
    const newer = !existing.stateAt || stateAt.getTime() >= existing.stateAt.getTime();
    const keep = <K extends keyof typeof fields>(k: K) => (existing[k] ?? fields[k]) as (typeof fields)[K];
    // A newer report replaces the state unless it is unreadable and the stored one is not; identity fields are never emptied.
    const replace = newer && !(e.problem && !existing.problem);
    const next = replace
      ? { ...fields, receiptNumber: fields.receiptNumber ?? existing.receiptNumber, clinicId: fields.clinicId ?? existing.clinicId, appointmentId: fields.appointmentId ?? existing.appointmentId, patientId: fields.patientId ?? existing.patientId, reference: fields.reference ?? existing.reference, paidAt: fields.paidAt ?? existing.paidAt, stateAt }
      : { receiptNumber: keep("receiptNumber"), clinicId: keep("clinicId"), appointmentId: keep("appointmentId"), patientId: keep("patientId"), reference: keep("reference"), paidAt: keep("paidAt"), method: keep("method") };
    await tx
      .update(platformReceipts)
      .set({ ...next, events: existing.events + 1, lastInboxId: Math.max(existing.lastInboxId, r.inboxId), updatedAt: new Date(now) })
      .where(eq(platformReceipts.id, existing.id));
    await autoMatch(tx, existing.id, now);
    await recount(tx, existing.id);
    return existing.id;
  });
}

async function standingDecisions(db: Db | Tx, ids: string[]): Promise<Map<string, Decision>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(platformReceiptDecisions).where(inArray(platformReceiptDecisions.platformReceiptId, ids)).orderBy(desc(platformReceiptDecisions.id));
  const out = new Map<string, Decision>();
  for (const d of rows) if (!out.has(d.platformReceiptId)) out.set(d.platformReceiptId, d);
  return out;
}

/** Desk receipts already standing linked to some platform receipt (the newest decision of each). */
async function linkedDeskReceipts(db: Db | Tx): Promise<Map<string, string>> {
  const result = await db.execute(sql`
    select d.desk_receipt_id, d.platform_receipt_id from ${platformReceiptDecisions} d
    where d.id = (select max(x.id) from ${platformReceiptDecisions} x where x.platform_receipt_id = d.platform_receipt_id)
      and d.decision = 'linked'`);
  const list = (result as unknown as { rows: { desk_receipt_id: string; platform_receipt_id: string }[] }).rows;
  return new Map(list.map((r) => [r.desk_receipt_id, r.platform_receipt_id]));
}

async function deskNets(db: Db | Tx, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const [rs, notes] = await Promise.all([
    db.select({ id: receipts.id, amount: receipts.amountPaise }).from(receipts).where(inArray(receipts.id, ids)),
    db.select({ id: creditNotes.receiptId, s: sql<string>`sum(${creditNotes.amountPaise})` }).from(creditNotes).where(inArray(creditNotes.receiptId, ids)).groupBy(creditNotes.receiptId),
  ]);
  const refunded = new Map(notes.map((n) => [n.id, Number(n.s)]));
  return new Map(rs.map((r) => [r.id, r.amount - (refunded.get(r.id) ?? 0)]));
}

const DESK_RECEIPT_COLUMNS = { id: receipts.id, label: receipts.label, appointmentId: receipts.appointmentId, patientId: receipts.patientId, clinicId: receipts.clinicId, amountPaise: receipts.amountPaise, collectedAt: receipts.collectedAt };

/**
 * The desk's receipts that may be the same money, best first: named by the platform's reference (the
 * desk's receipt number), then of the same appointment, then of the same patient within a day and a
 * half of the platform's payment with the same amount (amount + visit).
 */
async function candidatesFor(db: Db | Tx, row: Row): Promise<{ receipt: DeskReceipt; how: "reference" | "appointment" | "amount_visit" }[]> {
  const out: { receipt: DeskReceipt; how: "reference" | "appointment" | "amount_visit" }[] = [];
  const seen = new Set<string>();
  const add = (rs: DeskReceipt[], how: "reference" | "appointment" | "amount_visit") => rs.forEach((r) => !seen.has(r.id) && (seen.add(r.id), out.push({ receipt: r, how })));
  if (row.reference) add(await db.select(DESK_RECEIPT_COLUMNS).from(receipts).where(and(eq(receipts.label, row.reference), row.clinicId ? eq(receipts.clinicId, row.clinicId) : undefined)).limit(5), "reference");
  if (row.appointmentId) add(await db.select(DESK_RECEIPT_COLUMNS).from(receipts).where(eq(receipts.appointmentId, row.appointmentId)).limit(10), "appointment");
  const net = platformNet(row);
  const at = row.paidAt ?? row.stateAt;
  if (row.patientId && net !== null && at) {
    const window = 36 * 3_600_000;
    add(
      await db
        .select(DESK_RECEIPT_COLUMNS)
        .from(receipts)
        .where(and(eq(receipts.patientId, row.patientId), eq(receipts.amountPaise, net), gte(receipts.collectedAt, new Date(at.getTime() - window)), lt(receipts.collectedAt, new Date(at.getTime() + window))))
        .limit(5),
      "amount_visit",
    );
  }
  return out;
}

/** Links an undecided, readable platform receipt to the one desk receipt for the same money, when exactly one fits. */
async function autoMatch(tx: Tx, id: string, now: number): Promise<void> {
  await lockOf(tx, DECISIONS_LOCK);
  const [row] = await tx.select().from(platformReceipts).where(eq(platformReceipts.id, id));
  const net = row ? platformNet(row) : null;
  if (!row || net === null || (await standingDecisions(tx, [id])).size) return;
  const linked = await linkedDeskReceipts(tx);
  const free = (await candidatesFor(tx, row)).filter((c) => !linked.has(c.receipt.id));
  const nets = await deskNets(tx, free.map((c) => c.receipt.id));
  for (const how of ["reference", "appointment", "amount_visit"] as const) {
    const fits = free.filter((c) => c.how === how && nets.get(c.receipt.id) === net);
    if (fits.length === 1) {
      await tx.insert(platformReceiptDecisions).values({ platformReceiptId: id, decision: "linked", deskReceiptId: fits[0]!.receipt.id, platformNetPaise: net, how, at: new Date(now) });
      return;
    }
    if (fits.length > 1) return; // more than one fits: a person chooses
  }
}

/** Tries again the undecided ones: the desk may have recorded the payment after the platform's event arrived. */
export async function matchPending(db: Db, now = clock.now()): Promise<void> {
  const undecided = await db
    .select({ id: platformReceipts.id })
    .from(platformReceipts)
    .where(and(isNull(platformReceipts.problem), sql`not exists (select 1 from ${platformReceiptDecisions} d where d.platform_receipt_id = ${platformReceipts.id})`))
    .orderBy(desc(platformReceipts.updatedAt))
    .limit(200);
  for (const u of undecided)
    await db.transaction(async (tx) => {
      await autoMatch(tx, u.id, now);
      await recount(tx, u.id);
    });
}

function stateOf(row: Pick<Row, "problem">, net: number | null, decision: Pick<Decision, "decision" | "platformNetPaise"> | undefined, hasCandidates: boolean): ReconcileRow["state"] {
  if (decision?.decision === "platform_only") return "platform_only";
  if (decision?.decision === "linked") return net === decision.platformNetPaise ? "matched" : "reported_differently";
  if (row.problem) return "unreadable";
  return hasCandidates ? "reported_differently" : "unmatched";
}

/** Every platform receipt with what the desk decided (newest first), and the clinic's day: counted once. */
export async function readReconciliation(db: Db, q: { clinicId: string; day?: string }, now = clock.now()): Promise<ReconcileView> {
  await matchPending(db, now);
  const timeZone = await clinicTimeZone(db, q.clinicId);
  const day = q.day ?? dayInZone(now, timeZone);
  const rows = await db
    .select()
    .from(platformReceipts)
    .where(or(eq(platformReceipts.clinicId, q.clinicId), isNull(platformReceipts.clinicId)))
    .orderBy(desc(platformReceipts.updatedAt))
    .limit(500);
  const decisions = await standingDecisions(db, rows.map((r) => r.id));
  const linked = await linkedDeskReceipts(db);
  const candidates = new Map<string, Awaited<ReturnType<typeof candidatesFor>>>();
  for (const r of rows) if (!decisions.has(r.id) || decisions.get(r.id)!.decision === "linked") candidates.set(r.id, decisions.has(r.id) ? [] : await candidatesFor(db, r));
  const deskIds = [...new Set([...[...decisions.values()].flatMap((d) => (d.deskReceiptId ? [d.deskReceiptId] : [])), ...[...candidates.values()].flatMap((cs) => cs.map((c) => c.receipt.id))])];
  const [nets, labels] = await Promise.all([deskNets(db, deskIds), deskIds.length ? db.select(DESK_RECEIPT_COLUMNS).from(receipts).where(inArray(receipts.id, deskIds)) : Promise.resolve([] as DeskReceipt[])]);
  const desk = new Map(labels.map((l) => [l.id, l]));
  const view = (id: string) => {
    const d = desk.get(id)!;
    return { id, label: d.label, appointmentId: d.appointmentId, netPaise: nets.get(id) ?? d.amountPaise, collectedAt: d.collectedAt.toISOString() };
  };
  const list: ReconcileRow[] = rows.map((r) => {
    const d = decisions.get(r.id);
    const cs = (candidates.get(r.id) ?? []).filter((c) => !linked.has(c.receipt.id) || linked.get(c.receipt.id) === r.id);
    return {
      id: r.id,
      platformReceiptId: r.platformReceiptId,
      receiptNumber: r.receiptNumber,
      appointmentId: r.appointmentId,
      reference: r.reference,
      clinicId: r.clinicId,
      netPaise: platformNet(r),
      amountPaise: r.amountPaise,
      refundedPaise: r.refundedPaise,
      status: r.status,
      method: r.method,
      paidAt: (r.paidAt ?? r.stateAt ?? r.receivedAt).toISOString(),
      problem: r.problem,
      events: r.events,
      state: stateOf(r, platformNet(r), d, cs.length > 0),
      decision: d ? { decision: d.decision, how: d.how, note: d.note, at: d.at.toISOString(), deskReceipt: d.deskReceiptId ? view(d.deskReceiptId) : null, platformNetPaise: d.platformNetPaise } : null,
      candidates: cs.map((c) => ({ ...view(c.receipt.id), how: c.how })),
    };
  });
  return { clinicId: q.clinicId, day, rows: list, totals: await reconciledTotals(db, { clinicId: q.clinicId, day, timeZone }, list) };
}

const around = (day: string) => [new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000), new Date(Date.parse(`${day}T00:00:00Z`) + 2 * 86_400_000)] as const;

/**
 * A clinic day's money, each rupee once: the counter's receipts less its credit notes, plus what the
 * platform took that the desk marked "platform only". A platform receipt linked to a desk receipt is
 * the same money and adds nothing; one not decided yet is shown as waiting, not counted.
 */
export async function reconciledTotals(db: Db, q: { clinicId: string; day: string; timeZone: string }, rows: ReconcileRow[]): Promise<ReconcileTotals> {
  const [from, to] = around(q.day);
  const onDay = (at: Date) => dayInZone(at, q.timeZone) === q.day;
  const [rs, notes] = await Promise.all([
    db.select({ amount: receipts.amountPaise, at: receipts.collectedAt }).from(receipts).where(and(eq(receipts.clinicId, q.clinicId), gte(receipts.collectedAt, from), lt(receipts.collectedAt, to))),
    db.select({ amount: creditNotes.amountPaise, at: creditNotes.at }).from(creditNotes).where(and(eq(creditNotes.clinicId, q.clinicId), gte(creditNotes.at, from), lt(creditNotes.at, to))),
  ]);
  const counterPaise = sumPaise(rs.filter((r) => onDay(r.at)).map((r) => r.amount)) - sumPaise(notes.filter((n) => onDay(n.at)).map((n) => n.amount));
  const ofDay = rows.filter((r) => r.clinicId === q.clinicId && r.paidAt && dayInZone(Date.parse(r.paidAt), q.timeZone) === q.day);
  const sum = (counting: PlatformCounting) => sumPaise(ofDay.filter((r) => platformCounting(r.state, r.netPaise) === counting).map((r) => r.netPaise!));
  const platformOnlyPaise = sum("counted");
  return { counterPaise, platformOnlyPaise, matchedPaise: sum("desk_counts"), waitingPaise: sum("waiting"), totalPaise: counterPaise + platformOnlyPaise };
}

/** A counted platform receipt of a period, as the accountant's CSV lists it. */
export interface PeriodPlatformReceipt {
  id: string;
  number: string;
  reference: string | null;
  at: Date;
  day: string;
  netPaise: number;
  patientId: string | null;
  /** From the appointment the event names, when the desk knew it when counting. */
  doctorId: string | null;
  serviceName: string | null;
}

type Counted = Pick<Row, "countedAs" | "countedPaise" | "countedDay" | "countedDoctor" | "countedService">;
const SERVICE_KEY = (name: string | null) => (name ? `booked_service|${name}` : "online|");

/** Adds (sign 1) or takes back (sign −1) what a receipt counted into the clinic's day totals. */
async function applyDayTotals(tx: Tx | Db, clinicId: string, c: Counted, sign: 1 | -1) {
  if (!c.countedDay || c.countedPaise === null || (c.countedAs !== "counted" && c.countedAs !== "waiting")) return;
  const keys: [string, string][] = c.countedAs === "waiting" ? [["waiting", ""]] : [["total", ""], ["doctor", c.countedDoctor ?? ""], ["service", SERVICE_KEY(c.countedService)]];
  for (const [dimension, key] of keys) {
    await tx.execute(sql`
      insert into ${platformDayTotals} as t (clinic_id, day, dimension, key, paise, receipts) values (${clinicId}, ${c.countedDay}, ${dimension}, ${key}, ${sign * c.countedPaise}, ${sign})
      on conflict (clinic_id, day, dimension, key) do update set paise = t.paise + excluded.paise, receipts = t.receipts + excluded.receipts`);
  }
}

/**
 * Counts a platform receipt again by the one rule (platformCounting) after anything that can change it:
 * an event, an automatic match, a person's decision. What it counted before is taken out of the running
 * totals and what it counts now put in, in the caller's transaction (under the decisions lock).
 */
async function recount(tx: Tx | Db, id: string): Promise<void> {
  const [row] = await tx.select().from(platformReceipts).where(eq(platformReceipts.id, id));
  if (!row) return;
  const net = platformNet(row);
  // Candidates only tell "unmatched" from "reported differently": both wait the same, so they are not looked up here.
  const countedAs = platformCounting(stateOf(row, net, (await standingDecisions(tx, [id])).get(id), false), net);
  let next: Counted = { countedAs, countedPaise: null, countedDay: null, countedDoctor: null, countedService: null };
  if (row.clinicId && (countedAs === "counted" || countedAs === "waiting")) {
    const at = row.paidAt ?? row.stateAt ?? row.receivedAt;
    const [visit] = row.appointmentId
      ? await tx.select({ doctorId: queueAppointments.doctorId, serviceName: queueAppointments.serviceName }).from(queueAppointments).where(eq(queueAppointments.appointmentId, row.appointmentId))
      : [];
    next = { countedAs, countedPaise: net, countedDay: dayInZone(at, await clinicTimeZone(tx as Db, row.clinicId)), countedDoctor: visit?.doctorId ?? null, countedService: visit?.serviceName ?? null };
  }
  const same = (Object.keys(next) as (keyof Counted)[]).every((k) => row[k] === next[k]);
  if (same) return;
  if (row.clinicId) {
    await applyDayTotals(tx, row.clinicId, row, -1);
    await applyDayTotals(tx, row.clinicId, next, 1);
  }
  await tx.update(platformReceipts).set(next).where(eq(platformReceipts.id, id));
}

/** Counts the platform receipts stored before migration 0028 (a few at most; new ones are counted as they change). */
export async function countUncounted(db: Db): Promise<void> {
  const rows = await db.select({ id: platformReceipts.id }).from(platformReceipts).where(isNull(platformReceipts.countedAs)).limit(1000);
  for (const r of rows)
    await db.transaction(async (tx) => {
      await lockOf(tx, DECISIONS_LOCK);
      await recount(tx, r.id);
    });
}

/** The platform receipts counted on a clinic's days [from, to] (platform only), in the order they were paid: the CSV's lines. */
export async function countedPlatformReceipts(db: Db, q: { clinicId: string; from: string; to: string }): Promise<PeriodPlatformReceipt[]> {
  await countUncounted(db);
  const rows = await db
    .select({ r: platformReceipts, visitPatientId: queueAppointments.patientId })
    .from(platformReceipts)
    .leftJoin(queueAppointments, eq(queueAppointments.appointmentId, platformReceipts.appointmentId))
    .where(and(eq(platformReceipts.clinicId, q.clinicId), eq(platformReceipts.countedAs, "counted"), gte(platformReceipts.countedDay, q.from), lte(platformReceipts.countedDay, q.to)));
  return rows
    .map(({ r, visitPatientId }) => ({
      id: r.id,
      number: r.receiptNumber ?? r.platformReceiptId,
      reference: r.reference,
      at: r.paidAt ?? r.stateAt ?? r.receivedAt,
      day: r.countedDay!,
      netPaise: r.countedPaise!,
      patientId: r.patientId ?? visitPatientId,
      doctorId: r.countedDoctor,
      serviceName: r.countedService,
    }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.number.localeCompare(b.number));
}

async function loadForDecision(tx: Tx, id: string): Promise<Row> {
  const [row] = await tx.select().from(platformReceipts).where(eq(platformReceipts.id, id));
  if (!row) throw new NotFoundError("The desk has no platform receipt with this id.");
  return row;
}

/** A person links a platform receipt to the desk's receipt for the same money; a difference needs a note. */
export async function linkPlatformReceipt(db: Db, r: { id: string; deskReceiptId: string; note?: string; staffId: string }, now = clock.now()): Promise<{ differencePaise: number }> {
  return db.transaction(async (tx) => {
    await lockOf(tx, DECISIONS_LOCK);
    const row = await loadForDecision(tx, r.id);
    const net = platformNet(row);
    if (net === null) throw new ConflictError("This platform receipt could not be read, so it cannot be linked; mark it platform only with a note, or wait for the platform to send it again.", "platform_receipt_unreadable");
    const [desk] = await tx.select({ id: receipts.id }).from(receipts).where(eq(receipts.id, r.deskReceiptId));
    if (!desk) throw new ValidationError({ deskReceiptId: "The desk has no receipt with this id." }, "The desk has no receipt with this id.");
    const other = (await linkedDeskReceipts(tx)).get(r.deskReceiptId);
    if (other && other !== r.id) throw new ValidationError({ deskReceiptId: "This desk receipt is already linked to another platform receipt." }, "This desk receipt is already linked to another platform receipt.");
    const current = (await standingDecisions(tx, [r.id])).get(r.id);
    if (current?.decision === "linked" && current.deskReceiptId === r.deskReceiptId && current.platformNetPaise === net) throw new ConflictError("This platform receipt is already linked to that desk receipt.", "already_linked");
    const deskNet = (await deskNets(tx, [r.deskReceiptId])).get(r.deskReceiptId)!;
    const note = r.note?.trim() || null;
    if (deskNet !== net && (!note || note.length < 3)) throw new ValidationError({ note: "The platform and the desk differ in amount: say why in a note." }, "A difference needs a note.");
    await tx.insert(platformReceiptDecisions).values({ platformReceiptId: r.id, decision: "linked", deskReceiptId: r.deskReceiptId, platformNetPaise: net, how: "staff", note, staffId: r.staffId, at: new Date(now) });
    await recount(tx, r.id);
    return { differencePaise: net - deskNet };
  });
}

/** A person says the platform took this money itself (not at the counter): it is counted once, as the platform's. */
export async function markPlatformOnly(db: Db, r: { id: string; note?: string; staffId: string }, now = clock.now()): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOf(tx, DECISIONS_LOCK);
    const row = await loadForDecision(tx, r.id);
    const note = r.note?.trim() || null;
    if (row.problem && (!note || note.length < 3)) throw new ValidationError({ note: "This receipt could not be read: say what you checked in a note." }, "An unreadable receipt needs a note.");
    const current = (await standingDecisions(tx, [r.id])).get(r.id);
    if (current?.decision === "platform_only") throw new ConflictError("This platform receipt is already marked platform only.", "already_platform_only");
    await tx.insert(platformReceiptDecisions).values({ platformReceiptId: r.id, decision: "platform_only", deskReceiptId: null, platformNetPaise: platformNet(row), how: "staff", note, staffId: r.staffId, at: new Date(now) });
    await recount(tx, r.id);
  });
}
