"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { MonitorPlay, Tv } from "lucide-react";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CardHeading, CardSection } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Checkbox, FieldError, Input, Label, Select } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiProblemError } from "@/lib/api-client/problem-error";
import { useDisplays, usePairDisplay, useRevokeDisplay } from "@/lib/api-client/displays";
import { useSettingsDirectory } from "@/lib/api-client/slots";
import { formatDateTime } from "@/lib/i18n/format";
import type { DisplayListItem } from "@/lib/schemas/displays";

function PairDisplayForm() {
  const t = useTranslations("displays.pair");
  const directory = useSettingsDirectory();
  const pair = usePairDisplay();
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [clinicId, setClinicId] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const errors = failure instanceof ApiProblemError ? (failure.problem.errors ?? {}) : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const doctors = chosen.map((doctorId) => ({ doctorId }));
    pair.mutate(
      { code, name, clinicId, doctors },
      {
        onSuccess: (d) => {
          toast.success(t("done", { name: d.name }));
          setCode("");
          setName("");
          setChosen([]);
        },
        onError: (err) => {
          setFailure(err);
          const first = err instanceof ApiProblemError ? Object.keys(err.problem.errors ?? {})[0] : undefined;
          const id = first === "code" ? "display-code" : first === "name" ? "display-name" : first === "clinicId" ? "display-clinic" : undefined;
          if (id) document.getElementById(id)?.focus();
        },
      },
    );
  };

  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <CardSection className="p-5" aria-labelledby="pair-display-title">
      <CardHeading id="pair-display-title" icon={Tv}>
        {t("title")}
      </CardHeading>
      <p className="mt-1 text-sm text-ink-muted">{t("howTo", { url: `${origin}/display` })}</p>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        {failure && !Object.keys(errors).length ? <ProblemAlert error={failure} /> : null}
        <div>
          <Label htmlFor="display-code">{t("code")}</Label>
          <Input
            id="display-code"
            className="mt-1.5 max-w-56 font-mono text-lg tracking-widest uppercase"
            autoComplete="off"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            invalid={!!errors.code}
            aria-describedby={errors.code ? "display-code-error" : "display-code-hint"}
          />
          {errors.code ? <FieldError id="display-code-error">{errors.code}</FieldError> : <p id="display-code-hint" className="mt-1 text-xs text-ink-muted">{t("codeHint")}</p>}
        </div>
        <div>
          <Label htmlFor="display-name">{t("name")}</Label>
          <Input
            id="display-name"
            className="mt-1.5"
            placeholder={t("namePlaceholder")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            invalid={!!errors.name}
            aria-describedby={errors.name ? "display-name-error" : undefined}
          />
          <FieldError id="display-name-error">{errors.name}</FieldError>
        </div>
        <div>
          <Label htmlFor="display-clinic">{t("clinic")}</Label>
          {directory.isPending ? (
            <Skeleton className="mt-1.5 h-10 w-full" />
          ) : directory.error ? (
            <div className="mt-1.5">
              <ProblemAlert error={directory.error} onRetry={() => void directory.refetch()} />
            </div>
          ) : (
            <Select
              id="display-clinic"
              className="mt-1.5 h-10"
              value={clinicId}
              onChange={(e) => setClinicId(e.target.value)}
              aria-invalid={!!errors.clinicId || undefined}
              aria-describedby={errors.clinicId ? "display-clinic-error" : directory.data.clinics.length ? undefined : "display-clinic-none"}
            >
              <option value="">{t("chooseClinic")}</option>
              {directory.data.clinics.map((c) => (
                <option key={c.platformId} value={c.platformId}>
                  {c.displayName}
                </option>
              ))}
            </Select>
          )}
          {directory.data && !directory.data.clinics.length ? (
            <p id="display-clinic-none" className="mt-1 text-sm text-ink-muted">
              {t("noClinics")}
            </p>
          ) : null}
          <FieldError id="display-clinic-error">{errors.clinicId}</FieldError>
        </div>
        {directory.data?.doctors.length ? (
          <fieldset>
            <legend className="text-sm font-medium text-ink">{t("doctors")}</legend>
            <p className="mt-0.5 text-xs text-ink-muted">{t("doctorsHint")}</p>
            <p className="mt-0.5 text-xs text-ink-muted">
              {t("roomsFrom")}{" "}
              <Link href="/settings/rooms" className="font-medium text-primary underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-focus">
                {t("roomsLink")}
              </Link>
            </p>
            <ul className="mt-2 space-y-2">
              {directory.data.doctors.map((d) => (
                <li key={d.platformId}>
                  <Checkbox
                    label={d.displayName}
                    checked={chosen.includes(d.platformId)}
                    onChange={(e) => setChosen((c) => (e.target.checked ? [...c, d.platformId] : c.filter((id) => id !== d.platformId)))}
                  />
                </li>
              ))}
            </ul>
            <FieldError id="display-doctors-error">{errors.doctors ?? Object.entries(errors).find(([k]) => k.startsWith("doctors."))?.[1]}</FieldError>
          </fieldset>
        ) : null}
        <Button type="submit" disabled={pair.isPending}>
          <MonitorPlay aria-hidden className="size-4" />
          {t("submit")}
        </Button>
      </form>
    </CardSection>
  );
}

function DisplaysList() {
  const t = useTranslations("displays.list");
  const { data, error, isPending, refetch } = useDisplays();
  const revoke = useRevokeDisplay();
  const [asking, setAsking] = useState<DisplayListItem | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  return (
    <CardSection className="p-5" aria-labelledby="displays-list-title">
      <CardHeading id="displays-list-title" icon={Tv}>
        {t("title")}
      </CardHeading>
      {failure ? (
        <div className="mt-3">
          <ProblemAlert error={failure} />
        </div>
      ) : null}
      {isPending ? (
        <div className="mt-4 space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : error ? (
        <div className="mt-4">
          <ProblemAlert error={error} onRetry={() => void refetch()} returnTo="/settings/displays" />
        </div>
      ) : data.displays.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">{t("empty")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line" aria-label={t("label")}>
          {data.displays.map((d) => (
            <li key={d.id} data-display={d.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-ink">{d.name}</p>
                <p className="text-sm text-ink-muted">
                  {d.clinicName} · {d.doctors.length ? d.doctors.map((doc) => (doc.room ? `${doc.doctorName} (${doc.room})` : doc.doctorName)).join(", ") : t("allDoctors")}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {d.connected ? (
                  <Badge tone="success">{t("connected")}</Badge>
                ) : (
                  <Badge tone="neutral">{d.lastSeenAt ? t("lastSeen", { at: formatDateTime(d.lastSeenAt) }) : t("neverSeen")}</Badge>
                )}
                <Button variant="secondary" size="sm" aria-label={t("revokeFor", { name: d.name })} onClick={() => setAsking(d)}>
                  {t("revoke")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t("confirmTitle", { name: asking?.name ?? "" })}
        confirmLabel={t("confirm")}
        cancelLabel={t("cancel")}
        busy={revoke.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const d = asking!;
          setFailure(null);
          revoke.mutate(d.id, {
            onSuccess: () => toast.success(t("revoked", { name: d.name })),
            onError: setFailure,
            onSettled: () => setAsking(null),
          });
        }}
      >
        {t("confirmBody")}
      </ConfirmDialog>
    </CardSection>
  );
}

/** Settings → Displays: pair a waiting-room TV by the code it shows, see the paired ones, revoke one. */
export function DisplaysSettings() {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <PairDisplayForm />
      <DisplaysList />
    </div>
  );
}
