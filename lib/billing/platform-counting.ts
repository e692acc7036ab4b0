import type { ReconcileRow } from "@/lib/schemas/reconcile";

/**
 * The one rule for whether money the platform reports is counted in the clinic's collections
 * (issue 32 item 7: nothing counted twice). Reconcile's day totals, the owner's dashboard and the
 * accountant's CSV all ask this function:
 * - "counted": the desk decided "platform only — not collected at the counter" and the amount is known;
 * - "desk_counts": linked to a desk receipt that already counts (the same money);
 * - "waiting": no decision yet (or a linked pair the platform later reported differently): shown, not counted;
 * - "unknown": the amount could not be read: never counted.
 */
export type PlatformCounting = "counted" | "desk_counts" | "waiting" | "unknown";

export function platformCounting(state: ReconcileRow["state"], netPaise: number | null): PlatformCounting {
  if (netPaise === null || state === "unreadable") return "unknown";
  if (state === "platform_only") return "counted";
  if (state === "matched") return "desk_counts";
  return "waiting";
}
