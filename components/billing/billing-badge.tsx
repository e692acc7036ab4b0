"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatPaise } from "@/lib/billing/money";
import type { BillingState } from "@/lib/schemas/billing";

const TONES: Record<BillingState["state"], BadgeTone> = { paid: "success", due: "warning", prepay_missing: "danger", free: "neutral" };

/** Paid, due (with the amount), pre-pay missing or free, on a queue row; a link to collect for those who may. */
export function BillingBadge({ billing, appointmentId, patient, mayCollect }: { billing: BillingState | null | undefined; appointmentId: string; patient: string; mayCollect: boolean }) {
  const t = useTranslations("billing");
  if (!billing) return null;
  const words = billing.state === "paid" || billing.state === "free" ? t(`state.${billing.state}`) : t(`stateWithAmount.${billing.state}`, { amount: formatPaise(billing.duePaise) });
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge tone={TONES[billing.state]} data-billing={billing.state}>
        {words}
      </Badge>
      {mayCollect && billing.state !== "free" ? (
        <Link
          href={`/billing/visits/${encodeURIComponent(appointmentId)}`}
          aria-label={t(billing.duePaise > 0 ? "collectFor" : "billFor", { patient })}
          className="text-xs font-medium text-primary underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-focus"
        >
          {t(billing.duePaise > 0 ? "collect" : "bill")}
        </Link>
      ) : null}
    </span>
  );
}
