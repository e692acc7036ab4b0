"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input, Label } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { useFreeSlots } from "@/lib/api-client/queue";
import type { QueueEntry } from "@/lib/schemas/queue";
import { clinicTime } from "@/lib/slots/clinic-time";

/** Moves a booked appointment to another free slot of the same doctor and service. */
export function RescheduleDialog({ entry, timeZone, busy, onConfirm, onClose }: { entry: QueueEntry | null; timeZone: string; busy: boolean; onConfirm(slot: { confId: string; start: string }): void; onClose(): void }) {
  const t = useTranslations("queue");
  const [day, setDay] = useState("");
  const [start, setStart] = useState("");
  const shownDay = day || entry?.day || "";
  const free = useFreeSlots(entry ? { doctorId: entry.doctorId, clinicId: entry.clinicId, confId: entry.confId, day: shownDay } : null);
  const close = () => {
    setDay("");
    setStart("");
    onClose();
  };
  return (
    <ConfirmDialog
      open={!!entry}
      tone="primary"
      title={t("rescheduleTitle")}
      confirmLabel={t("rescheduleConfirm")}
      cancelLabel={t("keep")}
      busy={busy}
      onCancel={close}
      onConfirm={() => {
        if (!entry || !start) return;
        onConfirm({ confId: entry.confId, start });
        setStart("");
        setDay("");
      }}
    >
      <p>{entry ? t("rescheduleBody", { doctor: entry.doctorName, service: entry.serviceName ?? entry.confId }) : null}</p>
      <div className="mt-3 flex flex-col gap-1">
        <Label htmlFor="reschedule-day">{t("date")}</Label>
        <Input
          id="reschedule-day"
          type="date"
          value={shownDay}
          onChange={(e) => {
            setDay(e.target.value);
            setStart("");
          }}
        />
      </div>
      <fieldset className="mt-3">
        <legend className="mb-1 text-sm font-medium text-ink">{t("newSlot")}</legend>
        {free.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : free.isError ? (
          <p role="alert">{t("errorTitle")}</p>
        ) : free.data.length === 0 ? (
          <p>{t("noFreeSlots")}</p>
        ) : (
          <div className="flex max-h-48 flex-wrap gap-2 overflow-y-auto">
            {free.data.map((s) => (
              <label key={s.start} className="inline-flex cursor-pointer items-center gap-1 rounded-md border border-line px-2 py-1 font-mono text-sm text-ink has-[:checked]:border-primary has-[:checked]:bg-primary-soft">
                <input type="radio" name="reschedule-slot" value={s.start} checked={start === s.start} onChange={() => setStart(s.start)} className="accent-primary" />
                {clinicTime(s.start, timeZone)}
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </ConfirmDialog>
  );
}
