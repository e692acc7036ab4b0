import { afterEach, describe, expect, it } from "vitest";
import { clockFrom, now, nowDate, setClock } from "./clock";

describe("the desk's clock", () => {
  afterEach(() => setClock(null));

  it("reads the system clock until a test pins it, and again once it is restored", () => {
    const before = Date.now();
    expect(now()).toBeGreaterThanOrEqual(before);
    setClock(() => Date.parse("2027-03-31T18:20:00Z"));
    expect(nowDate().toISOString()).toBe("2027-03-31T18:20:00.000Z");
    setClock(null);
    expect(Math.abs(now() - Date.now())).toBeLessThan(1000);
  });

  it("clockFrom stands at the given instant and moves on with real time", async () => {
    setClock(clockFrom("2028-02-29T05:30:00Z"));
    const first = now();
    expect(first - Date.parse("2028-02-29T05:30:00Z")).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 20));
    expect(now()).toBeGreaterThan(first);
    expect(() => clockFrom("not a date")).toThrow(/not a date-time/);
  });
});
