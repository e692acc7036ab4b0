"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { SegmentedControl } from "./segmented-control";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** The language buttons; `labels` come from the server in the page's language (language-switch.tsx). */
export function LanguageSwitchControl({ className, locale, labels }: { className?: string; locale: Locale; labels: Record<"label" | Locale, string> }) {
  const t = (key: keyof typeof labels) => labels[key];
  const router = useRouter();
  const [, startTransition] = useTransition();

  function choose(next: Locale) {
    if (next === locale) return;
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
    startTransition(() => router.refresh());
  }

  return (
    <SegmentedControl<Locale>
      label={t("label")}
      className={className}
      value={locale}
      onChange={choose}
      options={[
        { value: "en", label: t("en"), lang: "en" },
        // Drawn with a face of just this label's glyphs: an English page needs no other Devanagari font.
        { value: "hi", label: t("hi"), lang: "hi", className: "font-language-label" },
      ]}
    />
  );
}
