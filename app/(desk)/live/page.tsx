import type { Metadata } from "next";
import { Radio } from "lucide-react";
import { LiveFeed } from "@/components/live/live-feed";
import { PageHeader } from "@/components/layout/page-header";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("live");
  return { title: t("pageTitle") };
}

export default async function LivePage() {
  await requireStaff("live", "/live");
  const t = await getTranslator("live");
  return (
    <FeatureMessages features={["live"]}>
      <PageHeader title={t("title")} description={t("subtitle")} icon={<Radio className="size-5" />} />
      <LiveFeed />
    </FeatureMessages>
  );
}
