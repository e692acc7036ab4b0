"use client";

import { ErasePatientButton } from "./erase-patient-button";
import type { ReactNode } from "react";
import Link from "next/link";
import { ArrowLeft, Pencil } from "lucide-react";
import { useTranslations } from "use-intl";
import { usePatientProfile } from "@/lib/api-client/patients";
import { ApiProblemError } from "@/lib/api-client/http";
import type { PatientProfile } from "@/lib/schemas/patients";
import { ageOn, formatIsoDate } from "@/lib/schemas/patient-age";
import { todayInIndia } from "@/lib/schemas/india-today";
import { formatDateTime } from "@/lib/i18n/format";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMobile } from "./format-mobile";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-ink-muted">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

function ExtrasList({ extras }: { extras: Record<string, unknown> }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {Object.entries(extras).map(([key, value]) => (
        <Fact key={key} label={key}>
          {Array.isArray(value)
            ? value.map(String).join(", ")
            : value && typeof value === "object"
              ? Object.entries(value)
                  .map(([k, v]) => `${k}: ${String(v)}`)
                  .join(" · ")
              : String(value)}
        </Fact>
      ))}
    </dl>
  );
}

/** A patient's profile (proper case, age in years and months) and the directory data the clinic sent. */
export function PatientProfileView({ id, canEdit, canErase = false }: { id: string; canEdit: boolean; canErase?: boolean }) {
  const t = useTranslations("patients");
  const query = usePatientProfile(id);
  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t("profile.loadingLabel")} className="grid gap-4">
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-40" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiProblemError && query.error.status === 404;
    return notFound ? (
      <Card className="p-6">
        <p className="font-medium text-ink">{t("profile.notFound")}</p>
        <Link href="/patients" className={buttonClasses({ variant: "secondary", size: "sm", className: "mt-4" })}>
          {t("profile.back")}
        </Link>
      </Card>
    ) : (
      <ProblemAlert error={query.error} onRetry={() => void query.refetch()} returnTo={`/patients/${id}`} />
    );
  }
  return <ProfileDetails profile={query.data} canEdit={canEdit} canErase={canErase} />;
}

function ProfileDetails({ profile: p, canEdit, canErase }: { profile: PatientProfile; canEdit: boolean; canErase: boolean }) {
  const t = useTranslations("patients");
  const age = ageOn(p.dob, todayInIndia());
  const none = <span className="text-ink-faint">—</span>;
  const address = p.directory?.address;
  const addressText = address ? [address.line1, address.line2, address.city, address.state, address.pin, address.country].filter(Boolean).join(", ") : "";
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <Link href="/patients" className="inline-flex items-center gap-1 text-sm text-ink-muted hover:text-ink">
            <ArrowLeft aria-hidden className="size-4" />
            {t("profile.back")}
          </Link>
          <h1 className="mt-2 text-2xl font-semibold tracking-tight text-ink">{p.displayName}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            {p.gender ? <Badge>{t(`gender.${p.gender}`)}</Badge> : null}
            <span>{t("profile.age", { years: age.years, months: age.months })}</span>
            {p.uhid ? <Badge tone="info">{`${t("fields.uhid")} ${p.uhid}`}</Badge> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canEdit ? (
            <Link href={`/patients/${p.id}/edit`} className={buttonClasses({ variant: "secondary" })} aria-keyshortcuts="E">
              <Pencil aria-hidden className="size-4" />
              {t("profile.edit")}
            </Link>
          ) : null}
          {canErase ? <ErasePatientButton patientId={p.id} name={p.displayName} /> : null}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-5">
          <h2 className="text-base font-semibold text-ink">{t("profile.profileSection")}</h2>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <Fact label={t("fields.dob")}>
              {formatIsoDate(p.dob)}
              {p.dobFromAge ? <span className="ml-2 text-xs text-ink-muted">({t("profile.approximateDob")})</span> : null}
            </Fact>
            <Fact label={t("fields.bloodGroup")}>{p.bloodGroup ?? none}</Fact>
            <Fact label={t("fields.abha")}>{p.abha ?? none}</Fact>
            <Fact label={t("fields.abhaNumber")}>{p.abhaNumber ? <span className="tabular-nums">{p.abhaNumber}</span> : none}</Fact>
            <Fact label={t("fields.id")}>
              <span className="font-mono text-xs">{p.id}</span>
            </Fact>
            <Fact label={t("fields.createdAt")}>{formatDateTime(p.createdAt)}</Fact>
            <Fact label={t("fields.updatedAt")}>{formatDateTime(p.updatedAt)}</Fact>
          </dl>
        </Card>
        <Card className="p-5">
          <h2 className="text-base font-semibold text-ink">{t("profile.contactSection")}</h2>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <Fact label={t("fields.mobile")}>{p.mobile ? <a href={`tel:${p.mobile}`}>{formatMobile(p.mobile)}</a> : none}</Fact>
            <Fact label={t("fields.email")}>{p.email ?? none}</Fact>
          </dl>
          <h2 className="mt-6 text-base font-semibold text-ink">{t("profile.directory")}</h2>
          {p.directory ? (
            <dl className="mt-4 grid gap-4 sm:grid-cols-2">
              <Fact label={t("fields.designation")}>{p.directory.designation ?? none}</Fact>
              <Fact label={t("fields.address")}>{addressText || none}</Fact>
            </dl>
          ) : (
            <p className="mt-2 text-sm text-ink-muted">{t("profile.directoryNone")}</p>
          )}
        </Card>
      </div>
      {Object.keys(p.extras).length ? (
        <Card className="p-5">
          <h2 className="mb-4 text-base font-semibold text-ink">{t("fields.extras")}</h2>
          <ExtrasList extras={p.extras} />
        </Card>
      ) : null}
    </div>
  );
}
