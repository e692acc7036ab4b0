"use client";

import { useEffect, type KeyboardEvent, type RefObject } from "react";
import { ChevronRight } from "lucide-react";
import { useTranslations } from "use-intl";
import type { DrugEntry } from "@/lib/schemas/drugs";
import { cn } from "@/components/ui/cn";
import { CategoryBadge, ReferenceBadge, ScheduleBadge } from "./drug-badges";
import { componentsSpellName, drugKey, showsComponents } from "./drug-labels";

export const optionId = (listboxId: string, index: number) => `${listboxId}-option-${index}`;

/**
 * Results as an ARIA listbox: focus stays on the list and aria-activedescendant marks the
 * highlighted drug, so arrow keys, Home/End and Enter work as in a native select.
 */
export function DrugResultsList({
  id,
  listRef,
  results,
  activeIndex,
  openedKey,
  busy,
  onActiveIndexChange,
  onOpen,
  onTypeAhead,
}: {
  id: string;
  listRef: RefObject<HTMLUListElement | null>;
  results: DrugEntry[];
  activeIndex: number;
  openedKey: string | null;
  busy: boolean;
  onActiveIndexChange: (index: number) => void;
  onOpen: (entry: DrugEntry, index: number) => void;
  /** A printable key typed on the list goes back to the search box. */
  onTypeAhead: (key: string) => void;
}) {
  const t = useTranslations("drugs");
  const last = results.length - 1;
  const active = Math.min(Math.max(activeIndex, 0), last);

  useEffect(() => {
    listRef.current?.querySelector(`#${CSS.escape(optionId(id, active))}`)?.scrollIntoView({ block: "nearest" });
  }, [listRef, id, active]);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const move = (index: number) => {
      event.preventDefault();
      onActiveIndexChange(Math.min(Math.max(index, 0), last));
    };
    switch (event.key) {
      case "ArrowDown":
        return move(active + 1);
      case "ArrowUp":
        return move(active - 1);
      case "Home":
        return move(0);
      case "End":
        return move(last);
      case "PageDown":
        return move(active + 5);
      case "PageUp":
        return move(active - 5);
      case "Enter":
      case " ": {
        event.preventDefault();
        const entry = results[active];
        if (entry) onOpen(entry, active);
        return;
      }
      default:
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          event.preventDefault();
          onTypeAhead(event.key);
        }
    }
  }

  return (
    <ul
      ref={listRef}
      id={id}
      role="listbox"
      tabIndex={0}
      aria-label={t("resultsLabel")}
      aria-activedescendant={results.length > 0 ? optionId(id, active) : undefined}
      aria-busy={busy || undefined}
      onKeyDown={onKeyDown}
      className={cn(
        "divide-y divide-line outline-none focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-inset",
        busy && "opacity-60 transition-opacity",
      )}
    >
      {results.map((entry, index) => {
        const key = drugKey(entry);
        const opened = key === openedKey;
        const highlighted = index === active;
        return (
          <li
            key={`${key}-${index}`}
            id={optionId(id, index)}
            role="option"
            aria-selected={opened}
            onClick={() => onOpen(entry, index)}
            onMouseMove={() => index !== active && onActiveIndexChange(index)}
            className={cn(
              "relative flex cursor-pointer items-center gap-3 px-4 py-3 transition-colors",
              opened ? "bg-primary-soft/70" : highlighted ? "bg-surface-sunken" : "hover:bg-surface-muted",
            )}
          >
            <span aria-hidden className={cn("absolute inset-y-0 left-0 w-1", opened ? "bg-primary" : highlighted ? "bg-line-strong" : "bg-transparent")} />
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
