/**
 * Money at the desk is integer paise from the database to the screen: no floating point anywhere
 * in between. These helpers format, parse and add up paise exactly.
 */

/** Groups digits the Indian way: the last three together, then pairs (1,23,45,678). */
function indianGrouping(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  let head = digits.slice(0, -3);
  const pairs: string[] = [];
  while (head.length > 2) {
    pairs.unshift(head.slice(-2));
    head = head.slice(0, -2);
  }
  if (head) pairs.unshift(head);
  return `${pairs.join(",")},${last3}`;
}

/** ₹1,23,456.00 from 12345600 paise (a minus sign before the ₹ for a negative amount). */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not a whole number of paise: ${paise}`);
  return paiseText(BigInt(Math.abs(paise)), paise < 0);
}

/** ₹1,23,456.00 from a number of paise of any size, with a minus sign before the ₹ when `negative`. */
export function paiseText(paise: bigint, negative: boolean): string {
  return `${negative ? "-" : ""}₹${indianGrouping((paise / 100n).toString())}.${(paise % 100n).toString().padStart(2, "0")}`;
}

/** "500.00" — rupees and paise with a dot, as a UPI intent's `am` and an input field want it. */
export function paiseToDecimal(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`not a non-negative whole number of paise: ${paise}`);
  const abs = BigInt(paise);
  return `${(abs / 100n).toString()}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/** The largest amount the desk takes in one line: ₹1,00,00,000.00 (one crore). */
export const MAX_PAISE = 1_000_000_000;

export type ParsedRupees = { ok: true; paise: number } | { ok: false; reason: "empty" | "not_a_number" | "negative" | "too_precise" | "too_large" };

/**
 * Reads what a person typed as rupees ("500", "1,250.5", "₹ 99.99") into paise, without floating
 * point: at most two digits after the dot, no exponent, no sign but a refused minus.
 */
export function parseRupees(text: string): ParsedRupees {
  const s = text.replace(/[₹,\s]/g, "");
  if (!s) return { ok: false, reason: "empty" };
  if (/^-/.test(s)) return /^-\d*(\.\d*)?$/.test(s) && /\d/.test(s) ? { ok: false, reason: "negative" } : { ok: false, reason: "not_a_number" };
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || !/\d/.test(s)) return { ok: false, reason: "not_a_number" };
  const [, whole = "", fraction = ""] = m;
  if (fraction.length > 2) return { ok: false, reason: "too_precise" };
  const digits = `${whole || "0"}${fraction.padEnd(2, "0")}`.replace(/^0+(?=\d)/, "");
  if (digits.length > 12) return { ok: false, reason: "too_large" };
  const paise = Number(digits);
  if (paise > MAX_PAISE) return { ok: false, reason: "too_large" };
  return { ok: true, paise };
}

/**
 * A platform price (a JSON number of rupees, e.g. 499.5) as paise: read through its two-decimal
 * text so no binary fraction leaks into the desk's records.
 */
export function rupeeNumberToPaise(rupees: number): number {
  if (!Number.isFinite(rupees) || rupees < 0) throw new RangeError(`not a price: ${rupees}`);
  const parsed = parseRupees(rupees.toFixed(2));
  if (!parsed.ok) throw new RangeError(`not a price: ${rupees}`);
  return parsed.paise;
}

export const sumPaise = (amounts: readonly number[]): number => amounts.reduce((a, b) => a + b, 0);
