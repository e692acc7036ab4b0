import type { ReceiptDocument } from "@/lib/schemas/billing";
import { formatPaise } from "@/lib/billing/money";
import { cn } from "@/components/ui/cn";
import { ClinicHeader, PAPER, type Paper } from "@/components/print/print-page";

export type ReceiptPaper = "roll" | "a5";

/** The slips' paper a receipt prints on: the roll is the 80 mm thermal paper. */
export const receiptSheet = (paper: ReceiptPaper): Paper => (paper === "roll" ? "thermal" : "a5");

export interface ReceiptWords {
  duplicate: string;
  heading: string;
  headingHi: string;
  number: string;
  date: string;
  patient: string;
  uhid: string;
  doctor: string;
  gstin: string;
  sac: string;
  item: string;
  amount: string;
  total: string;
  inWords: string;
  paidBy: string;
  collectedBy: string;
  creditNotes: string;
  thanks: string;
  /** A bill line's name in the receipt's language. */
  line: (l: { kind: string; label: string }) => string;
  method: (m: string) => string;
  change: (amount: string) => string;
}

/**
 * The receipt as paper: an 80 mm thermal roll or an A5 sheet. Plain black on white in print, one
 * column on the roll; the amount in figures and in English and Hindi words; "DUPLICATE" on a reprint.
 */
export function ReceiptPrint({ r, paper, duplicate, words: w }: { r: ReceiptDocument; paper: ReceiptPaper; duplicate: boolean; words: ReceiptWords }) {
  const roll = paper === "roll";
  const sheet = PAPER[receiptSheet(paper)];
  return (
    <article
      data-receipt={r.label}
      data-paper={paper}
      style={{ width: sheet.width, padding: sheet.padding, boxSizing: "border-box" }}
      className={cn("receipt relative mx-auto bg-white font-sans text-black", roll ? "text-[11px] leading-snug" : "min-h-[200mm] text-[12.5px] leading-normal")}
    >
      {duplicate ? (
        <p data-testid="duplicate-mark" className={cn("mx-auto mb-2 w-fit border-2 border-black px-3 text-center font-bold", /^[\x20-\x7e]+$/.test(w.duplicate) ? "tracking-[0.3em]" : "", roll ? "py-0.5 text-sm" : "py-1 text-lg")}>
          {w.duplicate}
        </p>
      ) : null}
      <ClinicHeader
        heading
        name={r.clinicName}
        size={roll ? "sm" : "lg"}
        className={roll ? "mb-2" : "mb-4"}
        lines={[
          ...(r.clinicAddress ? r.clinicAddress.split(/\r?\n/) : []),
          ...(r.gstin
            ? [
                <>
                  {w.gstin}: <span className="font-mono">{r.gstin}</span>
                </>,
              ]
            : []),
        ]}
      >
        <p className={cn("mt-1 font-semibold uppercase", roll ? "" : "text-base")}>
          {w.heading} / {w.headingHi}
        </p>
      </ClinicHeader>
      <dl className={cn("grid grid-cols-[auto_1fr] gap-x-2", roll ? "mb-2" : "mb-4 gap-y-0.5")}>
        <dt>{w.number}</dt>
        <dd className="text-right font-mono font-semibold">{r.label}</dd>
        <dt>{w.date}</dt>
        <dd className="text-right">{r.collectedDay}</dd>
        <dt>{w.patient}</dt>
        <dd className="text-right">{r.patientName}</dd>
        {r.patientUhid ? (
          <>
            <dt>{w.uhid}</dt>
            <dd className="text-right font-mono">{r.patientUhid}</dd>
          </>
        ) : null}
        <dt>{w.doctor}</dt>
        <dd className="text-right">{r.doctorName}</dd>
      </dl>
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-y border-black">
            <th className="py-0.5 text-left font-semibold">{w.item}</th>
            <th className="py-0.5 text-right font-semibold">{w.amount}</th>
          </tr>
        </thead>
        <tbody>
          {r.lines.map((l, i) => (
            <tr key={i}>
              <td className="py-0.5">{w.line(l)}</td>
              <td className="py-0.5 text-right tabular-nums">{formatPaise(l.paise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-black font-bold">
            <td className="py-1">{w.total}</td>
            <td className="py-1 text-right tabular-nums" data-testid="receipt-total">
              {formatPaise(r.amountPaise)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-1">
        <span className="font-semibold">{w.inWords}: </span>
        {r.amountWords.en}
      </p>
      <p lang="hi">{r.amountWords.hi}</p>
      <p className="mt-2">
        <span className="font-semibold">{w.paidBy}: </span>
        {r.payments.map((p) => `${w.method(p.method)} ${formatPaise(p.amountPaise)}${p.reference ? ` (${p.reference})` : ""}${p.changePaise ? `, ${w.change(formatPaise(p.changePaise))}` : ""}`).join(" + ")}
      </p>
      <p>
        <span className="font-semibold">{w.collectedBy}: </span>
        {r.collectedBy ?? "—"}
      </p>
      <p className={cn("mt-2 border-t border-dashed border-black pt-1", roll ? "text-[10px]" : "text-[11px]")}>{w.sac}</p>
      {r.creditNotes.length ? (
        <div className="mt-2">
          <p className="font-semibold">{w.creditNotes}</p>
          <ul>
            {r.creditNotes.map((n) => (
              <li key={n.id} className="flex justify-between gap-2">
                <span className="font-mono">{n.label}</span>
                <span className="tabular-nums">-{formatPaise(n.amountPaise)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-3 text-center">{w.thanks}</p>
    </article>
  );
}
