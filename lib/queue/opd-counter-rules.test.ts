import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callOrder, callsUntilBack, nextToCall, priorityRank, type WaitingToken } from "./call-order";
import { DEFAULT_PRIORITY_MARKS, parsePriorityMarks } from "./priority-marks";
import { formatToken, tokenFormatProblem } from "./token-format";

describe("token format", () => {
  it("pads to the width asked and keeps the fixed text", () => {
    expect(formatToken("A-{n:3}", 12)).toBe("A-012");
    expect(formatToken("A-{n:3}", 1234)).toBe("A-1234");
    expect(formatToken("{n}", 7)).toBe("7");
    expect(formatToken("OPD #{n:2}", 3)).toBe("OPD #03");
  });
  it("refuses formats without exactly one number, with odd characters, or too long", () => {
    expect(tokenFormatProblem("A-{n:3}")).toBeNull();
    expect(tokenFormatProblem("A-")).toMatch(/exactly once/);
    expect(tokenFormatProblem("{n}-{n}")).toMatch(/exactly once/);
    expect(tokenFormatProblem("<b>{n}")).toMatch(/only letters/);
    expect(tokenFormatProblem("ABCDEFGHIJKLM{n}")).toMatch(/12 characters/);
    expect(() => formatToken("A{n}", 0)).toThrow(RangeError);
  });
});

describe("priority marks", () => {
  it("reads built-in keys and the clinic's own key=Label, in order", () => {
    expect(parsePriorityMarks("emergency, disabled=Person with disability ,pregnant")).toEqual([
      { key: "emergency", label: null },
      { key: "disabled", label: "Person with disability" },
      { key: "pregnant", label: null },
    ]);
  });
  it("refuses a custom key without a label, a bad key and a repeat", () => {
    expect(() => parsePriorityMarks("vip")).toThrow(/needs a label/);
    expect(() => parsePriorityMarks("VIP=Big")).toThrow(/not a mark key/);
    expect(() => parsePriorityMarks("emergency,emergency")).toThrow(/twice/);
  });
});

const state = (calls: number) => ({ calls, skipReturnAfter: 2, marks: DEFAULT_PRIORITY_MARKS });
const tok = (tokenNumber: number, priority: string | null = null, skippedAtCall: number | null = null): WaitingToken => ({ tokenNumber, priority, skippedAtCall });

describe("call order", () => {
  it("emergency, senior citizen, pregnant, then unmarked; by token within each", () => {
    const order = callOrder([tok(1), tok(2, "pregnant"), tok(3, "senior_citizen"), tok(4, "emergency"), tok(5, "senior_citizen"), tok(6, "retired-mark")], state(0));
    expect(order.map((t) => t.tokenNumber)).toEqual([4, 3, 5, 2, 1, 6]);
    expect(priorityRank(DEFAULT_PRIORITY_MARKS, "unknown")).toBe(3);
  });
  it("a skipped token sits out the configured calls, then is back in its place; alone it is still called", () => {
    const skipped = tok(1, null, 5);
    expect(nextToCall([skipped, tok(2)], state(6))?.tokenNumber).toBe(2);
    expect(callsUntilBack(skipped, state(6))).toBe(1);
    expect(nextToCall([skipped, tok(2)], state(7))?.tokenNumber).toBe(1);
    expect(nextToCall([skipped], state(5))?.tokenNumber).toBe(1);
  });
  it("property: the order is a permutation of the waiting tokens (none lost, none twice)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 30 }),
        fc.array(fc.record({ p: fc.constantFrom(null, "emergency", "senior_citizen", "pregnant", "other"), s: fc.option(fc.integer({ min: 0, max: 20 })) }), { minLength: 30, maxLength: 30 }),
        fc.integer({ min: 0, max: 25 }),
        (numbers, extra, calls) => {
          const waiting = numbers.map((n, i) => tok(n, extra[i]!.p, extra[i]!.s));
          const order = callOrder(waiting, state(calls));
          expect(order.map((t) => t.tokenNumber).sort((a, b) => a - b)).toEqual([...numbers].sort((a, b) => a - b));
          // Nobody sitting out is called while someone in line waits.
          const firstOut = order.findIndex((t) => t.skippedAtCall !== null && calls < t.skippedAtCall + 2);
          if (firstOut !== -1) expect(order.slice(firstOut).every((t) => t.skippedAtCall !== null && calls < t.skippedAtCall + 2)).toBe(true);
        },
      ),
    );
  });
});
