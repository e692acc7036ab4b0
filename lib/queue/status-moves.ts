/**
 * The desk's appointment statuses and the one table of moves between them. Client and server
 * both read it, so a button the page offers is exactly a move the server accepts.
 */
export const QUEUE_STATUSES = ["booked", "checked_in", "in_consultation", "done", "no_show", "cancelled"] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const STATUS_MOVES: Readonly<Record<QueueStatus, readonly QueueStatus[]>> = {
  booked: ["checked_in", "no_show", "cancelled"],
  checked_in: ["in_consultation", "cancelled"],
  in_consultation: ["done", "cancelled"],
  done: [],
  no_show: [],
  cancelled: [],
};

/** States an appointment can still leave; cancel is allowed from each of them. */
export const OPEN_STATUSES: readonly QueueStatus[] = QUEUE_STATUSES.filter((s) => STATUS_MOVES[s].length > 0);

/** Cancelling frees the platform slot, so it is not undone by the desk alone. */
export const UNDOABLE_MOVES: readonly QueueStatus[] = ["checked_in", "in_consultation", "done", "no_show"];

/** How long after a change the desk may take it back. */
export const UNDO_WINDOW_MS = 2 * 60_000;

/**
 * Moves that say the patient is (or is not) at the clinic: only on the appointment's own day, in
 * the clinic's time zone. Tomorrow's patient cannot have arrived; yesterday's day is closed.
 */
export const SAME_DAY_MOVES: readonly QueueStatus[] = ["checked_in", "in_consultation", "no_show"];

export type MoveRefusal = "not_allowed" | "not_today" | "before_start" | "reason_required";

/**
 * Why a move is refused, or null when the table and the clock allow it. `day` is the appointment's
 * clinic day and `today` the clinic's day now; both YYYY-MM-DD in the clinic's zone.
 */
export function moveRefusal(
  from: QueueStatus,
  to: QueueStatus,
  ctx: { slotStart: string | number | Date; now: number; reason?: string | null; day: string; today: string },
): MoveRefusal | null {
  if (!STATUS_MOVES[from].includes(to)) return "not_allowed";
  if (SAME_DAY_MOVES.includes(to) && ctx.day !== ctx.today) return "not_today";
  if (to === "no_show" && ctx.now < new Date(ctx.slotStart).getTime()) return "before_start";
  if (to === "cancelled" && !ctx.reason?.trim()) return "reason_required";
  return null;
}

export function canMove(from: QueueStatus, to: QueueStatus): boolean {
  return STATUS_MOVES[from].includes(to);
}
