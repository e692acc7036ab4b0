import type { ReactNode } from "react";

/**
 * The figures of a chart as a table: a caption naming it, column headers, one row per day or item,
 * numbers right-aligned. A long table scrolls inside its own region, which the keyboard can reach.
 */
export function DashboardTable({ caption, columns, rows, foot, testId, scroll = false }: { caption: string; columns: string[]; rows: { key: string; cells: ReactNode[] }[]; foot?: ReactNode[]; testId?: string; scroll?: boolean }) {
  const table = (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 border-b border-line bg-surface text-xs text-ink-muted">
        <tr>
          {columns.map((c, i) => (
            <th key={c} scope="col" className={i === 0 ? "px-3 py-2 font-medium" : "px-3 py-2 text-right font-medium"}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map((r) => (
          <Row key={r.key} cells={r.cells} />
        ))}
      </tbody>
      {foot ? (
        <tfoot className="border-t border-line-strong font-semibold">
          <Row cells={foot} />
        </tfoot>
      ) : null}
    </table>
  );
  if (!scroll) return table;
  return (
    // A scrolling region must take focus so a keyboard can scroll it (axe: scrollable-region-focusable).
    <div role="region" aria-label={caption} tabIndex={0} className="max-h-72 overflow-y-auto rounded-md border border-line focus-visible:outline-2 focus-visible:outline-focus">
      {table}
    </div>
  );
}

/** A row headed by its first cell (the day, method, doctor or service), the figures after it. */
function Row({ cells }: { cells: ReactNode[] }) {
  return (
    <tr>
      {cells.map((cell, i) =>
        i === 0 ? (
          <th key={i} scope="row" className="px-3 py-1.5 font-[inherit] text-ink">
            {cell}
          </th>
        ) : (
          <td key={i} className="px-3 py-1.5 text-right tabular-nums text-ink">
            {cell}
          </td>
        ),
      )}
    </tr>
  );
}
