import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { Pencil } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { PatientEditForm } from "@/components/patients/patient-edit-form";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { can } from "@/lib/access";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("patients.edit");
  return { title: t("pageTitle") };
}

export default async function EditPatientPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const staff = await requireStaff("patients", `/patients/${encodeURIComponent(id)}/edit`);
  if (!can(staff.role, "patients.write")) forbidden();
  const t = await getTranslator("patients.edit");
  return (
    <FeatureMessages features={["patients"]}>
      <PageHeader title={t("pageTitle")} icon={<Pencil className="size-5" />} />
      <PatientEditForm id={id} />
    </FeatureMessages>
  );
}
