import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentLabel, financialYear, financialYearOfDay } from "./financial-year";
import { formatPaise, paiseToDecimal, parseRupees, rupeeNumberToPaise } from "./money";
import { upiPayUrl } from "./upi";
import { amountInWords } from "./words";

describe("money in paise", () => {
  it("formats with the Indian grouping", () => {
    expect(formatPaise(12345600)).toBe("₹1,23,456.00");
    expect(formatPaise(0)).toBe("₹0.00");
    expect(formatPaise(5)).toBe("₹0.05");
    expect(formatPaise(99999)).toBe("₹999.99");
    expect(formatPaise(1000000000)).toBe("₹1,00,00,000.00");
    expect(formatPaise(-150)).toBe("-₹1.50");
  });

  it("formats every amount as Intl's en-IN currency does, and reads it back to the same paise (property)", () => {
    const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (p) => {
        const text = formatPaise(p);
        expect(text).toBe(inr.format(BigInt(p) / 100n).replace(/\.00$/, "") + "." + String(p % 100).padStart(2, "0"));
        expect(parseRupees(text)).toEqual({ ok: true, paise: p });
        expect(parseRupees(paiseToDecimal(p))).toEqual({ ok: true, paise: p });
      }),
    );
  });

  it("refuses negative, non-numeric, over-precise and huge amounts by reason", () => {
    expect(parseRupees("-5")).toEqual({ ok: false, reason: "negative" });
    expect(parseRupees("abc")).toEqual({ ok: false, reason: "not_a_number" });
    expect(parseRupees("1e3")).toEqual({ ok: false, reason: "not_a_number" });
    expect(parseRupees("NaN")).toEqual({ ok: false, reason: "not_a_number" });
    expect(parseRupees("Infinity")).toEqual({ ok: false, reason: "not_a_number" });
    expect(parseRupees("1.234")).toEqual({ ok: false, reason: "too_precise" });
    expect(parseRupees("")).toEqual({ ok: false, reason: "empty" });
    expect(parseRupees("99999999999")).toEqual({ ok: false, reason: "too_large" });
    expect(parseRupees(".5")).toEqual({ ok: true, paise: 50 });
    expect(parseRupees("1,250.5")).toEqual({ ok: true, paise: 125050 });
    fc.assert(fc.property(fc.string(), (s) => void parseRupees(s)));
  });

  it("reads a platform price through two decimals, never a binary fraction", () => {
    expect(rupeeNumberToPaise(499.5)).toBe(49950);
    expect(rupeeNumberToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeeNumberToPaise(1234.56)).toBe(123456);
  });

  it("says an amount in English and Hindi words, lakh and crore, rupees and paise", () => {
    expect(amountInWords(50000, "en")).toBe("Rupees Five Hundred Only");
    expect(amountInWords(12345650, "en")).toBe("Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Fifty Paise Only");
    expect(amountInWords(1000000000, "en")).toBe("Rupees One Crore Only");
    expect(amountInWords(12345650, "hi")).toBe("एक लाख तेईस हज़ार चार सौ छप्पन रुपये और पचास पैसे मात्र");
    expect(amountInWords(5, "hi")).toBe("शून्य रुपये और पांच पैसे मात्र");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (p) => {
        const en = amountInWords(p, "en");
        expect(en).toMatch(/^Rupees [A-Za-z ]+ Only$/);
        expect(en.includes(" and ")).toBe(p % 100 !== 0);
        expect(en.includes("Lakh")).toBe(Math.floor(p / 100) % 10_000_000 >= 100_000);
        expect(en.includes("Crore")).toBe(p >= 1_000_000_000);
        expect(en).not.toMatch(/Million|Billion/);
        const hi = amountInWords(p, "hi");
        expect(hi).toMatch(/रुपये/);
        expect(hi.endsWith("मात्र")).toBe(true);
        expect(hi.includes("पैसे")).toBe(p % 100 !== 0);
      }),
    );
  });
});

describe("financial year and receipt labels", () => {
  it("runs April to March on the clinic's calendar", () => {
    expect(financialYearOfDay("2027-03-31")).toBe("2026-27");
    expect(financialYearOfDay("2027-04-01")).toBe("2027-28");
    expect(financialYearOfDay("2099-12-31")).toBe("2099-00");
    // 31/03 23:59 in India is 18:29 UTC; 01/04 00:00 India is still 31/03 in UTC.
    expect(financialYear(Date.parse("2027-03-31T23:59:00+05:30"), "Asia/Kolkata")).toBe("2026-27");
    expect(financialYear(Date.parse("2027-04-01T00:00:00+05:30"), "Asia/Kolkata")).toBe("2027-28");
    expect(financialYear(Date.parse("2027-04-01T00:00:00+05:30"), "UTC")).toBe("2026-27");
    expect(documentLabel("RC", "2026-27", 123)).toBe("RC/2026-27/000123");
  });
});

describe("UPI intent", () => {
  it("is a standard upi://pay link with a fixed amount in rupees.paise", () => {
    expect(upiPayUrl({ vpa: "sunrise@okbank", payee: "Sunrise Clinic", paise: 50000, note: "Visit RC 12", reference: "visit-1" })).toBe(
      "upi://pay?pa=sunrise@okbank&pn=Sunrise%20Clinic&am=500.00&cu=INR&tn=Visit%20RC%2012&tr=visit-1",
    );
  });
});
