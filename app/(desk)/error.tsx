"use client";

import { useEffect } from "react";
import { RefreshCw, TriangleAlert } from "lucide-react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { StatusPage } from "@/components/ui/status-page";
import { pageHydrated } from "@/lib/i18n/page-hydrated";

export default function DeskError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations();
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : undefined;

  useEffect(() => {
    console.error(error);
  }, [error]);
  // No feature's words, so no <FeatureMessages> to say the page has hydrated (lib/i18n/intl-provider.tsx).
  useEffect(pageHydrated, []);

  return (
    <StatusPage
      icon={<TriangleAlert aria-hidden className="size-7" />}
      title={t("errorPage.title")}
      body={
        <>
          <p>{t("errorPage.body")}</p>
          {digest ? <p className="mt-2 font-mono text-xs text-ink-faint">{t("errorPage.reference", { digest })}</p> : null}
        </>
      }
      actions={
        <Button onClick={() => retry()}>
          <RefreshCw aria-hidden className="size-4" />
          {t("common.retry")}
        </Button>
      }
    />
  );
}
