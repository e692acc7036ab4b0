import type { Metadata } from "next";
import { Siren } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { PriorityMarksSettings } from "@/components/settings/priority-marks-settings";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("priorityMarks");
  return { title: t("pageTitle") };
}

export default async function PriorityMarksSettingsPage() {
  await requireStaff("settings", "/settings/priority-marks");
  const t = await getTranslator("priorityMarks");
  return (
    <FeatureMessages features={["priorityMarks", "queue"]}>
      <PageHeader title={t("title")} description={t("subtitle")} icon={<Siren className="size-5" />} />
      <PriorityMarksSettings />
    </FeatureMessages>
  );
}
