import { activeMarks, type PriorityMark } from "./priority-marks";

/**
 * Who the doctor calls next, as one rule the server applies and the page shows to staff:
 *  1. patients with a priority mark first, in the order the clinic lists the marks
 *     (by default emergency, then senior citizen, then pregnant);
 *  2. then everyone else;
 *  3. within each group, by token number (the order they arrived in);
 *  4. a skipped token sits out the next `skipReturnAfter` calls, then takes its place again. When
 *     only sitting-out tokens are left, the earliest skipped is called rather than nobody.
 */
export interface WaitingToken {
  tokenNumber: number;
  priority: string | null;
  /** The doctor's call count when the token was skipped; null if it never was (or was called since). */
  skippedAtCall: number | null;
}

export interface CallState {
  /** Calls the doctor has made today (call next). */
  calls: number;
  skipReturnAfter: number;
  marks: readonly PriorityMark[];
}

export const DEFAULT_SKIP_RETURN_AFTER = 3;

/** 0 for the first listed mark, 1 for the second…; an unmarked token (or a mark no longer listed, or retired) comes after all of them. */
export function priorityRank(marks: readonly PriorityMark[], priority: string | null): number {
  const ranked = activeMarks(marks);
  const i = priority ? ranked.findIndex((m) => m.key === priority) : -1;
  return i === -1 ? ranked.length : i;
}

/** The token sits out: it was skipped and fewer than `skipReturnAfter` calls were made since. */
export function sitsOut(t: WaitingToken, s: Pick<CallState, "calls" | "skipReturnAfter">): boolean {
  return t.skippedAtCall !== null && s.calls < t.skippedAtCall + s.skipReturnAfter;
}

/** Calls still to be made before a skipped token comes back (0 when it is back in line). */
export function callsUntilBack(t: WaitingToken, s: Pick<CallState, "calls" | "skipReturnAfter">): number {
  return t.skippedAtCall === null ? 0 : Math.max(0, t.skippedAtCall + s.skipReturnAfter - s.calls);
}

/** The waiting tokens in the order they will be called. */
export function callOrder<T extends WaitingToken>(waiting: readonly T[], s: CallState): T[] {
  const inLine = waiting.filter((t) => !sitsOut(t, s));
  const out = waiting.filter((t) => sitsOut(t, s));
  inLine.sort((a, b) => priorityRank(s.marks, a.priority) - priorityRank(s.marks, b.priority) || a.tokenNumber - b.tokenNumber);
  out.sort((a, b) => a.skippedAtCall! - b.skippedAtCall! || a.tokenNumber - b.tokenNumber);
  return [...inLine, ...out];
}

export function nextToCall<T extends WaitingToken>(waiting: readonly T[], s: CallState): T | undefined {
  return callOrder(waiting, s)[0];
}
