import fc from "fast-check";
import { anyCodePoint } from "@/lib/testing/arbitraries";
import { describe, expect, it } from "vitest";
import { accountLineCells, accountsCsv, neutraliseFormula, paiseToCsvAmount, textCell, type AccountLine } from "./accounts-csv";

/** Reads RFC 4180 CSV back into rows of fields: the check that what was written is what an importer reads. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let fieldText = "";
  let quoted = false;
  const endField = () => {
    row.push(fieldText);
    fieldText = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        fieldText += '"';
        i++;
      } else if (c === '"') quoted = false;
      else fieldText += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endField();
    else if (c === "\r" && text[i + 1] === "\n") {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else fieldText += c;
  }
  if (fieldText || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const line = (over: Partial<AccountLine> = {}): AccountLine => ({ type: "receipt", number: "RC/2026-27/000001", againstReceipt: null, day: "2026-11-27", patient: "Ravi Patil", uhid: null, doctor: "Dr. Asha Rao", service: "New-case consultation", method: "upi", amountPaise: 50000, reference: null, gstin: null, ...over });

describe("the accountant's CSV", () => {
  it("no text cell an importer reads starts a formula, and every text reads back as written (apostrophe aside)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", '"', ",", " ", "a", "अ", "'", "1") }), { minLength: 1, maxLength: 6 }), (texts) => {
        const read = parseCsv(`${texts.map(textCell).join(",")}\r\n`);
        expect(read).toHaveLength(1);
        expect(read[0]).toHaveLength(texts.length);
        read[0]!.forEach((cell, i) => {
          expect(FORMULA_START.test(cell)).toBe(false);
          expect(cell).toBe(neutraliseFormula(texts[i]!));
          expect(cell).toBe(FORMULA_START.test(texts[i]!) ? `'${texts[i]}` : texts[i]);
        });
      }),
      { numRuns: 500 },
    );
  });

  it("any full string (unicode, lone quotes, line breaks) survives a round trip in a whole file", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ patient: fc.string({ unit: "grapheme" }), reference: fc.string(), doctor: fc.string({ unit: anyCodePoint }) }), { maxLength: 5 }), (people) => {
        const csv = accountsCsv(people.map((p) => line({ patient: p.patient, reference: p.reference, doctor: p.doctor })));
        expect(csv.startsWith("\uFEFF")).toBe(true);
        const rows = parseCsv(csv.slice(1));
        expect(rows).toHaveLength(people.length + 1);
        people.forEach((p, i) => {
          const r = rows[i + 1]!;
          expect(r[4]).toBe(neutraliseFormula(p.patient));
          expect(r[10]).toBe(neutraliseFormula(p.reference));
          expect(r[6]).toBe(neutraliseFormula(p.doctor));
          expect(r.every((cell, col) => col === 9 || !FORMULA_START.test(cell))).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });

  it("amounts are exact rupees with two decimals and no grouping, from any paise; a credit note is a negative number, never neutralised", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (paise) => {
        const text = paiseToCsvAmount(paise);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        const [whole, frac] = text.replace("-", "").split(".") as [string, string];
        expect(BigInt(whole) * 100n + BigInt(frac)).toBe(BigInt(Math.abs(paise)));
        expect(text.startsWith("-")).toBe(paise < 0);
      }),
      { numRuns: 1000 },
    );
    expect(paiseToCsvAmount(12345678)).toBe("123456.78");
    expect(paiseToCsvAmount(-20000)).toBe("-200.00");
    expect(paiseToCsvAmount(5)).toBe("0.05");
    expect(accountLineCells(line({ type: "credit_note", amountPaise: -20000, againstReceipt: "RC/2026-27/000001" }))).toEqual(["Credit note", "RC/2026-27/000001", "RC/2026-27/000001", "27/11/2026", "Ravi Patil", "", "Dr. Asha Rao", "New-case consultation", "UPI", "-200.00", "", "", "9993"]);
    // Money the platform took online, marked platform only in Reconcile: its own type and method.
    expect(accountLineCells(line({ type: "platform_receipt", number: "ONL/2026/000007", method: "platform", amountPaise: 85000, service: "Skin consultation" }))).toEqual(["Platform receipt", "ONL/2026/000007", "", "27/11/2026", "Ravi Patil", "", "Dr. Asha Rao", "Skin consultation", "Online (platform)", "850.00", "", "", "9993"]);
  });

  it("names the dangerous starts by hand too", () => {
    expect(["=1+1", "+91 98", "-2", "@SUM(A1)", "\tx", "\rx", "plain", "'=quoted"].map(neutraliseFormula)).toEqual(["'=1+1", "'+91 98", "'-2", "'@SUM(A1)", "'\tx", "'\rx", "plain", "'=quoted"]);
    expect(textCell('a "b", c')).toBe('"a ""b"", c"');
    expect(textCell("=HYPERLINK(\"http://x\")")).toBe('"\'=HYPERLINK(""http://x"")"');
  });
});
