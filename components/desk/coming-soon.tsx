import { Sparkles } from "lucide-react";
import type { Feature } from "@/lib/access";
import { PageHeader } from "@/components/layout/page-header";
import { FEATURE_ICONS } from "@/components/layout/feature-icons";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { getTranslator } from "@/lib/i18n/server";

type UpcomingFeature = Exclude<Feature, "drugs">;

/** An honest placeholder: names the feature and what it will do, without pretend data. */
export async function ComingSoon({ feature }: { feature: UpcomingFeature }) {
  const t = await getTranslator("comingSoon");
  const Icon = FEATURE_ICONS[feature];
  return (
    <>
      <PageHeader title={t(`${feature}.title`)} icon={<Icon className="size-5" />} />
      <Card className="max-w-2xl overflow-hidden">
        <div className="flex flex-col gap-5 p-6 sm:flex-row sm:items-start sm:p-8">
          <span aria-hidden className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-ink">
            <Sparkles className="size-6" />
          </span>
          <div className="min-w-0">
            <Badge tone="info">{t("badge")}</Badge>
            <p className="mt-3 text-base font-medium text-ink">{t(`${feature}.body`)}</p>
            <p className="mt-2 max-w-prose text-sm text-ink-muted">{t(`${feature}.detail`)}</p>
          </div>
        </div>
      </Card>
    </>
  );
}
