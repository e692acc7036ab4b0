"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import type { PatientSummary } from "@/lib/schemas/patient-summary";
import { PatientPicker } from "./patient-picker";

/** The audit filter's patient: picked by name, sent as the `patient` id of the GET form. */
export function AuditPatientFilter({ initial }: { initial: PatientSummary | null }) {
  const t = useTranslations("patients.audit");
  const [patient, setPatient] = useState<PatientSummary | null>(initial);
  return (
    <>
      <PatientPicker id="audit-patient" label={t("filterPatient")} value={patient} onChange={setPatient} />
      <input type="hidden" name="patient" value={patient?.id ?? ""} />
    </>
  );
}
