import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { Bot } from "lucide-react";
import { AssistantSessionPanel } from "@/components/slots/assistant-session-panel";
import { PageHeader } from "@/components/layout/page-header";
import { can } from "@/lib/access";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("slots.assistant");
  return { title: t("title") };
}

export default async function AssistantSessionsPage() {
  const staff = await requireStaff("slots", "/slots/assistant");
  if (!can(staff.role, "assistant.sessions")) forbidden();
  const t = await getTranslator("slots.assistant");
  return (
    <FeatureMessages features={["slots"]}>
      <PageHeader title={t("title")} description={t("subtitle")} icon={<Bot className="size-5" />} />
      <AssistantSessionPanel />
    </FeatureMessages>
  );
}
