"use client";

import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { isBuiltInMark } from "@/lib/queue/priority-marks";
import type { PriorityMark } from "@/lib/queue/priority-marks";

/** The visit's OPD token, large enough to read across a desk; a dash until the patient arrives. */
export function TokenBadge({ label, className }: { label: string | null; className?: string }) {
  const t = useTranslations("queue.token");
  if (!label) return null;
  return (
    <span
      data-token={label}
      aria-label={t("aria", { token: label })}
      className={cn("inline-flex items-center rounded-md bg-primary px-2 py-0.5 font-mono text-sm font-bold tracking-wide text-primary-ink tabular-nums", className)}
    >
      {label}
    </span>
  );
}

/** The name of a priority mark in the page's language (the clinic's own marks carry their label). */
export function usePriorityName() {
  const t = useTranslations("queue.priority");
  return (key: string, marks: readonly PriorityMark[]) => {
    if (isBuiltInMark(key)) return t(key);
    return marks.find((m) => m.key === key)?.label ?? key;
  };
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
