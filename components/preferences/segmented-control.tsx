"use client";

import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export type SegmentOption<V extends string> = { value: V; label: string; icon?: ReactNode; lang?: string; className?: string };

/** A small group of toggle buttons where exactly one is pressed (theme, language). */
export function SegmentedControl<V extends string>({
  label,
  options,
  value,
  onChange,
  iconOnly = false,
  className,
}: {
  label: string;
  options: SegmentOption<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  iconOnly?: boolean;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={cn("inline-flex rounded-lg border border-line bg-surface-sunken p-0.5", className)}>
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            lang={option.lang}
            aria-pressed={pressed}
            aria-label={iconOnly ? option.label : undefined}
            title={iconOnly ? option.label : undefined}
            onClick={() => onChange(option.value)}
            className={cn(
              "inline-flex h-7 min-w-7 flex-1 items-center justify-center gap-1.5 rounded-md px-2 text-xs font-medium transition-colors",
              "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus",
              pressed ? "bg-surface text-ink shadow-sm ring-1 ring-line" : "text-ink-muted hover:text-ink",
              option.className,
            )}
          >
            {option.icon}
            {iconOnly ? null : option.label}
          </button>
        );
      })}
    </div>
  );
}
