import { displayDay } from "@/lib/schemas/calendar";

/**
 * The collections export an accountant imports (Tally, Zoho Books, a spreadsheet): one line per
 * payment line of a receipt, one negative line per credit note and one line per platform receipt
 * the desk marked "platform only" in Reconcile (paid online, counted once, method "Online (platform)"), amounts in rupees with two
 * decimals and no grouping, dates DD/MM/YYYY, the clinic's GSTIN and SAC 9993 on every line.
 * UTF-8 with a byte-order mark so Excel reads Hindi names; CRLF line ends (RFC 4180).
 */
export const ACCOUNTS_CSV_COLUMNS = ["Type", "Document no.", "Against receipt", "Date", "Patient", "UHID", "Doctor", "Service", "Method", "Amount (INR)", "Reference", "Clinic GSTIN", "SAC"] as const;

/** Healthcare services by a clinical establishment: SAC 9993 (nil-rated by default). */
export const HEALTHCARE_SAC = "9993";

export interface AccountLine {
  type: "receipt" | "credit_note" | "platform_receipt";
  number: string;
  againstReceipt: string | null;
  /** The clinic-local calendar day, YYYY-MM-DD. */
  day: string;
  patient: string;
  uhid: string | null;
  doctor: string;
  service: string;
  method: "cash" | "upi" | "card" | "platform";
  /** Paise, negative for a credit note. */
  amountPaise: number;
  reference: string | null;
  gstin: string | null;
}

const METHOD_NAMES = { cash: "Cash", upi: "UPI", card: "Card", platform: "Online (platform)" } as const;
const TYPE_NAMES = { receipt: "Receipt", credit_note: "Credit note", platform_receipt: "Platform receipt" } as const;

/** Rupees with two decimals, no grouping, a minus for a credit note: "500.00", "-200.00". Exact, from integer paise. */
export function paiseToCsvAmount(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not a whole number of paise: ${paise}`);
  const abs = BigInt(Math.abs(paise));
  return `${paise < 0 ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some
 * strip before looking) as a formula: such text gets a leading apostrophe, shown by no spreadsheet
 * as part of the value and imported as text (OWASP's CSV injection advice).
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One field, quoted when it holds a comma, a quote, a line break or edge spaces (RFC 4180). */
function field(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell of text the desk did not write itself (a name, a reference): neutralised, then quoted as needed. */
export const textCell = (text: string | null | undefined) => field(neutraliseFormula(text ?? ""));
/** A number the desk formatted itself (an amount): never neutralised, so a credit note stays a negative number. */
const numberCell = (text: string) => {
  if (!/^-?\d+\.\d{2}$/.test(text)) throw new RangeError(`not an amount: ${text}`);
  return text;
};

export function accountLineCells(l: AccountLine): string[] {
  return [
    textCell(TYPE_NAMES[l.type]),
    textCell(l.number),
    textCell(l.againstReceipt),
    textCell(displayDay(l.day)),
    textCell(l.patient),
    textCell(l.uhid),
    textCell(l.doctor),
    textCell(l.service),
    textCell(METHOD_NAMES[l.method]),
    numberCell(paiseToCsvAmount(l.amountPaise)),
    textCell(l.reference),
    textCell(l.gstin),
    textCell(HEALTHCARE_SAC),
  ];
}

export const CSV_BOM = "\uFEFF";

/** The whole file: BOM, header row, one row per line, CRLF after every row. */
export function accountsCsv(lines: Iterable<AccountLine>): string {
  const rows = [ACCOUNTS_CSV_COLUMNS.map((c) => textCell(c)).join(",")];
  for (const l of lines) rows.push(accountLineCells(l).join(","));
  return `${CSV_BOM}${rows.join("\r\n")}\r\n`;
}
