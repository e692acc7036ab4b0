"use client";

import { useEffect, useRef } from "react";
import { Copy, KeyRound } from "lucide-react";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import type { SigningKeyIssued } from "@/lib/schemas/webhook-settings";

/** The one time a signing key is shown; closing it forgets the key in the browser too. */
export function SigningKeyOnce({ issued, onDone }: { issued: SigningKeyIssued; onDone: () => void }) {
  const t = useTranslations("settings.webhooks");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="region" aria-labelledby="key-once-title" className="rounded-lg border border-warning/50 bg-warning-soft p-4 text-warning-soft-ink focus-visible:outline-2 focus-visible:outline-focus">
      <p id="key-once-title" className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden className="size-4" />
        {t("keyOnceTitle", { id: issued.subscriptionId })}
      </p>
      {issued.replaces ? <p className="mt-1 text-sm font-medium">{t("keyOnceReplaces", { id: issued.subscriptionId, old: issued.replaces })}</p> : null}
      <p className="mt-1 text-sm">{t("keyOnceBody")}</p>
      <code data-testid="signing-key" className="mt-3 block rounded-md bg-surface px-3 py-2 font-mono text-sm break-all text-ink">
        {issued.signingKey}
      </code>
      <div className="mt-3 flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            void navigator.clipboard.writeText(issued.signingKey).then(
              () => toast.success(t("keyCopied")),
              () => toast.error(t("keyCopied")),
            )
          }
        >
          <Copy aria-hidden className="size-4" />
          {t("copyKey")}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t("hideKey")}
        </Button>
      </div>
    </div>
  );
}
