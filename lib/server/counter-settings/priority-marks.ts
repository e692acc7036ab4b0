import "server-only";
import { asc } from "drizzle-orm";
import * as clock from "@/lib/clock";
import type { PriorityMark } from "@/lib/queue/priority-marks";
import type { PriorityMarksInput } from "@/lib/schemas/counter-settings";
import type { Db } from "../db/connect";
import { priorityMarks } from "../db/schema";
import { AppError } from "../errors";

type Row = typeof priorityMarks.$inferSelect;
const toMark = (r: Row): PriorityMark => ({ key: r.key, label: r.label, labelHi: r.labelHi, retired: !!r.retiredAt });

/**
 * The clinic's marks in order of precedence, retired ones last (still named on old visits). The first
 * read of a fresh database seeds the list from OPD_PRIORITY_MARKS; after that the setting is the record.
 */
export async function clinicPriorityMarks(db: Db, seed: readonly PriorityMark[]): Promise<PriorityMark[]> {
  let rows = await db.select().from(priorityMarks).orderBy(asc(priorityMarks.position));
  if (rows.length === 0 && seed.length > 0) {
    await db
      .insert(priorityMarks)
      .values(seed.map((m, i) => ({ key: m.key, label: m.label, labelHi: m.labelHi ?? null, position: i })))
      .onConflictDoNothing();
    rows = await db.select().from(priorityMarks).orderBy(asc(priorityMarks.position));
  }
  return [...rows.filter((r) => !r.retiredAt), ...rows.filter((r) => r.retiredAt)].map(toMark);
}

/**
 * Saves the admin's list (order = precedence). A mark is never removed — visits carry its key — so a
 * list that leaves out a known mark is refused with a field error: retire it instead.
 */
export async function savePriorityMarks(db: Db, input: PriorityMarksInput, seed: readonly PriorityMark[], staffId: string, now = clock.now()): Promise<{ before: PriorityMark[]; after: PriorityMark[] }> {
  const before = await clinicPriorityMarks(db, seed);
  const missing = before.filter((b) => !input.marks.some((m) => m.key === b.key));
  if (missing.length) {
    const detail = `“${missing.map((m) => m.label ?? m.key).join("”, “")}” is on visits already: retire it rather than remove it.`;
    throw new AppError(422, "Priority marks not saved", detail, { code: "mark_removed", errors: { marks: detail } });
  }
  await db.transaction(async (tx) => {
    for (const [position, m] of input.marks.entries()) {
      const was = before.find((b) => b.key === m.key);
      const retiredAt = m.retired ? (was?.retired ? undefined : new Date(now)) : null;
      const values = { label: m.label, labelHi: m.labelHi, position, updatedBy: staffId, updatedAt: new Date(now), ...(retiredAt !== undefined ? { retiredAt } : {}) };
      await tx
        .insert(priorityMarks)
        .values({ key: m.key, ...values, retiredAt: retiredAt ?? null })
        .onConflictDoUpdate({ target: priorityMarks.key, set: values });
    }
  });
  return { before, after: await clinicPriorityMarks(db, seed) };
}
