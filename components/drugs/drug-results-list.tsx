"use client";

import type { KeyboardEvent, RefObject } from "react";
import { ChevronRight } from "lucide-react";
import { useTranslations } from "use-intl";
import type { DrugListEntry } from "@/lib/schemas/drugs";
import { cn } from "@/components/ui/cn";
import { CategoryBadge, ReferenceBadge, ScheduleBadge } from "./drug-badges";
import { componentsSpellName, drugKey, showsComponents } from "./drug-labels";

/**
 * Results as the listbox of the search box's combobox (components/ui/use-combobox.ts): nothing is
 * highlighted until the user moves; the list can also take focus itself, with the same keys.
 */
export function DrugResultsList({
  id,
  listRef,
  results,
  highlighted,
  activeId,
  optionProps,
  openedKey,
  busy,
  onKeyDown,
  onOpen,
  onTypeAhead,
}: {
  id: string;
  listRef: RefObject<HTMLUListElement | null>;
  results: DrugListEntry[];
  highlighted: number;
  activeId: string | undefined;
  optionProps: (index: number) => Record<string, unknown>;
  openedKey: string | null;
  busy: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onOpen: (entry: DrugListEntry, index: number) => void;
  /** A printable key typed on the list goes back to the search box. */
  onTypeAhead: (key: string) => void;
}) {
  const t = useTranslations("drugs");

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key === " ") {
      event.preventDefault();
      const entry = results[highlighted];
      if (entry) onOpen(entry, highlighted);
      return;
    }
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      onTypeAhead(event.key);
      return;
    }
    onKeyDown(event);
  }

  return (
    <ul
      ref={listRef}
      id={id}
      role="listbox"
      tabIndex={0}
      aria-label={t("resultsLabel")}
      aria-activedescendant={activeId}
      aria-busy={busy || undefined}
      onKeyDown={onListKeyDown}
      className={cn(
        "divide-y divide-line outline-none focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-inset",
        busy && "opacity-60 transition-opacity",
      )}
    >
      {results.map((entry, index) => {
        const key = drugKey(entry);
        const opened = key === openedKey;
        const isHighlighted = index === highlighted;
        return (
          <li
            key={`${key}-${index}`}
            {...optionProps(index)}
            data-opened={opened || undefined}
            onClick={() => onOpen(entry, index)}
            className={cn(
              "relative flex cursor-pointer items-center gap-3 px-4 py-3 transition-colors",
              isHighlighted ? "bg-surface-sunken" : opened ? "bg-primary-soft/70" : "hover:bg-surface-muted",
            )}
          >
            <span aria-hidden className={cn("absolute inset-y-0 left-0 w-1", isHighlighted ? "bg-primary" : opened ? "bg-primary/60" : "bg-transparent")} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-ink">{entry.name}</p>
              {showsComponents(entry) && !componentsSpellName(entry) ? <p className="mt-0.5 truncate text-xs text-ink-muted">{entry.components.join(" + ")}</p> : null}
              <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
                <CategoryBadge category={entry.category} />
                <ScheduleBadge schedule={entry.schedule} />
                {entry.isReference ? <ReferenceBadge /> : null}
              </div>
            </div>
            <ChevronRight aria-hidden className={cn("size-4 shrink-0", opened ? "text-primary" : "text-ink-faint")} />
          </li>
        );
      })}
    </ul>
  );
}
