import type { Metadata } from "next";
import { cookies } from "next/headers";
import { ListOrdered } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { QueueBoard } from "@/components/queue/queue-board";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { queueStart } from "@/lib/server/queue/queue-start";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => ((Array.isArray(v) ? v[0] : v) ?? "").slice(0, 64) || undefined;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("queue");
  return { title: t("pageTitle") };
}

export default async function TodayQueuePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const staff = await requireStaff("queue", "/appointments/today");
  const t = await getTranslator("queue");
  const day = first(params.day);
  const start = await queueStart(staff, { clinic: first(params.clinic), day: day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined, doctor: first(params.doctor) }, await cookies());
  return (
    <FeatureMessages features={["queue", "opdSlips", "billing", "abdmShares"]}>
      <PageHeader title={t("title")} description={t("subtitle")} icon={<ListOrdered className="size-5" />} />
      <QueueBoard start={start} viewer={{ role: staff.role, doctorId: start.ownDoctor ?? null }} />
    </FeatureMessages>
  );
}
