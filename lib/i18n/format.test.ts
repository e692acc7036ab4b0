import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatInr } from "./format";

const intl = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 2 });

describe("rupee amounts", () => {
  it("are written exactly as Intl writes INR in en-IN, for any amount", () => {
    // Whole paise, amounts with more decimals than paise (ties included), and any double at all.
    const paise = fc.integer({ min: -1e12, max: 1e12 }).map((p) => p / 100);
    const ties = fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.constantFrom(5, 15, 49, 50, 51, 95, 995, 9995)).map(([r, f]) => Number(`${r}.${String(f).padStart(3, "0")}`));
    fc.assert(
      fc.property(fc.oneof(paise, ties, fc.double(), fc.double({ min: -1e7, max: 1e7 })), (amount) => {
        expect(formatInr(amount)).toBe(intl.format(amount));
      }),
      { numRuns: 2000 },
    );
  });

  it("group by lakh and crore and round half away from zero", () => {
    expect(formatInr(0)).toBe("₹0.00");
    expect(formatInr(500)).toBe("₹500.00");
    expect(formatInr(123456.5)).toBe("₹1,23,456.50");
    expect(formatInr(12345678.9)).toBe("₹1,23,45,678.90");
    expect(formatInr(1.005)).toBe("₹1.01");
    expect(formatInr(999.995)).toBe("₹1,000.00");
    expect(formatInr(-250)).toBe("-₹250.00");
    expect(formatInr(-0.001)).toBe("-₹0.00");
  });
});
