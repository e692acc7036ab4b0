"use client";

import { useTranslations } from "use-intl";
import { useDrugSuggestions } from "@/lib/api-client/drugs";

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** Names starting with what was typed, one Tab away: choosing one completes the search box. */
export function DrugSuggestions({ typed, onChoose }: { typed: string; onChoose: (name: string) => void }) {
  const t = useTranslations("drugs");
  const { data } = useDrugSuggestions(typed);
  const typedKey = squash(typed);
  const suggestions = typedKey.length >= 2 ? (data?.suggestions ?? []).filter((s) => squash(s.name) !== typedKey) : [];
  if (suggestions.length === 0) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5" aria-label={t("suggestionsLabel")} role="group">
      <span className="text-xs text-ink-muted">{t("suggestionsLabel")}:</span>
      {suggestions.map((s) => (
        <button
          key={s.name}
          type="button"
          onClick={() => onChoose(s.name)}
          title={s.seeName ? t("suggestionSee", { name: s.seeName }) : s.category}
          className="rounded-full border border-line-strong bg-surface px-2.5 py-0.5 text-sm text-ink hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          {s.name}
          {s.seeName ? <span className="text-ink-muted"> → {s.seeName}</span> : null}
        </button>
      ))}
    </div>
  );
}
