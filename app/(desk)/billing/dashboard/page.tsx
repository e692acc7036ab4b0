import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { ChartColumnBig } from "lucide-react";
import { eq } from "drizzle-orm";
import { OwnerDashboard } from "@/components/billing/dashboard/owner-dashboard";
import { PageHeader } from "@/components/layout/page-header";
import { Card } from "@/components/ui/card";
import { can } from "@/lib/access";
import { DASHBOARD_RANGES, type DashboardRange } from "@/lib/billing/dashboard-range";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { directoryEntries } from "@/lib/server/db/schema";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("dashboard");
  return { title: t("pageTitle") };
}

const first = (v: string | string[] | undefined) => ((Array.isArray(v) ? v[0] : v) ?? "").trim().slice(0, 100);

/** The owner's dashboard (admins): a clinic and period, from the address so a reload or a shared link keeps them. */
export default async function OwnerDashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await requireStaff("billing", "/billing/dashboard");
  if (!can(staff.role, "billing.dashboard")) forbidden();
  const t = await getTranslator("dashboard");
  const params = await searchParams;
  const clinics = await (await db()).select({ id: directoryEntries.platformId, name: directoryEntries.displayName }).from(directoryEntries).where(eq(directoryEntries.kind, "clinic"));
  const clinicId = clinics.find((c) => c.id === first(params.clinic))?.id ?? clinics[0]?.id ?? null;
  const asked = first(params.range);
  const range: DashboardRange = (DASHBOARD_RANGES as readonly string[]).includes(asked) ? (asked as DashboardRange) : "today";
  const custom = range === "custom" ? { from: first(params.from).slice(0, 10), to: first(params.to).slice(0, 10) } : {};
  return (
    <FeatureMessages features={["billing", "dashboard"]}>
      <PageHeader title={t("pageTitle")} description={t("subtitle")} icon={<ChartColumnBig className="size-5" />} />
      {clinicId ? (
        <OwnerDashboard key={clinicId} clinics={clinics} query={{ clinicId, range, ...custom }} />
      ) : (
        <Card className="p-5 text-sm text-ink-muted">{(await getTranslator("billing.settings"))("noClinic")}</Card>
      )}
    </FeatureMessages>
  );
}
