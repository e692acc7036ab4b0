import type { Metadata } from "next";
import Link from "next/link";
import { IndianRupee } from "lucide-react";
import { eq } from "drizzle-orm";
import { BillingSettingsForm, ClinicPicker } from "@/components/billing/billing-settings-form";
import { DayCloseCard } from "@/components/billing/day-close-card";
import { BillingAdminLinks } from "@/components/billing/billing-admin-links";
import { PageHeader } from "@/components/layout/page-header";
import { buttonClasses } from "@/components/ui/button";
import { can } from "@/lib/access";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { directoryEntries } from "@/lib/server/db/schema";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("billing");
  return { title: t("pageTitle") };
}

/** The clinic's price list, UPI id and receipt header; fees themselves are collected from the queue. */
export default async function BillingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await requireStaff("billing", "/billing");
  const t = await getTranslator("billing");
  const dashboard = await getTranslator("dashboard");
  const asked = (await searchParams).clinic;
  const clinics = await (await db()).select({ id: directoryEntries.platformId, name: directoryEntries.displayName }).from(directoryEntries).where(eq(directoryEntries.kind, "clinic"));
  const clinic = clinics.find((c) => c.id === asked)?.id ?? clinics[0]?.id ?? null;
  return (
    <FeatureMessages features={["billing"]}>
      <PageHeader
        title={t("pageTitle")}
        description={t("subtitle")}
        icon={<IndianRupee className="size-5" />}
        actions={
          can(staff.role, "billing.dashboard") ? (
            <Link href={clinic ? `/billing/dashboard?clinic=${encodeURIComponent(clinic)}` : "/billing/dashboard"} className={buttonClasses({ variant: "secondary" })}>
              {dashboard("open")}
            </Link>
          ) : null
        }
      />
      <div className="grid gap-6">
        {clinic ? <ClinicPicker clinics={clinics} clinicId={clinic} /> : null}
        <BillingAdminLinks clinicId={clinic} reconcile={can(staff.role, "billing.reconcile")} dayCloses={can(staff.role, "billing.reopenDay")} />
        {clinic && can(staff.role, "billing.collect") ? <DayCloseCard clinicId={clinic} mayReopen={can(staff.role, "billing.reopenDay")} /> : null}
        <BillingSettingsForm clinicId={clinic} mayEdit={can(staff.role, "billing.configure")} />
      </div>
    </FeatureMessages>
  );
}
