"use client";

import { useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { ABHA_SCAN_STORAGE_KEY } from "@/components/patients/abha-scan-storage";
import { handShareVisitOver } from "@/components/patients/share-visit-hand-over-start";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label, Select } from "@/components/ui/field";
import { useCounterShares, useShareVisit } from "@/lib/api-client/abdm-shares";
import type { CounterShare } from "@/lib/schemas/abdm-shares";

export interface CounterSharesProps {
  clinicId: string;
  day: string;
  doctors: { id: string; name: string }[];
  /** The doctor the board is filtered to, chosen first. */
  defaultDoctor?: string;
}

/**
 * "Shared at the counter": patients who scanned the clinic's ABHA QR (ABDM Scan & Share), live with
 * the day's queue. One action each: a registered patient (found by ABHA) gets the chosen doctor's
 * OPD token; an unknown one opens registration prefilled from the share.
 */
export function CounterShares({ clinicId, day, doctors, defaultDoctor }: CounterSharesProps) {
  const t = useTranslations("abdmShares");
  const shares = useCounterShares(clinicId, day);
  return (
    <SharesFrame>
      {shares.isPending ? (
        <SharesLoading />
      ) : shares.isError ? (
        <div className="p-4">
          <ProblemAlert error={shares.error} onRetry={() => void shares.refetch()} />
        </div>
      ) : shares.data.shares.length === 0 ? (
        <p className="p-4 text-sm text-ink-muted">{t("empty")}</p>
      ) : (
        <ul className="divide-y divide-line">
          {shares.data.shares.map((s) => (
            <ShareRow key={s.id} share={s} clinicId={clinicId} doctors={doctors} defaultDoctor={defaultDoctor} />
          ))}
        </ul>
      )}
    </SharesFrame>
  );
}

function SharesFrame({ children }: { children: ReactNode }) {
  const t = useTranslations("abdmShares");
  return (
    <section aria-labelledby="counter-shares-title" className="rounded-xl border border-line bg-surface print:hidden" data-testid="counter-shares">
      <header className="border-b border-line bg-surface-sunken px-4 py-2">
        <h2 id="counter-shares-title" className="font-semibold text-ink">
          {t("title")}
        </h2>
        <p className="text-xs text-ink-muted">{t("hint")}</p>
      </header>
      {children}
    </section>
  );
}

function SharesLoading() {
  const t = useTranslations("abdmShares");
  return (
    <p className="p-4 text-sm text-ink-muted" role="status">
      {t("loading")}
    </p>
  );
}

/** The same box, loading, while the page does not yet know the clinic: the queue below does not move down when it does. */
export function CounterSharesPlaceholder() {
  return (
    <SharesFrame>
      <SharesLoading />
    </SharesFrame>
  );
}

function ShareRow({ share, clinicId, doctors, defaultDoctor }: { share: CounterShare; clinicId: string; doctors: { id: string; name: string }[]; defaultDoctor?: string }) {
  const t = useTranslations("abdmShares");
  const router = useRouter();
  const visit = useShareVisit(clinicId);
  const [doctorId, setDoctorId] = useState(defaultDoctor && doctors.some((d) => d.id === defaultDoctor) ? defaultDoctor : (doctors[0]?.id ?? ""));
  const selectId = `share-doctor-${share.id}`;
  const gender = (["M", "F", "O", "U"] as const).find((g) => g === share.gender) ?? "U";

  function issue() {
    visit.mutate(
      { shareId: share.id, doctorId },
      { onSuccess: (entry) => toast.success(t("issuedToast", { name: share.name, token: entry.tokenLabel ?? "" })) },
    );
  }
  function register() {
    // The share as an ABHA card's code, read again by the registration form (nothing parsed crosses pages),
    // and the visit to issue once it is saved: one step from the share to the OPD token.
    sessionStorage.setItem(ABHA_SCAN_STORAGE_KEY, share.cardPayload);
    const doctor = doctors.find((d) => d.id === doctorId);
    if (doctor) handShareVisitOver({ shareId: share.id, clinicId, doctorId: doctor.id, doctorName: doctor.name, tokenNumber: share.tokenNumber });
    router.push("/patients/new?from=abha");
  }
  const doctorName = doctors.find((d) => d.id === doctorId)?.name;
  const doctorSelect = (
    <div>
      <Label htmlFor={selectId} className="sr-only">
        {t("doctor", { name: share.name })}
      </Label>
      <Select id={selectId} value={doctorId} onChange={(e) => setDoctorId(e.target.value)}>
        <option value="" disabled>
          {t("chooseDoctor")}
        </option>
        {doctors.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </Select>
    </div>
  );

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid="counter-share">
      <Badge tone="neutral" className="font-mono">
        {t("shareToken", { token: share.tokenNumber })}
      </Badge>
      <div className="min-w-48 flex-1">
        <p className="font-medium text-ink">{share.name}</p>
        <p className="text-xs text-ink-muted">
          {t(`gender.${gender}`)} · {t("born", { year: share.yearOfBirth })} · {share.abhaAddress} · {t("counter", { counter: share.counter })}
        </p>
        <p className="text-xs text-ink-muted">{share.patientId ? t("known") : t("unknown")}</p>
      </div>
      {share.visitToken ? (
        <Badge tone="success">{t("issued", { token: share.visitToken })}</Badge>
      ) : share.patientId ? (
        <div className="flex flex-wrap items-end gap-2">
          {doctorSelect}
          <Button size="sm" onClick={issue} disabled={!doctorId || visit.isPending}>
            {t("issue")}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          {doctorSelect}
          <Button size="sm" variant="secondary" onClick={register} disabled={!doctorId} aria-describedby={`${selectId}-hint`}>
            {t("register")}
          </Button>
          <p id={`${selectId}-hint`} className="sr-only">
            {doctorName ? t("registerHint", { doctor: doctorName }) : t("chooseDoctor")}
          </p>
        </div>
      )}
      {visit.isError ? (
        <div className="w-full">
          <ProblemAlert error={visit.error} />
        </div>
      ) : null}
    </li>
  );
}
