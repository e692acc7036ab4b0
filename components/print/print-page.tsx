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

const MM_PER_CSS_PX = 25.4 / 96;

/**
 * The `@page` rule of a paper, no margins. A thermal roll is cut after the content: given the
 * printed content's height in CSS pixels, the page is that long (at least 80 mm) instead of the sheet's height.
 */
export function pageRule(paper: Paper, contentHeightPx?: number): string {
  const p = PAPER[paper];
  const length = paper === "thermal" && contentHeightPx !== undefined ? `${Math.max(80, Math.ceil(contentHeightPx * MM_PER_CSS_PX) + 4)}mm` : p.height;
  return `@page { size: ${p.width} ${length}; margin: 0; }`;
}

export function PrintPage({ paper, children, className }: { paper: Paper; children: ReactNode; className?: string }) {
  const p = PAPER[paper];
  const css = `${pageRule(paper)}
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

/** The clinic's name at the top of a slip, card or receipt, with its address lines (and, on a receipt, GSTIN and title). */
export function ClinicHeader({ name, lines = [], size = "md", heading = false, className, children }: { name: string; lines?: readonly ReactNode[]; size?: "sm" | "md" | "lg"; heading?: boolean; className?: string; children?: ReactNode }) {
  const Name = heading ? "h1" : "p";
  return (
    <header className={cn("text-center", className)}>
      <Name className={cn("font-bold leading-tight", size === "lg" ? "text-2xl" : size === "md" ? "text-lg" : "text-sm")}>{name}</Name>
      {lines.map((l, i) => (
        <p key={i} className={size === "sm" ? "leading-snug" : "text-xs leading-snug"}>
          {l}
        </p>
      ))}
      {children}
    </header>
  );
}

/** SVG markup made by lib/print/codes.ts (the desk's own, never user HTML). */
export function CodeImage({ svg, className }: { svg: string; className?: string }) {
  return <div className={cn("[&>svg]:block [&>svg]:h-full [&>svg]:w-full", className)} dangerouslySetInnerHTML={{ __html: svg }} />;
}
