import "server-only";
import { and, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { sumPaise } from "@/lib/billing/money";
import { dayInZone } from "@/lib/schemas/calendar";
import * as clock from "@/lib/clock";
import type { Db } from "../db/connect";
import { creditNotes, dayCloses, dayReopens, receiptPayments, receipts, staff } from "../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { clinicTimeZone } from "../queue/desk-bookings";

/** Notes and coins a cash drawer is counted in, in rupees. */
export const DENOMINATIONS = [2000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;

export interface CashierTotals {
  cashPaise: number;
  upiPaise: number;
  cardPaise: number;
  cashRefundPaise: number;
  upiRefundPaise: number;
  cardRefundPaise: number;
  /** Cash that should be in the drawer: cash taken less cash given back. */
  expectedCashPaise: number;
  receipts: number;
}

export interface DayCloseView {
  clinicId: string;
  cashierId: string;
  day: string;
  totals: CashierTotals;
  close: { id: string; generation: number; countedCashPaise: number; denominations: Record<string, number>; differencePaise: number; note: string | null; closedBy: string | null; closedAt: string } | null;
  closed: boolean;
}

/** The instants a clinic day spans, widened by a day each side; rows are then kept by their clinic day. */
const around = (day: string) => [new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000), new Date(Date.parse(`${day}T00:00:00Z`) + 2 * 86_400_000)] as const;

export async function cashierTotals(db: Db, q: { clinicId: string; cashierId: string; day: string; timeZone: string }): Promise<CashierTotals> {
  const [from, to] = around(q.day);
  const rs = (
    await db
      .select({ id: receipts.id, at: receipts.collectedAt })
      .from(receipts)
      .where(and(eq(receipts.clinicId, q.clinicId), eq(receipts.collectedBy, q.cashierId), gte(receipts.collectedAt, from), lt(receipts.collectedAt, to)))
  ).filter((r) => dayInZone(r.at, q.timeZone) === q.day);
  const lines = rs.length ? await db.select({ method: receiptPayments.method, amount: receiptPayments.amountPaise }).from(receiptPayments).where(inArray(receiptPayments.receiptId, rs.map((r) => r.id))) : [];
  const notes = (
    await db
      .select({ method: creditNotes.method, amount: creditNotes.amountPaise, at: creditNotes.at })
      .from(creditNotes)
      .where(and(eq(creditNotes.clinicId, q.clinicId), eq(creditNotes.staffId, q.cashierId), gte(creditNotes.at, from), lt(creditNotes.at, to)))
  ).filter((n) => dayInZone(n.at, q.timeZone) === q.day);
  const by = <T extends { method: string; amount: number }>(rows: T[], m: string) => sumPaise(rows.filter((r) => r.method === m).map((r) => r.amount));
  const cashPaise = by(lines, "cash");
  const cashRefundPaise = by(notes, "cash");
  return { cashPaise, upiPaise: by(lines, "upi"), cardPaise: by(lines, "card"), cashRefundPaise, upiRefundPaise: by(notes, "upi"), cardRefundPaise: by(notes, "card"), expectedCashPaise: cashPaise - cashRefundPaise, receipts: rs.length };
}

async function latestClose(db: Db, q: { clinicId: string; cashierId: string; day: string }) {
  const [row] = await db
    .select()
    .from(dayCloses)
    .where(and(eq(dayCloses.clinicId, q.clinicId), eq(dayCloses.cashierId, q.cashierId), eq(dayCloses.day, q.day)))
    .orderBy(desc(dayCloses.generation))
    .limit(1);
  if (!row) return null;
  const [reopen] = await db.select().from(dayReopens).where(eq(dayReopens.closeId, row.id));
  return { row, reopened: !!reopen };
}

export async function readDayClose(db: Db, q: { clinicId: string; cashierId: string; day?: string }, now = clock.now()): Promise<DayCloseView> {
  const timeZone = await clinicTimeZone(db, q.clinicId);
  const day = q.day ?? dayInZone(now, timeZone);
  const [totals, latest] = await Promise.all([cashierTotals(db, { ...q, day, timeZone }), latestClose(db, { ...q, day })]);
  const closer = latest ? (await db.select({ name: staff.name }).from(staff).where(eq(staff.id, latest.row.closedBy)))[0]?.name ?? null : null;
  return {
    clinicId: q.clinicId,
    cashierId: q.cashierId,
    day,
    totals,
    close: latest
      ? { id: latest.row.id, generation: latest.row.generation, countedCashPaise: latest.row.countedCashPaise, denominations: latest.row.denominations, differencePaise: latest.row.differencePaise, note: latest.row.note, closedBy: closer, closedAt: latest.row.closedAt.toISOString() }
      : null,
    closed: !!latest && !latest.reopened,
  };
}

/** Refuses money work by a cashier whose day at this clinic is closed (read-only until an admin reopens it). */
export async function assertDayOpen(db: Db, q: { clinicId: string; cashierId: string; timeZone?: string }, now = clock.now()): Promise<void> {
  const timeZone = q.timeZone ?? (await clinicTimeZone(db, q.clinicId));
  const latest = await latestClose(db, { clinicId: q.clinicId, cashierId: q.cashierId, day: dayInZone(now, timeZone) });
  if (latest && !latest.reopened) throw new ConflictError("Your day at this clinic is closed: no more payments or refunds can be recorded until an admin reopens it.", "day_closed");
}

/**
 * Closes a cashier's day: the counted cash (by denomination) against what the day's receipts and
 * refunds say, with UPI and card totals; a difference needs a note. Two closes of the same day at
 * once make one close: the generation's unique index refuses the second.
 */
export async function closeDay(db: Db, r: { clinicId: string; cashierId: string; denominations: Record<string, number>; note?: string; staffId: string }, now = clock.now()): Promise<DayCloseView> {
  const errors: Record<string, string> = {};
  let countedCashPaise = 0;
  for (const [k, n] of Object.entries(r.denominations)) {
    if (!DENOMINATIONS.includes(Number(k) as (typeof DENOMINATIONS)[number])) errors[`denominations.${k}`] = "Not a note or coin the drawer is counted in.";
    else if (!Number.isSafeInteger(n) || n < 0 || n > 100_000) errors[`denominations.${k}`] = "Count the notes or coins: a whole number, 0 or more.";
    else countedCashPaise += Number(k) * 100 * n;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]);
  const timeZone = await clinicTimeZone(db, r.clinicId);
  const day = dayInZone(now, timeZone);
  const latest = await latestClose(db, { clinicId: r.clinicId, cashierId: r.cashierId, day });
  if (latest && !latest.reopened) throw new ConflictError("This day was already closed; it is read-only now. An admin can reopen it.", "day_already_closed");
  const totals = await cashierTotals(db, { clinicId: r.clinicId, cashierId: r.cashierId, day, timeZone });
  const differencePaise = countedCashPaise - totals.expectedCashPaise;
  const note = r.note?.trim() || null;
  if (differencePaise !== 0 && (!note || note.length < 3)) throw new ValidationError({ note: "The counted cash differs from what is expected: say why in a note." }, "A difference needs a note.");
  try {
    await db.insert(dayCloses).values({
      clinicId: r.clinicId,
      cashierId: r.cashierId,
      day,
      generation: (latest?.row.generation ?? 0) + 1,
      expectedCashPaise: totals.expectedCashPaise,
      countedCashPaise,
      denominations: r.denominations,
      upiPaise: totals.upiPaise - totals.upiRefundPaise,
      cardPaise: totals.cardPaise - totals.cardRefundPaise,
      differencePaise,
      note,
      closedBy: r.staffId,
      closedAt: new Date(now),
    });
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === "23505") throw new ConflictError("Someone else closed this day a moment ago; it is read-only now.", "day_already_closed");
    throw err;
  }
  return readDayClose(db, { clinicId: r.clinicId, cashierId: r.cashierId, day }, now);
}

/** An admin reopens a closed day (audited by the route); the close itself stays on record. */
export async function reopenDay(db: Db, r: { closeId: string; reason: string; staffId: string }, now = clock.now()): Promise<void> {
  const [row] = await db.select({ id: dayCloses.id }).from(dayCloses).where(eq(dayCloses.id, r.closeId));
  if (!row) throw new NotFoundError("The desk has no day close with this id.");
  const inserted = await db.insert(dayReopens).values({ closeId: r.closeId, reason: r.reason, reopenedBy: r.staffId, reopenedAt: new Date(now) }).onConflictDoNothing().returning();
  if (!inserted.length) throw new ConflictError("This day close was already reopened.", "day_already_reopened");
}
