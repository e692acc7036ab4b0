"use client";

import { useSyncExternalStore } from "react";
import { RefreshCw } from "lucide-react";
import { useTranslations } from "use-intl";
import { deskOutdated } from "@/lib/api-client/problem-error";
import { Button } from "@/components/ui/button";

/**
 * "The desk was updated: reload this page", once any request of this page met an answer from
 * another build of the desk (lib/api-client/http.ts refused to read it). Page-wide, above everything,
 * because a mutation's failure may only show as a toast and the next click would meet the same. At the
 * foot of the window: the top holds the sandbox banner and the toasts, which it must not cover.
 */
export function DeskUpdatedNotice() {
  const outdated = useSyncExternalStore(deskOutdated.subscribe, deskOutdated.get, deskOutdated.getServer);
  const t = useTranslations("problems");
  if (!outdated) return null;
  return (
    <div role="alert" data-testid="desk-updated" className="fixed inset-x-0 bottom-0 z-[60] border-t border-warning/50 bg-warning-soft px-4 py-3 text-warning-soft-ink shadow-md">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{t("outdated")}</p>
          <p className="text-sm">{t("outdatedDetail")}</p>
        </div>
        <Button size="sm" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden className="size-4" />
          {t("reload")}
        </Button>
      </div>
    </div>
  );
}
