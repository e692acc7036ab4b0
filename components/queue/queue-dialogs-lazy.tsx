"use client";

import { lazyDialog } from "@/components/ui/lazy-dialog";

/**
 * The queue's dialogs (walk-in, link a patient, reschedule with its slot calendar and booking
 * parts, cancel) are not part of the page's first download: each is its own chunk, fetched the
 * first time the board is hovered or focused (`prefetchQueueDialogs`), before any of its buttons is
 * pressed.
 */
export const LazyWalkInDialog = lazyDialog(() => import("./walk-in-dialog").then((m) => m.WalkInDialog), (p) => p.open, ["queue", "opdSlips", "patients"]);
export const LazyLinkPatientDialog = lazyDialog(() => import("./link-patient-dialog").then((m) => m.LinkPatientDialog), (p) => !!p.entry, ["queue", "patients"]);
export const LazyRescheduleDialog = lazyDialog(() => import("./reschedule-dialog").then((m) => m.RescheduleDialog), (p) => !!p.entry, ["queue", "opdSlips", "billing", "slots"]);
export const LazyCancelDialog = lazyDialog(() => import("./cancel-dialog").then((m) => m.CancelDialog), (p) => p.open, ["queue"]);

export function prefetchQueueDialogs() {
  for (const dialog of [LazyWalkInDialog, LazyLinkPatientDialog, LazyRescheduleDialog, LazyCancelDialog]) dialog.prefetch();
}
