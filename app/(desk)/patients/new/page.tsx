import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { UserPlus } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { RegistrationForm } from "@/components/patients/registration-form";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { can } from "@/lib/access";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("patients.register");
  return { title: t("pageTitle") };
}

export default async function RegisterPatientPage() {
  const staff = await requireStaff("patients", "/patients/new");
  if (!can(staff.role, "patients.write")) forbidden();
  const t = await getTranslator("patients.register");
  return (
    <FeatureMessages features={["patients", "abha", "abdmShares"]}>
      <PageHeader title={t("title")} description={t("subtitle")} icon={<UserPlus className="size-5" />} />
      <RegistrationForm />
    </FeatureMessages>
  );
}
