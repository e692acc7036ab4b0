"use client";

const typing = (el: Element | null) => !!el && (el.matches("input, textarea, select") || (el as HTMLElement).isContentEditable);

/**
 * Moves focus once the page shows what an action changed (issue 29: after Check in, Undo, Cancel,
 * Move… focus fell to <body> when the button pressed went away). `find` is asked each frame until it
 * returns an element (once no dialog is open), for at most `frames` frames, then `fallback` is focused. Someone who started
 * typing somewhere meanwhile (the search box, a dialog's field) keeps their place.
 */
export function focusWhenReady(find: () => HTMLElement | null | undefined, fallback?: () => HTMLElement | null | undefined, frames = 120): void {
  const dialogOpen = () => !!document.querySelector("dialog[open]");
  // Where focus was once no dialog is open: a closing dialog hands focus back to its opener first.
  let baseline: Element | null | undefined = dialogOpen() ? undefined : document.activeElement;
  let left = frames;
  const tick = () => {
    if (dialogOpen()) {
      if (--left > 0) requestAnimationFrame(tick);
      return;
    }
    if (baseline === undefined) baseline = document.activeElement;
    const active = document.activeElement;
    if (active !== baseline && typing(active)) return;
    const target = find() ?? (left <= 1 ? fallback?.() : null);
    if (target) {
      target.focus();
      return;
    }
    if (--left > 0) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** In a queue row: its first forward action, else the row itself; `fallback` when the row left the list. */
export function focusQueueRow(appointmentId: string, status: string, fallback?: () => HTMLElement | null, start?: string): void {
  focusWhenReady(() => {
    const row = document.querySelector<HTMLElement>(`[data-appointment="${CSS.escape(appointmentId)}"]`);
    if (!row || row.dataset.status !== status || (start && Date.parse(row.dataset.start ?? "") !== Date.parse(start))) return null;
    // The next step forward (Call in after Check in…), not the ones that end the visit (Cancel, No-show).
    const action = row.querySelector<HTMLButtonElement>('button:not([disabled]):not([data-move="cancelled"]):not([data-move="no_show"])');
    if (action) return action;
    // Still waiting for the row's buttons to come back from "busy"? A row without actions takes focus itself.
    return row.querySelector("button[disabled]") ? null : row;
  }, fallback);
}
