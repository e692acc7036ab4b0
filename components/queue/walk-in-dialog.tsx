"use client";

import { activeMarks } from "@/lib/queue/priority-marks";
import Link from "next/link";
import { useId, useRef, useState, type FormEvent } from "react";
import { UserPlus, X } from "lucide-react";
import { toast } from "@/lib/toast";
import { slipPath } from "@/lib/queue/slip-path";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { PatientPicker } from "@/components/patients/patient-picker";
import { Button } from "@/components/ui/button";
import { FieldError, Label, Select } from "@/components/ui/field";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { ApiProblemError } from "@/lib/api-client/http";
import { useAddWalkIn, useTodaySlots } from "@/lib/api-client/opd-counter";
import type { PatientSummary } from "@/lib/schemas/patient-summary";
import type { PriorityMark } from "@/lib/queue/priority-marks";
import { clinicTime, displayDay } from "@/lib/slots/clinic-time";
import { usePriorityName } from "./token-badge";

export interface WalkInDialogProps {
  open: boolean;
  onClose(): void;
  clinic: { id: string; name: string; timeZone: string };
  today: string;
  now: number;
  doctors: { id: string; name: string }[];
  /** The doctor the board is filtered to, chosen first. */
  defaultDoctor?: string;
  marks: readonly PriorityMark[];
}

/** A patient who came without an appointment joins a doctor's queue today with a token (the desk's own visit). */
export function WalkInDialog(props: WalkInDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  return (
    <ModalDialog open={props.open} onClose={props.onClose} dialogRef={ref} initialFocus="#walk-in-doctor" escapeClosesListFirst aria-labelledby="walk-in-title" className="w-[min(36rem,calc(100vw-1rem))] max-h-[calc(100dvh-1rem)] overflow-y-auto">
      {props.open ? <WalkInForm {...props} onDone={() => ref.current?.close()} /> : null}
    </ModalDialog>
  );
}

function WalkInForm({ clinic, today, now, doctors, defaultDoctor, marks, onDone }: WalkInDialogProps & { onDone(): void }) {
  const t = useTranslations("queue.walkIn");
  const tp = useTranslations("queue.priority");
  const slipWords = useTranslations("opdSlips");
  const priorityName = usePriorityName();
  const ids = useId();
  const [doctorId, setDoctorId] = useState(defaultDoctor && doctors.some((d) => d.id === defaultDoctor) ? defaultDoctor : "");
  const [patient, setPatient] = useState<PatientSummary | null>(null);
  const [priority, setPriority] = useState("");
  const [missing, setMissing] = useState<{ doctor?: boolean; patient?: boolean }>({});
  const add = useAddWalkIn(clinic.id);
  const slots = useTodaySlots(doctorId ? { doctorId, clinicId: clinic.id, day: today } : null);
  const freeSlot = slots.data?.slots.find((s) => s.available && Date.parse(s.start) > now);
  const doctorName = doctors.find((d) => d.id === doctorId)?.name ?? "";
  const serverErrors = add.error instanceof ApiProblemError ? (add.error.problem.errors ?? {}) : {};
  const doctorError = missing.doctor ? t("chooseDoctor") : serverErrors.doctorId;
  const patientError = missing.patient ? t("choosePatient") : serverErrors.patientId;

  function submit(e: FormEvent) {
    e.preventDefault();
    const gaps = { doctor: !doctorId, patient: !patient };
    setMissing(gaps);
    if (gaps.doctor) return document.getElementById("walk-in-doctor")?.focus();
    if (gaps.patient || !patient) return document.getElementById(`${ids}-patient`)?.focus();
    add.mutate(
      { clinicId: clinic.id, doctorId, patientId: patient.id, priority: priority || null },
      {
        onSuccess: (entry) => {
          toast.success(t("added", { token: entry.tokenLabel ?? "—", patient: patient.name, doctor: entry.doctorName }), {
            duration: 12_000,
            // The slip is printed as the patient stands at the desk; the row keeps the same action for later.
            action: entry.tokenLabel ? { label: slipWords("printSlip"), onClick: () => window.open(slipPath(entry.appointmentId), "_blank", "noopener") } : undefined,
          });
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col" data-testid="walk-in-form">
      <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
        <div>
          <h2 id="walk-in-title" className="text-lg font-semibold">
            {t("title")}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{t("subtitle", { clinic: clinic.name, day: displayDay(today) })}</p>
        </div>
        <Button variant="ghost" size="icon" onClick={onDone} aria-label={t("cancel")}>
          <X aria-hidden className="size-4" />
        </Button>
      </div>
      <div className="flex flex-col gap-4 px-5 py-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor="walk-in-doctor">{t("doctor")}</Label>
          <Select
            id="walk-in-doctor"
            value={doctorId}
            aria-required
            aria-invalid={!!doctorError || undefined}
            aria-describedby={doctorError ? `${ids}-doctor-error` : `${ids}-slot`}
            onChange={(e) => {
              setDoctorId(e.target.value);
              setMissing((m) => ({ ...m, doctor: false }));
            }}
          >
            <option value="">{t("chooseDoctor")}</option>
            {doctors.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
          <FieldError id={`${ids}-doctor-error`}>{doctorError}</FieldError>
          {doctorId ? (
            <div id={`${ids}-slot`} className="rounded-lg border border-line bg-surface-muted px-3 py-2 text-sm" data-testid="walk-in-slot" aria-live="polite">
              {slots.isPending ? (
                <span className="text-ink-muted">{t("slotsLoading")}</span>
              ) : slots.isError ? (
                <span className="text-ink-muted">{t("slotsUnknown")}</span>
              ) : freeSlot ? (
                <span className="flex flex-wrap items-center gap-2">
                  <span>{t("freeSlot", { doctor: doctorName, time: clinicTime(freeSlot.start, clinic.timeZone) })}</span>
                  <Link
                    href={`/slots?doctor=${encodeURIComponent(doctorId)}&clinic=${encodeURIComponent(clinic.id)}`}
                    className="font-medium text-primary underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-focus"
                  >
                    {t("bookSlot")}
                  </Link>
                </span>
              ) : (
                <span className="text-ink-muted">{t("noFreeSlot")}</span>
              )}
            </div>
          ) : null}
        </div>
        <div>
          <PatientPicker
            id={`${ids}-patient`}
            label={t("patient")}
            describedBy={patientError ? `${ids}-patient-error` : undefined}
            value={patient}
            onChange={(p) => {
              setPatient(p);
              setMissing((m) => ({ ...m, patient: false }));
              add.reset();
              // Chosen: the priority marks are the next (and last) thing to decide.
              if (p) requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`input[name="${ids}-priority"]:checked`)?.focus());
            }}
          />
          <FieldError id={`${ids}-patient-error`}>{patientError}</FieldError>
          <Link href="/patients/new" className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-primary underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-focus">
            <UserPlus aria-hidden className="size-4" />
            {t("register")}
          </Link>
        </div>
        <fieldset className="flex flex-col gap-2" aria-describedby={`${ids}-priority-help`}>
          <legend className="text-sm font-medium text-ink">{tp("label")}</legend>
          <p id={`${ids}-priority-help`} className="text-xs text-ink-muted">
            {t("priorityHelp")}
          </p>
          <div className="flex flex-wrap gap-2">
            {[{ key: "", label: null }, ...activeMarks(marks)].map((m) => (
              <label
                key={m.key || "none"}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-line px-3 py-1.5 text-sm has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-soft-ink has-focus-visible:outline-2 has-focus-visible:outline-focus"
              >
                <input type="radio" name={`${ids}-priority`} value={m.key} checked={priority === m.key} onChange={() => setPriority(m.key)} className="accent-primary" />
                {m.key ? priorityName(m.key, marks) : tp("none")}
              </label>
            ))}
          </div>
          <FieldError id={`${ids}-priority-error`}>{serverErrors.priority}</FieldError>
        </fieldset>
        {add.error && !serverErrors.patientId && !serverErrors.doctorId && !serverErrors.priority ? <ProblemAlert error={add.error} /> : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-4">
        <Button variant="secondary" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" aria-busy={add.isPending || undefined} disabled={add.isPending} data-testid="walk-in-submit">
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}
