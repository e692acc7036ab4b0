"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useTheme } from "next-themes";
import { SegmentedControl } from "./segmented-control";
import { useMounted } from "./use-mounted";

type ThemeChoice = "light" | "dark" | "system";

/** The theme buttons; `labels` come from the server in the page's language (theme-toggle.tsx). */
export function ThemeToggleControl({ className, labels }: { className?: string; labels: Record<"label" | ThemeChoice, string> }) {
  const t = (key: keyof typeof labels) => labels[key];
  const { theme, setTheme } = useTheme();
  const mounted = useMounted();
  return (
    <SegmentedControl<ThemeChoice>
      label={t("label")}
      iconOnly
      className={className}
      value={mounted ? ((theme as ThemeChoice | undefined) ?? "system") : undefined}
      onChange={setTheme}
      options={[
        { value: "light", label: t("light"), icon: <Sun aria-hidden className="size-4" /> },
        { value: "dark", label: t("dark"), icon: <Moon aria-hidden className="size-4" /> },
        { value: "system", label: t("system"), icon: <Monitor aria-hidden className="size-4" /> },
      ]}
    />
  );
}
