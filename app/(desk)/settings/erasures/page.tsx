import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { Eraser } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { ErasureLogTable } from "@/components/settings/erasure-log";
import { can } from "@/lib/access";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("erasure");
  return { title: t("pageTitle") };
}

export default async function ErasureLogPage() {
  const staff = await requireStaff("settings", "/settings/erasures");
  if (!can(staff.role, "patients.erase")) forbidden();
  const t = await getTranslator("erasure");
  return (
    <FeatureMessages features={["erasure"]}>
      <PageHeader title={t("title")} description={t("subtitle")} icon={<Eraser className="size-5" />} />
      <ErasureLogTable />
    </FeatureMessages>
  );
}
