import type { Metadata } from "next";
import { IndianRupee } from "lucide-react";
import { CollectPanel } from "@/components/billing/collect-panel";
import { PageHeader } from "@/components/layout/page-header";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("billing");
  return { title: t("visit.title") };
}

/** Collect a visit's fee: cash with change, UPI by QR, card, split, concession. */
export default async function CollectPage({ params }: { params: Promise<{ appointmentId: string }> }) {
  const { appointmentId } = await params;
  await requireStaff("billing", `/billing/visits/${encodeURIComponent(appointmentId)}`);
  const t = await getTranslator("billing");
  return (
    <FeatureMessages features={["billing"]}>
      <PageHeader title={t("visit.title")} icon={<IndianRupee className="size-5" />} />
      <CollectPanel appointmentId={appointmentId} />
    </FeatureMessages>
  );
}
