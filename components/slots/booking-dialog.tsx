"use client";

import { ModalDialog } from "@/components/ui/modal-dialog";
import { useId, useRef, useState, type FormEvent } from "react";
import { CalendarCheck, LoaderCircle, X } from "lucide-react";
import { toast } from "@/lib/toast";
import { useLocale, useTranslations } from "use-intl";
import type { PatientSummary } from "@/lib/schemas/patient-summary";
import type { Slot, SlotService } from "@/lib/schemas/slots";
import { ApiProblemError } from "@/lib/api-client/http";
import { useBookSlot } from "@/lib/api-client/slots";
import { formatInr } from "@/lib/i18n/format";
import { clinicDay, clinicTime, displayDay, weekdayName } from "@/lib/slots/clinic-time";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FieldError, Label, Select } from "@/components/ui/field";
import { PatientPicker } from "@/components/patients/patient-picker";

export type BookingTarget = { slot: Slot; service: SlotService; doctor: { id: string; name: string }; clinic: { id: string; name: string; timeZone: string } };

/** Confirms patient, service and amount for one free slot, then books it once (idempotency key per opening). */
export function BookingDialog({ target, onClose }: { target: BookingTarget | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  return (
    <ModalDialog
      open={!!target}
      onClose={onClose}
      dialogRef={ref}
      initialFocus="[data-autofocus], input:not([type=hidden]), select"
      escapeClosesListFirst
      aria-labelledby="booking-title"
      className="w-[min(34rem,calc(100vw-2rem))]"
    >
      {target ? <BookingForm key={`${target.slot.confId}|${target.slot.start}`} target={target} onDone={() => ref.current?.close()} /> : null}
    </ModalDialog>
  );
}

function BookingForm({ target, onDone }: { target: BookingTarget; onDone: () => void }) {
  const t = useTranslations("slots");
  const locale = useLocale();
  const { slot, service, doctor, clinic } = target;
  const [patient, setPatient] = useState<PatientSummary | null>(null);
  const [mode, setMode] = useState(service.modes[0] ?? "in_clinic");
  const [patientError, setPatientError] = useState<string | undefined>();
  // One key per opened dialog: a double submit or a retry after a lost answer books once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const book = useBookSlot();
  const modeId = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  const day = clinicDay(slot.start, clinic.timeZone);
  const when = `${weekdayName(day, locale, "long")} ${displayDay(day)}, ${clinicTime(slot.start, clinic.timeZone)}–${clinicTime(slot.end, clinic.timeZone)}`;
  const taken = book.error instanceof ApiProblemError && book.error.status === 409;
  const fieldErrors = book.error instanceof ApiProblemError ? book.error.problem.errors : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!patient) {
      setPatientError(t("booking.patientRequired"));
      return;
    }
    setPatientError(undefined);
    book.mutate(
      { idempotencyKey, doctorId: doctor.id, clinicId: clinic.id, patientId: patient.id, confId: service.confId, start: slot.start, mode },
      {
        onSuccess: () => {
          toast.success(t("booking.booked", { patient: patient.name, when }));
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col">
      <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
        <div>
          <h2 id="booking-title" className="flex items-center gap-2 text-lg font-semibold">
            <CalendarCheck aria-hidden className="size-5 text-primary" />
            {t("booking.title")}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{when}</p>
          <p className="text-sm text-ink-muted">
            {doctor.name} · {clinic.name}
          </p>
        </div>
        <Button variant="ghost" size="icon" onClick={onDone} aria-label={t("booking.close")}>
          <X aria-hidden className="size-4" />
        </Button>
      </div>

      <div className="flex flex-col gap-4 px-5 py-4">
        <div>
          <PatientPicker
            label={t("booking.patient")}
            describedBy={patientError ?? fieldErrors?.patientId ? `${modeId}-patient-error` : undefined}
            value={patient}
            onChange={(p) => {
              setPatient(p);
              setPatientError(undefined);
              // Picked by keyboard: Enter again confirms the booking.
              if (p) requestAnimationFrame(() => submitRef.current?.focus());
            }}
          />
          <FieldError id={`${modeId}-patient-error`}>{patientError ?? fieldErrors?.patientId}</FieldError>
        </div>

        <div className="rounded-xl border border-line bg-surface-muted p-4">
          <p className="font-medium">{service.name}</p>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt className="text-ink-muted">{t("legend.price")}</dt>
            <dd className="text-right tabular-nums">{formatInr(service.price)}</dd>
            <dt className="text-ink-muted">{t("legend.fee")}</dt>
            <dd className="text-right tabular-nums">{formatInr(service.convenienceFee)}</dd>
            <dt className="text-ink-muted">{t("legend.discount")}</dt>
            <dd className="text-right tabular-nums">− {formatInr(service.discount)}</dd>
            <dt className="border-t border-line pt-1 font-semibold">{t("booking.amount")}</dt>
            <dd className="border-t border-line pt-1 text-right font-semibold tabular-nums">{formatInr(service.finalAmount)}</dd>
          </dl>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {service.prePay ? <Badge tone="warning">{t("legend.prePay")}</Badge> : null}
            {service.postPay ? <Badge tone="info">{t("legend.postPay")}</Badge> : null}
          </div>
        </div>

        {service.modes.length > 1 ? (
          <div>
            <Label htmlFor={modeId}>{t("booking.mode")}</Label>
            <Select id={modeId} value={mode} onChange={(e) => setMode(e.target.value)} className="mt-1.5 h-10" aria-describedby={fieldErrors?.mode ? `${modeId}-error` : undefined}>
              {service.modes.map((m) => (
                <option key={m} value={m}>
                  {t(`mode.${m === "tele" ? "tele" : "in_clinic"}`)}
                </option>
              ))}
            </Select>
            <FieldError id={`${modeId}-error`}>{fieldErrors?.mode}</FieldError>
          </div>
        ) : (
          <p className="text-sm text-ink-muted">
            {t("booking.mode")}: {t(`mode.${mode === "tele" ? "tele" : "in_clinic"}`)}
          </p>
        )}

        {taken ? (
          <div role="alert" className="rounded-xl border border-warning/50 bg-warning-soft p-4 text-sm text-warning-soft-ink">
            <p className="font-semibold">{t("booking.takenTitle")}</p>
            <p className="mt-1">{t("booking.takenDetail")}</p>
          </div>
        ) : book.error ? (
          <ProblemAlert error={book.error} />
        ) : null}
      </div>

      <div className="flex justify-end gap-2 border-t border-line px-5 py-4">
        <Button variant="secondary" onClick={onDone}>
          {taken ? t("booking.pickAnother") : t("booking.cancel")}
        </Button>
        {taken ? null : (
          <Button ref={submitRef} type="submit" disabled={book.isPending}>
            {book.isPending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
            {patient ? t("booking.confirmPatient", { patient: patient.name, amount: formatInr(service.finalAmount) }) : t("booking.confirm", { amount: formatInr(service.finalAmount) })}
          </Button>
        )}
      </div>
    </form>
  );
}
