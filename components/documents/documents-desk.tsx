"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import type { PatientSummary } from "@/lib/schemas/patient-summary";
import { PatientPicker } from "@/components/patients/patient-picker";
import { Card } from "@/components/ui/card";
import { PatientDocuments } from "./patient-documents";

/**
 * The upload page: pick the patient, then upload. `patientId` may name a patient the local index
 * has not seen yet (a link from elsewhere); uploads still go to that id.
 */
export function DocumentsDesk({ initial, patientId }: { initial: PatientSummary | null; patientId: string | null }) {
  const t = useTranslations("documents");
  const router = useRouter();
  const [patient, setPatient] = useState<PatientSummary | null>(initial);
  const [linkedId, setLinkedId] = useState(patientId);
  const current = patient?.id ?? linkedId;

  const choose = (p: PatientSummary | null) => {
    setPatient(p);
    setLinkedId(null);
    router.replace(p ? `/documents?patient=${encodeURIComponent(p.id)}` : "/documents", { scroll: false });
  };

  return (
    <div className="space-y-6">
      <Card className="p-4">
        <PatientPicker id="documents-patient" label={t("patientLabel")} value={patient} onChange={choose} />
        <p className="mt-2 text-sm text-ink-muted" data-testid="upload-target">
          {current ? t("uploadingFor", { patient: patient?.name ?? current }) : t("choosePatientFirst")}
        </p>
      </Card>
      {current ? <PatientDocuments patientId={current} /> : null}
    </div>
  );
}
