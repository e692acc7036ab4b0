import { paiseText } from "@/lib/billing/money";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Indian clinics read dates and times as DD/MM/YYYY, HH:mm in every language (the browser's clock; by hand: no date-fns formatter in the first download). */
export function formatDateTime(value: Date | string | number): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new RangeError("Invalid time value");
  return `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${pad(at.getFullYear(), 4)}, ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

let intlInr: Intl.NumberFormat | undefined;
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * ₹1,23,456.50 — Indian digit grouping regardless of the interface language, exactly as
 * Intl.NumberFormat("en-IN", INR) writes it (a property test holds the two together: rounding half
 * away from zero on the number's shortest decimal form, so 1.005 is ₹1.01). By hand because a page's
 * first Intl formatter costs ~25 ms of its start-up (ICU's data; ~100 ms on a phone's slower CPU);
 * what has no plain decimal form (NaN, ∞, exponents) still goes to Intl.
 */
export function formatInr(amount: number): string {
  const decimal = DECIMAL.exec(String(Math.abs(amount)));
  if (!decimal) return (intlInr ??= new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 2 })).format(amount);
  const fraction = decimal[2] ?? "";
  const paise = BigInt(decimal[1]!) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2)) + ((fraction[2] ?? "0") >= "5" ? 1n : 0n);
  return paiseText(paise, amount < 0 || Object.is(amount, -0));
}
