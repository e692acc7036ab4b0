import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { ArrowRight, DoorOpen, Eraser, Settings, Siren, Stethoscope, Tv, type LucideIcon } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { DeliveryLogCard } from "@/components/settings/delivery-log-card";
import { PlatformConnectionCard } from "@/components/settings/platform-connection-card";
import { StaffSessionsCard } from "@/components/settings/staff-sessions-card";
import { WebhooksCard } from "@/components/settings/webhooks-card";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { getTranslator } from "@/lib/i18n/server";
import { requireStaff } from "@/lib/server/auth/session";
import { FeatureMessages } from "@/lib/i18n/feature-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("settings");
  return { title: t("pageTitle") };
}

export default async function SettingsPage() {
  await requireStaff("settings", "/settings");
  const t = await getTranslator("settings");
  const te = await getTranslator("erasure");
  const tDisplays = await getTranslator("displays.card");
  const tRooms = await getTranslator("rooms.card");
  const tMarks = await getTranslator("priorityMarks.card");
  return (
    <FeatureMessages features={["settings", "staffSessions"]}>
      <PageHeader title={t("title")} description={t("subtitle")} icon={<Settings className="size-5" />} />
      {/* Each card in its own Suspense boundary: React hydrates them one at a time, in slices it can interrupt, not the whole page in one long task. */}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <Suspense>
            <WebhooksCard />
          </Suspense>
          <Suspense>
            <DeliveryLogCard />
          </Suspense>
        </div>
        <div className="min-w-0 space-y-6">
          <SettingsLinkCard icon={Stethoscope} href="/settings/clinics" title={t("clinics.title")} body={t("clinics.body")} open={t("clinics.open")} />
          <SettingsLinkCard icon={Eraser} href="/settings/erasures" title={te("cardTitle")} body={te("cardBody")} open={te("open")} />
          <SettingsLinkCard icon={Tv} href="/settings/displays" title={tDisplays("title")} body={tDisplays("body")} open={tDisplays("open")} />
          <SettingsLinkCard icon={DoorOpen} href="/settings/rooms" title={tRooms("title")} body={tRooms("body")} open={tRooms("open")} />
          <SettingsLinkCard icon={Siren} href="/settings/priority-marks" title={tMarks("title")} body={tMarks("body")} open={tMarks("open")} />
          <Suspense>
            <PlatformConnectionCard />
          </Suspense>
          <Suspense>
            <StaffSessionsCard />
          </Suspense>
        </div>
      </div>
    </FeatureMessages>
  );
}

function SettingsLinkCard({ icon: Icon, href, title, body, open }: { icon: LucideIcon; href: string; title: string; body: string; open: string }) {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
        <Icon aria-hidden className="size-5" />
        {title}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{body}</p>
      <Link href={href} className={buttonClasses({ variant: "secondary", size: "sm", className: "mt-4" })}>
        {open}
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    </Card>
  );
}
