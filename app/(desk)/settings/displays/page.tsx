import type { Metadata } from "next";
import { Tv } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { DisplaysSettings } from "@/components/settings/displays-settings";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("displays");
  return { title: t("pageTitle") };
}

export default async function DisplaysSettingsPage() {
  await requireStaff("settings", "/settings/displays");
  const t = await getTranslator("displays");
  return (
    <FeatureMessages features={["displays"]}>
      <PageHeader title={t("title")} description={t("subtitle")} icon={<Tv className="size-5" />} />
      <DisplaysSettings />
    </FeatureMessages>
  );
}
