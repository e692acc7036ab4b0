"use client";

import { ModalDialog } from "@/components/ui/modal-dialog";
import { useId, useRef, useState, type FormEvent } from "react";
import { X } from "lucide-react";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { PatientPicker } from "@/components/patients/patient-picker";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { ApiProblemError } from "@/lib/api-client/http";
import { useLinkQueuePatient } from "@/lib/api-client/queue";
import type { PatientSummary } from "@/lib/schemas/patient-summary";
import type { QueueEntry } from "@/lib/schemas/queue";
import { clinicTime, displayDay } from "@/lib/slots/clinic-time";

/** Ties an appointment booked elsewhere, for a patient the desk did not know, to one of the desk's patients. */
export function LinkPatientDialog({ entry, timeZone, onClose }: { entry: QueueEntry | null; timeZone: string; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  return (
    <ModalDialog open={!!entry} onClose={onClose} dialogRef={ref} initialFocus="input" escapeClosesListFirst aria-labelledby="link-patient-title" className="w-[min(34rem,calc(100vw-2rem))]">
      {entry ? <LinkForm key={`${entry.appointmentId}|${entry.version}`} entry={entry} timeZone={timeZone} onDone={() => ref.current?.close()} /> : null}
    </ModalDialog>
  );
}

function LinkForm({ entry, timeZone, onDone }: { entry: QueueEntry; timeZone: string; onDone(): void }) {
  const t = useTranslations("queue");
  const errorId = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  const [patient, setPatient] = useState<PatientSummary | null>(null);
  const [missing, setMissing] = useState(false);
  const link = useLinkQueuePatient(entry.clinicId);
  const fieldError = link.error instanceof ApiProblemError ? link.error.problem.errors?.patientId : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!patient) return setMissing(true);
    link.mutate(
      { appointmentId: entry.appointmentId, version: entry.version, patientId: patient.id },
      {
        onSuccess: () => {
          toast.success(t("linked", { patient: patient.name }));
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col">
      <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
        <div>
          <h2 id="link-patient-title" className="text-lg font-semibold">
            {t("linkTitle")}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {displayDay(entry.day)} {clinicTime(entry.start, timeZone)} · {entry.doctorName} · {entry.serviceName ?? entry.confId}
          </p>
        </div>
        <Button variant="ghost" size="icon" onClick={onDone} aria-label={t("close")}>
          <X aria-hidden className="size-4" />
        </Button>
      </div>
      <div className="flex flex-col gap-4 px-5 py-4">
        <div className="rounded-xl border border-line bg-surface-muted p-3 text-sm">
          <p className="font-medium text-ink">{t("eventCarries")}</p>
          <p className="text-ink-muted">
            {entry.patientLabel ? `${entry.patientLabel} · ` : null}
            {t("platformPatient", { id: entry.patientId })}
          </p>
        </div>
        <div>
          <PatientPicker
            label={t("linkPatient")}
            describedBy={missing || fieldError ? errorId : undefined}
            value={patient}
            onChange={(p) => {
              setPatient(p);
              setMissing(false);
              link.reset();
              if (p) requestAnimationFrame(() => submitRef.current?.focus());
            }}
          />
          <FieldError id={errorId}>{missing ? t("linkChoose") : fieldError}</FieldError>
        </div>
        {link.error && !fieldError ? <ProblemAlert error={link.error} /> : null}
      </div>
      <div className="flex justify-end gap-2 border-t border-line px-5 py-4">
        <Button variant="secondary" onClick={onDone}>
          {t("keep")}
        </Button>
        <Button ref={submitRef} type="submit" disabled={link.isPending} aria-busy={link.isPending || undefined}>
          {patient ? t("linkConfirmPatient", { patient: patient.name }) : t("linkConfirm")}
        </Button>
      </div>
    </form>
  );
}
