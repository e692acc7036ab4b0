import type { Metadata } from "next";
import { Building2 } from "lucide-react";
import { ClinicDirectoryEditor } from "@/components/settings/clinic-directory";
import { PageHeader } from "@/components/layout/page-header";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { platformDemo } from "@/lib/server/platform-demo";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("slots.directory");
  return { title: t("title") };
}

export default async function ClinicDirectoryPage() {
  await requireStaff("settings", "/settings/clinics");
  const t = await getTranslator("slots.directory");
  return (
    <FeatureMessages features={["slots"]}>
      <PageHeader title={t("title")} description={t(platformDemo() ? "subtitleSandbox" : "subtitle")} icon={<Building2 className="size-5" />} />
      <ClinicDirectoryEditor />
    </FeatureMessages>
  );
}
