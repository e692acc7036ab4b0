"use client";

import { useLocale, useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { isBuiltInMark, markName } from "@/lib/queue/priority-marks";
import type { PriorityMark } from "@/lib/queue/priority-marks";

const TOKEN_TONES = {
  primary: "bg-primary text-primary-ink",
  /** A token with a priority mark, in the "next" list. */
  priority: "bg-warning-soft text-warning-soft-ink ring-1 ring-inset ring-warning/40",
  /** A skipped token sitting out its calls. */
  muted: "bg-surface-sunken text-ink-muted ring-1 ring-inset ring-line",
} as const;

/** The visit's OPD token, large enough to read across a desk; nothing until the patient arrives. */
export function TokenBadge({ label, tone = "primary", className }: { label: string | null; tone?: keyof typeof TOKEN_TONES; className?: string }) {
  const t = useTranslations("queue.token");
  if (!label) return null;
  return (
    <span data-token={label} aria-label={t("aria", { token: label })} className={cn("inline-flex items-center rounded-md px-2 py-0.5 font-mono text-sm font-bold tracking-wide whitespace-nowrap tabular-nums", TOKEN_TONES[tone], className)}>
      {label}
    </span>
  );
}

/** The name of a priority mark in the page's language (the clinic's own marks carry their label). */
/** A mark's name in the page's language (Settings → Priority marks), a retired one too. */
export function usePriorityName() {
  const t = useTranslations("queue.priority");
  const locale = useLocale();
  return (key: string, marks: readonly PriorityMark[]) => markName(key, marks, locale, (k) => (isBuiltInMark(k) ? t(k) : null));
}

export function PriorityBadge({ priority, marks }: { priority: string | null; marks: readonly PriorityMark[] }) {
  const name = usePriorityName();
  if (!priority) return null;
  return (
    <Badge tone={priority === "emergency" ? "danger-strong" : "warning"} data-priority={priority}>
      {name(priority, marks)}
    </Badge>
  );
}
