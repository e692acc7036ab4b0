import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { QueueDayQuery } from "./queue";

const day = fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const dayError = (value: string) => QueueDayQuery.safeParse({ clinicId: "cl-bandra", day: value }).error?.issues.map((i) => i.message);

describe("the queue's day", () => {
  it("accepts every real calendar day", () => {
    fc.assert(
      fc.property(day, (d) => {
        expect(dayError(d)).toBeUndefined();
      }),
    );
  });

  it("refuses a day the calendar does not have, saying so", () => {
    for (const d of ["2026-02-29", "2026-02-31", "2026-04-31", "2026-13-01", "2026-00-10", "2026-11-00"]) expect(dayError(d)).toEqual(["This is not a real calendar date."]);
    expect(dayError("2028-02-29")).toBeUndefined();
  });

  it("refuses anything not written YYYY-MM-DD, with one message", () => {
    fc.assert(
      fc.property(fc.string().filter((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s.trim())), (s) => {
        expect(dayError(s)?.length).toBe(1);
      }),
    );
  });
});
