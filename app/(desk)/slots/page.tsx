import type { Metadata } from "next";
import Link from "next/link";
import { Bot, CalendarDays } from "lucide-react";
import { SlotCalendar } from "@/components/slots/slot-calendar";
import { PageHeader } from "@/components/layout/page-header";
import { buttonClasses } from "@/components/ui/button";
import { can } from "@/lib/access";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => ((Array.isArray(v) ? v[0] : v) ?? "").slice(0, 64) || undefined;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("slots");
  return { title: t("pageTitle") };
}

export default async function SlotsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const staff = await requireStaff("slots", "/slots");
  const t = await getTranslator("slots");
  return (
    <FeatureMessages features={["slots"]}>
      <PageHeader
        title={t("title")}
        description={t("subtitle")}
        icon={<CalendarDays className="size-5" />}
        actions={
          can(staff.role, "assistant.sessions") ? (
            <Link href="/slots/assistant" className={buttonClasses({ variant: "secondary" })}>
              <Bot aria-hidden className="size-4" />
              {t("assistant.link")}
            </Link>
          ) : null
        }
      />
      <SlotCalendar start={{ doctor: first(params.doctor), clinic: first(params.clinic), week: first(params.week) }} canEditDirectory={can(staff.role, "settings.write")} />
    </FeatureMessages>
  );
}
