import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { CalendarCheck } from "lucide-react";
import { ClinicPicker } from "@/components/billing/billing-settings-form";
import { CashierDays } from "@/components/billing/cashier-days";
import { PageHeader } from "@/components/layout/page-header";
import { Card } from "@/components/ui/card";
import { can } from "@/lib/access";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { clinicChoice } from "@/lib/server/billing/clinic-choice";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("billingAdmin.dayCloses");
  return { title: t("pageTitle") };
}

/** Billing → Day closes (admins): every cashier's days at a clinic, and reopening one with a reason. */
export default async function DayClosesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await requireStaff("billing", "/billing/day-closes");
  if (!can(staff.role, "billing.reopenDay")) forbidden();
  const t = await getTranslator("billingAdmin.dayCloses");
  const { clinics, clinicId, today } = await clinicChoice((await searchParams).clinic);
  return (
    <FeatureMessages features={["billing", "billingAdmin"]}>
      <PageHeader title={t("pageTitle")} description={t("subtitle")} icon={<CalendarCheck className="size-5" />} />
      <div className="grid gap-6">
        {clinicId ? <ClinicPicker clinics={clinics} clinicId={clinicId} basePath="/billing/day-closes" /> : null}
        {clinicId && today ? <CashierDays key={clinicId} clinicId={clinicId} today={today} /> : <Card className="p-5 text-sm text-ink-muted">{t("empty")}</Card>}
      </div>
    </FeatureMessages>
  );
}
