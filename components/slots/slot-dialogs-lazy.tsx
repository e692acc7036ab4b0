"use client";

import { lazyDialog } from "@/components/ui/lazy-dialog";

/**
 * The slot calendar's dialogs (booking, with its patient picker, and who holds a taken slot) are not
 * part of the page's first download; the calendar prefetches them on its first hover or focus.
 */
export const LazyBookingDialog = lazyDialog(() => import("./booking-dialog").then((m) => m.BookingDialog), (p) => !!p.target, ["slots", "patients"]);
export const LazyTakenSlotDialog = lazyDialog(() => import("@/components/queue/taken-slot-dialog").then((m) => m.TakenSlotDialog), (p) => !!p.slot, ["queue", "opdSlips", "billing"]);

export function prefetchSlotDialogs() {
  LazyBookingDialog.prefetch();
  LazyTakenSlotDialog.prefetch();
}
