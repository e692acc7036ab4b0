import type { Metadata } from "next";
import { PatientDocuments } from "@/components/documents/patient-documents";
import { PatientProfileView } from "@/components/patients/patient-profile-view";
import { PatientAppointments } from "@/components/queue/patient-appointments";
import { can, canUse } from "@/lib/access";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("patients.profile");
  return { title: t("title") };
}

/** One patient; `id` is the platform's profile oid. */
export default async function PatientPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const staff = await requireStaff("patients", `/patients/${encodeURIComponent(id)}`);
  return (
    <FeatureMessages features={["patients", "erasure", "queue", "opdSlips", "billing", "documents"]}>
      <div className="grid gap-6">
        <PatientProfileView id={id} canEdit={can(staff.role, "patients.write")} canErase={can(staff.role, "patients.erase")} />
        {canUse(staff.role, "queue") ? <PatientAppointments patientId={id} /> : null}
        {canUse(staff.role, "documents") ? <PatientDocuments patientId={id} /> : null}
      </div>
    </FeatureMessages>
  );
}
