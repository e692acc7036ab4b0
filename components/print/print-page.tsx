import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * Paper sizes the desk prints on. Each print page declares one with `@page` so the browser (and a
 * PDF of the page) comes out at that size with no margins; the screen shows a preview of the sheet.
 * 80 mm thermal slips are cut after the content; the sheet is tall enough for a slip with a QR code.
 */
export const PAPER = {
  thermal: { width: "80mm", height: "150mm", padding: "4mm" },
  a5: { width: "148mm", height: "210mm", padding: "12mm" },
  /** ID-1, the size of a bank card. */
  card: { width: "85.6mm", height: "54mm", padding: "3mm" },
} as const;
export type Paper = keyof typeof PAPER;

export function PrintPage({ paper, children, className }: { paper: Paper; children: ReactNode; className?: string }) {
  const p = PAPER[paper];
  const css = `@page { size: ${p.width} ${p.height}; margin: 0; }
@media print {
  html, body { background: #fff !important; margin: 0 !important; padding: 0 !important; }
  [data-sandbox-banner], [data-print-hidden] { display: none !important; }
  .print-sheet { box-shadow: none !important; margin: 0 !important; }
}`;
  return (
    <>
      <style>{css}</style>
      <div
        data-paper={paper}
        className={cn("print-sheet mx-auto my-6 overflow-hidden bg-white text-black shadow-lg print:my-0 [color-scheme:light]", className)}
        style={{ width: p.width, height: p.height, padding: p.padding, boxSizing: "border-box", breakAfter: "avoid", breakInside: "avoid" }}
      >
        {children}
      </div>
    </>
  );
}

/** The clinic's name at the top of a slip, card or receipt. */
export function ClinicHeader({ name, lines = [], size = "md" }: { name: string; lines?: readonly string[]; size?: "sm" | "md" | "lg" }) {
  return (
    <header className="text-center">
      <p className={cn("font-bold leading-tight", size === "lg" ? "text-2xl" : size === "md" ? "text-lg" : "text-sm")}>{name}</p>
      {lines.map((l) => (
        <p key={l} className="text-xs leading-snug">
          {l}
        </p>
      ))}
    </header>
  );
}

/** SVG markup made by lib/print/codes.ts (the desk's own, never user HTML). */
export function CodeImage({ svg, className }: { svg: string; className?: string }) {
  return <div className={cn("[&>svg]:block [&>svg]:h-full [&>svg]:w-full", className)} dangerouslySetInnerHTML={{ __html: svg }} />;
}
