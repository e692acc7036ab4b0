/**
 * The one clock the desk's server code reads ("now" in ms since the epoch). Tests pin it with
 * `setClock`; a date-matrix run moves the whole process with faketime instead. The browser keeps
 * its own Date: it is the person's clock, not the server's.
 */
let source: () => number = Date.now;

export const now = (): number => source();
export const nowDate = (): Date => new Date(source());

/** Pins (or with null, restores) the clock for a test; each test file starts on the real one. */
export function setClock(next: (() => number) | null): void {
  source = next ?? Date.now;
}

/** A clock standing at `at` (ISO date-time or ms) that moves on with real time, as a running process would. */
export function clockFrom(at: string | number): () => number {
  const offset = (typeof at === "number" ? at : Date.parse(at)) - Date.now();
  if (Number.isNaN(offset)) throw new Error(`not a date-time: ${String(at)}`);
  return () => Date.now() + offset;
}
