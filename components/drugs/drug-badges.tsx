"use client";

import { BookOpen, Layers } from "lucide-react";
import { useTranslations } from "use-intl";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { normalisePregnancyCategory, normaliseSchedule } from "./drug-labels";
import { useDrugWords } from "./use-drug-words";

/** H1 and X are the prescriber's red flags; H is prescription-only. */
export function ScheduleBadge({ schedule }: { schedule: string }) {
  const t = useTranslations("drugs");
  const { known, text } = normaliseSchedule(schedule);
  if (!text) return null;
  const tone: BadgeTone = known === "H1" || known === "X" ? "danger-strong" : known === "H" ? "warning" : "neutral";
  return <Badge tone={tone}>{t("scheduleBadge", { schedule: text })}</Badge>;
}

export function PregnancyBadge({ category }: { category: string }) {
  const t = useTranslations("drugs");
  const { known, text } = normalisePregnancyCategory(category);
  if (!text) return null;
  const tone: BadgeTone = known === "X" ? "danger-strong" : known === "D" ? "danger" : known === "C" ? "warning" : known ? "success" : "neutral";
  return <Badge tone={tone}>{t("pregnancyBadge", { category: text })}</Badge>;
}

export function CategoryBadge({ category }: { category: string }) {
  const words = useDrugWords();
  if (!category.trim()) return null;
  const label = words.category(category);
  return (
    <Badge tone="primary" className="max-w-full min-w-0" title={label}>
      <span className="truncate">{label}</span>
    </Badge>
  );
}

export function ReferenceBadge() {
  const t = useTranslations("drugs");
  return (
    <Badge tone="info" title={t("referenceHint")}>
      <BookOpen aria-hidden className="size-3" />
      {t("reference")}
    </Badge>
  );
}

export function CompoundBadge() {
  const t = useTranslations("drugs");
  return (
    <Badge tone="neutral">
      <Layers aria-hidden className="size-3" />
      {t("compound")}
    </Badge>
  );
}
