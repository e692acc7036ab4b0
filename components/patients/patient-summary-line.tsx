"use client";

import { useTranslations } from "use-intl";
import type { PatientSummary } from "@/lib/schemas/patient-summary";
import { formatIsoDate } from "@/lib/schemas/patient-age";
import { formatMobile } from "./format-mobile";

/** Name on the first line; gender, date of birth, mobile and UHID on the second. */
export function PatientSummaryLine({ patient }: { patient: PatientSummary }) {
  const t = useTranslations("patients");
  const facts = [
    patient.gender ? t(`gender.${patient.gender}`) : null,
    patient.dob ? formatIsoDate(patient.dob) : null,
    patient.mobile ? formatMobile(patient.mobile) : null,
    patient.uhid ? `${t("fields.uhid")} ${patient.uhid}` : null,
  ].filter(Boolean);
  return (
    <span className="block min-w-0">
      <span className="block truncate text-sm font-medium text-ink">{patient.name}</span>
      <span className="block truncate text-xs text-ink-muted">{facts.join(" · ")}</span>
    </span>
  );
}
