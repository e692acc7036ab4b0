import { format as formatWithPattern } from "date-fns";

/** Indian clinics read dates and times as DD/MM/YYYY, HH:mm in every language. */
export function formatDateTime(value: Date | string | number): string {
  return formatWithPattern(new Date(value), "dd/MM/yyyy, HH:mm");
}

const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 2 });

/** ₹1,23,456.50 — Indian digit grouping regardless of the interface language. */
export function formatInr(amount: number): string {
  return inr.format(amount);
}
