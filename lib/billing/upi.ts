import { paiseToDecimal } from "./money";

export interface UpiIntent {
  /** The clinic's UPI id (virtual payment address), e.g. clinic@okbank. */
  vpa: string;
  payee: string;
  paise: number;
  note: string;
  /** The desk's reference for this collection; the payer's app shows it and the bank statement carries it. */
  reference: string;
}

/** A UPI id: a handle, "@", and the bank's name (NPCI's linking format). */
export const UPI_VPA = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9.\-]{1,63}$/;

/**
 * upi://pay?pa=…&pn=…&am=500.00&cu=INR&tn=…&tr=… — the standard intent every UPI app reads from a QR
 * code; the amount is fixed so the patient cannot change it.
 */
export function upiPayUrl(i: UpiIntent): string {
  // Percent-encoded as the linking spec asks, keeping "@" as UPI apps print it.
  const q = (s: string) => encodeURIComponent(s).replace(/%40/g, "@");
  const parts = [
    ["pa", i.vpa],
    ["pn", i.payee],
    ["am", paiseToDecimal(i.paise)],
    ["cu", "INR"],
    ["tn", i.note.slice(0, 80)],
    ["tr", i.reference.slice(0, 35)],
  ];
  return `upi://pay?${parts.map(([k, v]) => `${k}=${q(v!)}`).join("&")}`;
}
