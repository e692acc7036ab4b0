"use client";

import { useTranslations } from "use-intl";
import { categoryKey } from "@/lib/drugs/category-key";
import type { RxSig } from "@/lib/schemas/drugs";

type Key = Parameters<ReturnType<typeof useTranslations<"drugs">>>[0];

/** Section names, forms, routes and dosing in the desk's language; a word the messages lack is shown as the formulary wrote it. */
export function useDrugWords() {
  const t = useTranslations("drugs");
  const known = (key: string, fallback: string) => (t.has(key as Key) ? t(key as Key) : fallback);

  /** "twice a day (1-0-1) after food for 5 days with a spacer" / "दिन में दो बार (1-0-1), खाने के बाद, 5 दिन, स्पेसर के साथ" */
  function sigInWords(sig: RxSig): string {
    const parts: string[] = [];
    if (sig.quantity) parts.push(t("sig.quantity", { count: sig.quantity.count, unit: sig.quantity.unit }));
    if (sig.everyHours) parts.push(t("sig.everyHours", { hours: sig.everyHours }));
    else if (sig.perDay) parts.push(t("sig.perDay", { count: sig.perDay }) + (sig.pattern ? ` ${t("sig.pattern", { pattern: sig.pattern })}` : ""));
    if (sig.weekly) parts.push(t("sig.weekly"));
    if (sig.alternateDays) parts.push(t("sig.alternateDays"));
    if (sig.stat) parts.push(t("sig.stat"));
    if (sig.asNeeded) parts.push(t("sig.asNeeded"));
    if (sig.indication) parts.push(t("sig.forIndication", { what: sig.indication }));
    for (const timing of sig.timing) if (!(timing === "night" && sig.timing.includes("bedtime"))) parts.push(t(`sig.timing.${timing}`));
    if (sig.duration) parts.push(t("sig.duration", { count: sig.duration.count, unit: sig.duration.unit }));
    for (const i of sig.instructions ?? []) parts.push(t(`sig.instructions.${i.kind}`, { count: i.count ?? 1, unit: i.unit ?? "" }));
    return parts.join(t("sig.separator"));
  }

  return {
    category: (name: string) => known(`categories.${categoryKey(name)}`, name),
    form: (form: string) => known(`forms.${form}`, form),
    route: (route: string) => known(`routes.${route}`, route),
    sigInWords,
  };
}
