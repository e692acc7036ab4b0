"use client";

import { useDeferredValue } from "react";
import { Plug } from "lucide-react";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge } from "@/components/ui/badge";
import { CardHeading, CardSection } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { usePlatformConnection } from "@/lib/api-client/webhook-settings";

const PLACEHOLDER_ROWS = ["mode", "baseUrl", "clientId", "encryption", "issuer", "jwks", "timeout", "database"] as const;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="text-sm break-all text-ink sm:col-span-2">{children}</dd>
    </div>
  );
}

export function PlatformConnectionCard() {
  const t = useTranslations("settings.platform");
  // Drawn in an interruptible render (a transition), not one long task when the answer arrives.
  const { data, error, isPending, refetch } = useDeferredValue(usePlatformConnection());
  return (
    <CardSection className="p-5" aria-labelledby="platform-title">
      <CardHeading id="platform-title" icon={Plug}>
        {t("title")}
      </CardHeading>
      {isPending ? (
        // The same rows, labelled, with placeholder values: the card keeps its height when they arrive.
        <dl className="mt-3 divide-y divide-line" aria-hidden data-testid="platform-placeholder">
          {PLACEHOLDER_ROWS.map((key) => (
            <Row key={key} label={t(key)}>
              <Skeleton className={key === "jwks" || key === "issuer" ? "h-10 w-full sm:h-5" : "h-5 w-1/2"} />
            </Row>
          ))}
        </dl>
      ) : error ? (
        <div className="mt-4">
          <ProblemAlert error={error} onRetry={() => void refetch()} returnTo="/settings" />
        </div>
      ) : (
        <dl className="mt-3 divide-y divide-line">
          <Row label={t("mode")}>
            <Badge tone={data.mode === "sandbox" ? "warning" : "success"}>{data.mode === "sandbox" ? t("sandbox") : t("live")}</Badge>
          </Row>
          <Row label={t("baseUrl")}>{data.baseUrl}</Row>
          <Row label={t("clientId")}>{data.clientId}</Row>
          <Row label={t("encryption")}>{data.encryption.enabled ? t("encryptionOn", { kid: data.encryption.kid ?? "" }) : t("encryptionOff")}</Row>
          <Row label={t("issuer")}>{data.identityProvider.issuer}</Row>
          <Row label={t("jwks")}>{data.identityProvider.jwksUrl}</Row>
          <Row label={t("timeout")}>{t("seconds", { seconds: data.timeoutMs / 1000 })}</Row>
          <Row label={t("database")}>{data.database === "postgres" ? "PostgreSQL" : "PGlite"}</Row>
        </dl>
      )}
    </CardSection>
  );
}
