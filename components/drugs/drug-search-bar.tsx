"use client";

import type { KeyboardEvent, ReactNode, Ref } from "react";
import { Search, X } from "lucide-react";
import { useTranslations } from "use-intl";
import { DRUG_CATEGORIES } from "@/lib/schemas/drug-categories";
import { Checkbox, Label, Select } from "@/components/ui/field";
import { useDrugWords } from "./use-drug-words";

export function DrugSearchBar({
  inputRef,
  q,
  category,
  exact,
  onQChange,
  onCategoryChange,
  onExactChange,
  onInputKeyDown,
  comboboxProps,
  suggestions,
}: {
  inputRef: Ref<HTMLInputElement>;
  q: string;
  category: string;
  exact: boolean;
  onQChange: (value: string) => void;
  onCategoryChange: (value: string) => void;
  onExactChange: (value: boolean) => void;
  onInputKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** role, aria-expanded, aria-controls and aria-activedescendant from useCombobox. */
  comboboxProps: Record<string, unknown>;
  /** Name completions, shown right under the search box. */
  suggestions?: ReactNode;
}) {
  const t = useTranslations("drugs");
  const words = useDrugWords();
  return (
    <search className="grid gap-4 md:grid-cols-[minmax(0,1fr)_16rem] md:items-end">
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor="drug-search">{t("searchLabel")}</Label>
          <span aria-hidden className="hidden text-xs text-ink-faint sm:inline">
            {t.rich("shortcut", {
              kbd: (chunks) => <kbd className="rounded border border-line-strong bg-surface-sunken px-1.5 py-px font-mono text-[11px] text-ink-muted">{chunks}</kbd>,
            })}
          </span>
        </div>
        <div className="relative mt-1.5">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-faint" />
          <input
            ref={inputRef}
            id="drug-search"
            type="search"
            autoFocus
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            {...comboboxProps}
            aria-keyshortcuts="/"
            value={q}
            placeholder={t("searchPlaceholder")}
            onChange={(event) => onQChange(event.target.value)}
            onKeyDown={onInputKeyDown}
            className="block h-11 w-full rounded-lg border border-line-strong bg-surface pr-10 pl-9 text-base text-ink shadow-sm placeholder:text-ink-faint focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus [&::-webkit-search-cancel-button]:hidden"
          />
          {q ? (
            <button
              type="button"
              onClick={() => onQChange("")}
              className="absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-ink-faint hover:bg-surface-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-focus"
            >
              <X aria-hidden className="size-4" />
              <span className="sr-only">{t("clearSearch")}</span>
            </button>
          ) : null}
        </div>
        {suggestions}
      </div>
      <div>
        <Label htmlFor="drug-category">{t("categoryLabel")}</Label>
        <Select id="drug-category" className="mt-1.5 h-11" value={category} onChange={(event) => onCategoryChange(event.target.value)}>
          <option value="">{t("allCategories")}</option>
          {DRUG_CATEGORIES.map((name) => (
            <option key={name} value={name}>
              {words.category(name)}
            </option>
          ))}
        </Select>
      </div>
      <Checkbox label={t("exactLabel")} checked={exact} onChange={(event) => onExactChange(event.target.checked)} className="md:col-span-2" />
    </search>
  );
}
