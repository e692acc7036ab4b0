import type { ComponentProps } from "react";
import { cn } from "./cn";

export type BadgeTone = "neutral" | "primary" | "info" | "warning" | "danger" | "danger-strong" | "success";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-surface-sunken text-ink-muted ring-line",
  primary: "bg-primary-soft text-primary-soft-ink ring-primary/25",
  info: "bg-info-soft text-info-soft-ink ring-info-soft-ink/20",
  warning: "bg-warning-soft text-warning-soft-ink ring-warning/40",
  danger: "bg-danger-soft text-danger-soft-ink ring-danger/30",
  "danger-strong": "bg-danger text-danger-ink ring-danger font-semibold",
  success: "bg-success-soft text-success-soft-ink ring-success-soft-ink/20",
};

export function Badge({ tone = "neutral", className, ...props }: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn("inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap", tones[tone], className)}
      {...props}
    />
  );
}
