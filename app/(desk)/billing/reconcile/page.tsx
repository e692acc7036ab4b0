import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { Scale } from "lucide-react";
import { ClinicPicker } from "@/components/billing/billing-settings-form";
import { ReconcileList } from "@/components/billing/reconcile-list";
import { PageHeader } from "@/components/layout/page-header";
import { Card } from "@/components/ui/card";
import { can } from "@/lib/access";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { clinicChoice } from "@/lib/server/billing/clinic-choice";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("billingAdmin.reconcile");
  return { title: t("pageTitle") };
}

/** Billing → Reconcile (admins): the platform's receipts matched to the counter's, or listed for a person to decide. */
export default async function ReconcilePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await requireStaff("billing", "/billing/reconcile");
  if (!can(staff.role, "billing.reconcile")) forbidden();
  const t = await getTranslator("billingAdmin.reconcile");
  const { clinics, clinicId, today } = await clinicChoice((await searchParams).clinic);
  return (
    <FeatureMessages features={["billing", "billingAdmin"]}>
      <PageHeader title={t("pageTitle")} description={t("subtitle")} icon={<Scale className="size-5" />} />
      <div className="grid gap-6">
        {clinicId ? <ClinicPicker clinics={clinics} clinicId={clinicId} basePath="/billing/reconcile" /> : null}
        {clinicId && today ? <ReconcileList key={clinicId} clinicId={clinicId} today={today} /> : <Card className="p-5 text-sm text-ink-muted">{t("open.empty")}</Card>}
      </div>
    </FeatureMessages>
  );
}
