import type { Metadata } from "next";
import Link from "next/link";
import { ScrollText, Users } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/layout/page-header";
import { PatientSearch } from "@/components/patients/patient-search";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { can } from "@/lib/access";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("patients");
  return { title: t("pageTitle") };
}

export default async function PatientsPage() {
  const staff = await requireStaff("patients", "/patients");
  const t = await getTranslator("patients");
  return (
    <FeatureMessages features={["patients", "abha"]}>
      <PageHeader
        title={t("title")}
        description={t("subtitle")}
        icon={<Users className="size-5" />}
        actions={
          can(staff.role, "patients.audit") ? (
            <Link href="/patients/audit" className={buttonClasses({ variant: "secondary" })}>
              <ScrollText aria-hidden className="size-4" />
              {t("audit.link")}
            </Link>
          ) : undefined
        }
      />
      <PatientSearch canRegister={can(staff.role, "patients.write")} />
    </FeatureMessages>
  );
}
