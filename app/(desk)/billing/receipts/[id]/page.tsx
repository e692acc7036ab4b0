import type { Metadata } from "next";
import { ReceiptText } from "lucide-react";
import { ReceiptDesk } from "@/components/billing/receipt-desk";
import { PageHeader } from "@/components/layout/page-header";
import { can } from "@/lib/access";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("billing");
  return { title: t("receipt.pageHeading") };
}

/** One receipt as it prints (80 mm roll or A5), with the refund form. */
export default async function ReceiptPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params;
  const paper = (await searchParams).paper === "a5" ? "a5" : "roll";
  const staff = await requireStaff("billing", `/billing/receipts/${encodeURIComponent(id)}`);
  const t = await getTranslator("billing");
  return (
    <FeatureMessages features={["billing"]}>
      <div className="print:hidden">
        <PageHeader title={t("receipt.pageHeading")} icon={<ReceiptText className="size-5" />} />
      </div>
      <ReceiptDesk id={id} mayRefund={can(staff.role, "billing.refund")} initialPaper={paper} />
    </FeatureMessages>
  );
}
