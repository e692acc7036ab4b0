import "server-only";
import { and, desc, eq, gte, inArray, lt } from "drizzle-orm";
import type { CashierDay } from "@/lib/schemas/day-close";
import { dayInZone } from "@/lib/schemas/calendar";
import type { Db } from "../db/connect";
import { creditNotes, dayCloses, dayReopens, receipts, staff } from "../db/schema";
import { ValidationError } from "../errors";
import { clinicTimeZone } from "../queue/desk-bookings";
import { cashierTotals } from "./day-close";

const DAY_MS = 86_400_000;
export const MAX_RANGE_DAYS = 31;

/**
 * Every cashier's days at a clinic in a range (an admin's view): each day someone took or gave back
 * money or closed, open or closed, with what the drawer should have held, what was counted, the
 * difference and its note, and the newest reopening. A closed day shows the figures of its close.
 */
export async function listCashierDays(db: Db, q: { clinicId: string; from: string; to: string }): Promise<CashierDay[]> {
  const span = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / DAY_MS + 1;
  if (!(span >= 1 && span <= MAX_RANGE_DAYS)) throw new ValidationError({ to: `Choose a range of at most ${MAX_RANGE_DAYS} days, the first day before the last.` }, "The range of days is not valid.");
  const timeZone = await clinicTimeZone(db, q.clinicId);
  const from = new Date(Date.parse(`${q.from}T00:00:00Z`) - DAY_MS);
  const to = new Date(Date.parse(`${q.to}T00:00:00Z`) + 2 * DAY_MS);
  const inRange = (day: string) => day >= q.from && day <= q.to;
  const [taken, given, closes] = await Promise.all([
    db.select({ who: receipts.collectedBy, at: receipts.collectedAt }).from(receipts).where(and(eq(receipts.clinicId, q.clinicId), gte(receipts.collectedAt, from), lt(receipts.collectedAt, to))),
    db.select({ who: creditNotes.staffId, at: creditNotes.at }).from(creditNotes).where(and(eq(creditNotes.clinicId, q.clinicId), gte(creditNotes.at, from), lt(creditNotes.at, to))),
    db.select().from(dayCloses).where(and(eq(dayCloses.clinicId, q.clinicId), gte(dayCloses.day, q.from), lt(dayCloses.day, `${q.to}~`))).orderBy(desc(dayCloses.generation)),
  ]);
  const keys = new Map<string, { cashierId: string; day: string }>();
  const add = (cashierId: string | null, day: string) => cashierId && inRange(day) && keys.set(`${cashierId}|${day}`, { cashierId, day });
  for (const r of [...taken, ...given]) add(r.who, dayInZone(r.at, timeZone));
  for (const c of closes) add(c.cashierId, c.day);
  const latest = new Map<string, (typeof closes)[number]>();
  for (const c of closes) if (!latest.has(`${c.cashierId}|${c.day}`)) latest.set(`${c.cashierId}|${c.day}`, c);
  const closeIds = [...latest.values()].map((c) => c.id);
  const reopens = closeIds.length ? await db.select().from(dayReopens).where(inArray(dayReopens.closeId, closeIds)) : [];
  const people = [...new Set([...[...keys.values()].map((k) => k.cashierId), ...closes.map((c) => c.closedBy), ...reopens.map((r) => r.reopenedBy)])];
  const names = new Map((people.length ? await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, people)) : []).map((p) => [p.id, p.name]));
  const rows: CashierDay[] = [];
  for (const [key, k] of keys) {
    const close = latest.get(key);
    const reopen = close ? reopens.find((r) => r.closeId === close.id) : undefined;
    const totals = await cashierTotals(db, { clinicId: q.clinicId, cashierId: k.cashierId, day: k.day, timeZone });
    const closedNow = !!close && !reopen;
    rows.push({
      cashierId: k.cashierId,
      cashierName: names.get(k.cashierId) ?? null,
      day: k.day,
      state: !close ? "open" : reopen ? "reopened" : "closed",
      expectedCashPaise: closedNow ? close.expectedCashPaise : totals.expectedCashPaise,
      countedCashPaise: close?.countedCashPaise ?? null,
      differencePaise: close?.differencePaise ?? null,
      upiPaise: closedNow ? close.upiPaise : totals.upiPaise - totals.upiRefundPaise,
      cardPaise: closedNow ? close.cardPaise : totals.cardPaise - totals.cardRefundPaise,
      receipts: totals.receipts,
      note: close?.note ?? null,
      close: close ? { id: close.id, generation: close.generation, closedBy: names.get(close.closedBy) ?? null, closedAt: close.closedAt.toISOString() } : null,
      reopen: reopen ? { by: names.get(reopen.reopenedBy) ?? null, reason: reopen.reason, at: reopen.reopenedAt.toISOString() } : null,
    });
  }
  return rows.sort((a, b) => (a.day === b.day ? (a.cashierName ?? "").localeCompare(b.cashierName ?? "") : b.day.localeCompare(a.day)));
}
