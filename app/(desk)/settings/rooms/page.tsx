import type { Metadata } from "next";
import { DoorOpen } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { RoomsSettings } from "@/components/settings/rooms-settings";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("rooms");
  return { title: t("pageTitle") };
}

export default async function RoomsSettingsPage() {
  await requireStaff("settings", "/settings/rooms");
  const t = await getTranslator("rooms");
  return (
    <FeatureMessages features={["rooms"]}>
      <PageHeader title={t("title")} description={t("subtitle")} icon={<DoorOpen className="size-5" />} />
      <RoomsSettings />
    </FeatureMessages>
  );
}
