const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Indian clinics read dates and times as DD/MM/YYYY, HH:mm in every language (the browser's clock; by hand: no date-fns formatter in the first download). */
export function formatDateTime(value: Date | string | number): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new RangeError("Invalid time value");
  return `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${pad(at.getFullYear(), 4)}, ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 2 });

/** ₹1,23,456.50 — Indian digit grouping regardless of the interface language. */
export function formatInr(amount: number): string {
  return inr.format(amount);
}
