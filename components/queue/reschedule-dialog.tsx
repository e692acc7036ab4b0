"use client";

import { ModalDialog } from "@/components/ui/modal-dialog";
import { useEffect, useRef, useState } from "react";
import { X } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { SlotCalendar } from "@/components/slots/slot-calendar";
import { Button } from "@/components/ui/button";
import { useRescheduleAppointment } from "@/lib/api-client/queue";
import type { QueueEntry } from "@/lib/schemas/queue";
import type { Slot } from "@/lib/schemas/slots";
import { clinicDay, clinicTime, displayDay, mondayOf, weekdayName } from "@/lib/slots/clinic-time";
import { patientName } from "./queue-row";

/**
 * Moves a booked appointment through the slot calendar the booking flow uses, held to the same
 * doctor, clinic and service and opened on the appointment's week. A slot taken meanwhile (409)
 * is said inside the dialog, which stays open on a refreshed calendar.
 */
export function RescheduleDialog({ entry, timeZone, onClose, onMoved }: { entry: QueueEntry | null; timeZone: string; onClose(): void; onMoved(after: QueueEntry): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  return (
    <ModalDialog open={!!entry} onClose={onClose} dialogRef={ref} aria-labelledby="reschedule-title" className="max-h-[calc(100vh-2rem)] w-[min(72rem,calc(100vw-2rem))] overflow-y-auto">
      {entry ? <ReschedulePicker key={`${entry.appointmentId}|${entry.version}`} entry={entry} timeZone={timeZone} onClose={() => ref.current?.close()} onMoved={onMoved} /> : null}
    </ModalDialog>
  );
}

function ReschedulePicker({ entry, timeZone, onClose, onMoved }: { entry: QueueEntry; timeZone: string; onClose(): void; onMoved(after: QueueEntry): void }) {
  const t = useTranslations("queue");
  const locale = useLocale();
  const client = useQueryClient();
  const reschedule = useRescheduleAppointment(entry.clinicId);
  const [chosen, setChosen] = useState<Slot | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const when = (instant: string) => {
    const day = clinicDay(instant, timeZone);
    return `${weekdayName(day, locale, "long")} ${displayDay(day)} ${clinicTime(instant, timeZone)}`;
  };
  useEffect(() => {
    if (chosen) confirmRef.current?.focus();
  }, [chosen]);

  const confirm = () => {
    if (!chosen) return;
    reschedule.mutate(
      { appointmentId: entry.appointmentId, version: entry.version, confId: entry.confId, start: chosen.start },
      {
        onSuccess: (after) => {
          onMoved(after);
          onClose();
        },
        // The calendar shows who holds what now; the choice is cleared so another can be picked.
        onError: () => {
          setChosen(null);
          void client.invalidateQueries({ queryKey: ["slots"] });
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="reschedule-title" className="text-lg font-semibold">
            {t("rescheduleTitle")}
          </h2>
          <p className="text-sm text-ink-muted">
            {t("rescheduleFrom", { patient: patientName(entry, t("unknownPatient")), time: when(entry.start) })}
          </p>
          <p className="text-sm text-ink-muted">{t("rescheduleBody", { doctor: entry.doctorName, service: entry.serviceName ?? entry.confId })}</p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={t("close")} disabled={reschedule.isPending}>
          <X aria-hidden className="size-4" />
        </Button>
      </div>
      {reschedule.isError ? <ProblemAlert error={reschedule.error} /> : null}
      <SlotCalendar
        start={{ doctor: entry.doctorId, clinic: entry.clinicId, week: mondayOf(entry.day) }}
        canEditDirectory={false}
        picking={{ confId: entry.confId, onPick: (slot) => (reschedule.reset(), setChosen(slot)) }}
      />
      <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-2 border-t border-line bg-surface pt-3" role="group" aria-label={t("newSlot")}>
        <p className="mr-auto text-sm text-ink" aria-live="polite">
          {chosen ? t("rescheduleTo", { time: when(chosen.start) }) : t("reschedulePick")}
        </p>
        <Button variant="secondary" onClick={onClose} disabled={reschedule.isPending}>
          {t("keep")}
        </Button>
        <Button ref={confirmRef} onClick={confirm} disabled={!chosen || reschedule.isPending} aria-busy={reschedule.isPending || undefined}>
          {t("rescheduleConfirm")}
        </Button>
      </div>
    </div>
  );
}
