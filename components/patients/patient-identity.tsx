"use client";

import { UserRound } from "lucide-react";
import { useTranslations } from "use-intl";
import type { PatientSummary } from "@/lib/schemas/patient-summary";
import { ageOn, formatIsoDate } from "@/lib/schemas/patient-age";
import { todayInIndia } from "@/lib/schemas/india-today";
import { cn } from "@/components/ui/cn";
import { formatMobile } from "./format-mobile";

/**
 * Exactly who was chosen, before anything is done for them: name, age and sex, mobile and UHID,
 * each on its own labelled line, so two similar names cannot be confused at a glance.
 */
export function PatientIdentity({ patient, className, headingId }: { patient: PatientSummary; className?: string; headingId?: string }) {
  const t = useTranslations("patients");
  const age = patient.dob && patient.dob <= todayInIndia() ? ageOn(patient.dob, todayInIndia()) : null;
  const ageText = age ? (age.years > 0 ? t("identity.years", { years: age.years }) : t("identity.months", { months: age.months })) : null;
  const sex = patient.gender ? t(`gender.${patient.gender}`) : null;
  // A date or a mobile number is read whole: never broken across lines.
  const rows: [key: string, label: string, value: string, valueClass?: string][] = [
    ["ageSex", t("identity.ageSex"), [ageText, sex].filter(Boolean).join(" · ") || t("identity.notRecorded")],
    ["dob", t("fields.dob"), patient.dob ? formatIsoDate(patient.dob) : t("identity.notRecorded"), "whitespace-nowrap"],
    ["mobile", t("fields.mobile"), patient.mobile ? formatMobile(patient.mobile) : t("identity.notRecorded"), "tabular-nums whitespace-nowrap"],
    ["uhid", t("fields.uhid"), patient.uhid ?? t("identity.noUhid"), "tabular-nums"],
  ];
  return (
    <div className={cn("flex gap-3", className)} data-testid="patient-identity">
      <UserRound aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <p id={headingId} className="text-base font-semibold break-words text-ink">
          {patient.name}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          {rows.map(([key, label, value, valueClass]) => (
            <div key={key} className="contents">
              <dt className="text-ink-muted">{label}</dt>
              <dd className={cn("min-w-0 break-words text-ink", valueClass)}>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
