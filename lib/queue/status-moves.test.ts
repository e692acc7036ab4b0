import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moveRefusal, OPEN_STATUSES, QUEUE_STATUSES, STATUS_MOVES, type QueueStatus } from "./status-moves";

// The issue's workflow, written out independently of the table.
const ISSUE_MOVES = new Set([
  "booked>checked_in",
  "checked_in>in_consultation",
  "in_consultation>done",
  "booked>no_show",
  "booked>cancelled",
  "checked_in>cancelled",
  "in_consultation>cancelled",
]);

const status = fc.constantFrom(...QUEUE_STATUSES);

describe("the table of status moves", () => {
  it("allows exactly the moves of the workflow", () => {
    const table = QUEUE_STATUSES.flatMap((from) => STATUS_MOVES[from].map((to) => `${from}>${to}`));
    expect(new Set(table)).toEqual(ISSUE_MOVES);
    expect(OPEN_STATUSES).toEqual(["booked", "checked_in", "in_consultation"]);
  });

  it("no sequence of attempted moves reaches a state by a step the table does not allow", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ to: status, reason: fc.option(fc.string()), late: fc.boolean() }), { maxLength: 20 }), (attempts) => {
        let current: QueueStatus = "booked";
        const path: QueueStatus[] = [current];
        const slotStart = Date.UTC(2026, 10, 24, 5, 0);
        for (const a of attempts) {
          const now = slotStart + (a.late ? 60_000 : -60_000);
          if (moveRefusal(current, a.to, { slotStart, now, reason: a.reason, day: "2026-11-24", today: "2026-11-24" }) !== null) continue;
          current = a.to;
          path.push(current);
        }
        for (let i = 1; i < path.length; i++) expect(ISSUE_MOVES.has(`${path[i - 1]}>${path[i]}`)).toBe(true);
        // Never back to booked, and nothing leaves a closed state.
        expect(path.slice(1)).not.toContain("booked");
        const closedAt = path.findIndex((s) => !OPEN_STATUSES.includes(s));
        if (closedAt >= 0) expect(closedAt).toBe(path.length - 1);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses a no-show before the slot starts and a cancel without a reason", () => {
    const slotStart = "2026-11-24T10:00:00+05:30";
    const same = { day: "2026-11-24", today: "2026-11-24" };
    const at = (iso: string) => Date.parse(iso);
    expect(moveRefusal("booked", "no_show", { slotStart, now: at("2026-11-24T09:59:00+05:30"), ...same })).toBe("before_start");
    expect(moveRefusal("booked", "no_show", { slotStart, now: at("2026-11-24T10:00:00+05:30"), ...same })).toBeNull();
    expect(moveRefusal("checked_in", "cancelled", { slotStart, now: 0, reason: "  ", ...same })).toBe("reason_required");
    expect(moveRefusal("checked_in", "cancelled", { slotStart, now: 0, reason: "Patient unwell", ...same })).toBeNull();
    expect(moveRefusal("done", "cancelled", { slotStart, now: 0, reason: "x", ...same })).toBe("not_allowed");
  });

  it("lets a patient arrive, be called in or be marked a no-show only on the appointment's own day; cancel any day", () => {
    const slotStart = "2026-11-25T10:00:00+05:30";
    const tomorrow = { day: "2026-11-25", today: "2026-11-24" };
    const yesterday = { day: "2026-11-23", today: "2026-11-24" };
    const now = Date.parse("2026-11-24T14:47:00+05:30");
    expect(moveRefusal("booked", "checked_in", { slotStart, now, ...tomorrow })).toBe("not_today");
    expect(moveRefusal("checked_in", "in_consultation", { slotStart, now, ...tomorrow })).toBe("not_today");
    expect(moveRefusal("booked", "no_show", { slotStart: "2026-11-23T10:00:00+05:30", now, ...yesterday })).toBe("not_today");
    expect(moveRefusal("booked", "checked_in", { slotStart, now, ...yesterday })).toBe("not_today");
    expect(moveRefusal("booked", "cancelled", { slotStart, now, reason: "Patient asked", ...tomorrow })).toBeNull();
    expect(moveRefusal("booked", "checked_in", { slotStart, now, day: "2026-11-24", today: "2026-11-24" })).toBeNull();
  });
});
