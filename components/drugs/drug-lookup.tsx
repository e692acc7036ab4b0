"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { LoaderCircle, Pill } from "lucide-react";
import { useTranslations } from "use-intl";
import type { DrugListEntry } from "@/lib/schemas/drugs";
import { DRUG_SEARCH_LIMIT, DRUG_SEARCH_MAX, useDrugSearch, type DrugSearchParams } from "@/lib/api-client/drugs";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { useCombobox } from "@/components/ui/use-combobox";
import { DrugDetail } from "./drug-detail";
import { drugKey } from "./drug-labels";
import { DrugResultsList } from "./drug-results-list";
import { DrugSearchBar } from "./drug-search-bar";
import { DrugSuggestions } from "./drug-suggestions";
import { NoConfidentMatch, QueryUnderstood } from "./drug-understood";
import { DrugResultsSkeleton, DrugSearchHint, NoDrugMatches, SandboxFormularyNotice } from "./drug-search-states";
import { useMediaQuery } from "./use-media-query";
import { useOpenEntryUrl } from "./use-open-entry-url";
import { useSearchUrl } from "./use-search-url";
import { useSlashShortcut } from "./use-slash-shortcut";

const WIDE = "(min-width: 1024px)";

export function DrugLookup({ initial, demoFormulary }: { initial: DrugSearchParams & { open?: string }; demoFormulary: boolean }) {
  const t = useTranslations("drugs");
  const [q, setQ] = useState(initial.q);
  const [category, setCategory] = useState(initial.category);
  const [exact, setExact] = useState(initial.exact);
  const [opened, setOpened] = useState<DrugListEntry | null>(null);
  const [showingDetail, setShowingDetail] = useState(false);
  const wide = useMediaQuery(WIDE);

  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listboxId = useId();

  const [limit, setLimit] = useState(DRUG_SEARCH_LIMIT);
  const search = useDrugSearch({ q, category, exact }, limit);
  useSlashShortcut(inputRef);
  useSearchUrl(search.params);

  const results = search.enabled ? (search.data?.results ?? []) : [];
  const listShown = search.enabled && results.length > 0 && !(search.isError && !search.isFetching);
  const combobox = useCombobox({
    listboxId,
    items: results,
    getKey: (_, index) => String(index),
    onPick: (entry, index) => open(entry, index),
    settled: !search.isDebouncing && !search.isPlaceholderData,
    open: listShown,
    typed: q.trim().length > 0,
    onEscape: () => {
      if (q) setQ("");
    },
  });

  // A new search starts with nothing highlighted: the first ArrowDown highlights its first result.
  const [lastParams, setLastParams] = useState(search.params);
  if (lastParams !== search.params) {
    setLastParams(search.params);
    combobox.reset();
    setLimit(DRUG_SEARCH_LIMIT);
  }
  const info = search.enabled ? search.data?.info : undefined;
  const total = info?.total ?? results.length;
  const match = search.enabled ? search.data?.match : undefined;
  const understood = search.enabled ? search.data?.understood : undefined;
  // The entry named in the address bar opens once a search shows it, so a reload or a shared link keeps it open.
  const [pendingOpen, setPendingOpen] = useState(initial.open ?? "");
  if (pendingOpen && !opened && !search.isPlaceholderData) {
    const named = results.find((e) => e.name === pendingOpen);
    if (named) {
      setOpened(named);
      setPendingOpen("");
      if (!wide) setShowingDetail(true);
    } else if (search.data || !search.enabled) setPendingOpen("");
  }
  useOpenEntryUrl(opened?.name ?? (pendingOpen || undefined));
  const updating = search.enabled && (search.isDebouncing || (search.isFetching && search.isPlaceholderData));

  // On a phone the open entry covers the results, so it gets a history entry of its own: the phone's Back
  // closes the entry and stays on Drug lookup instead of leaving the page.
  const detailInHistory = useRef(false);
  useEffect(() => {
    function onPopState() {
      if (!detailInHistory.current) return;
      detailInHistory.current = false;
      setShowingDetail(false);
      requestAnimationFrame(() => (listRef.current ?? inputRef.current)?.focus());
    }
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  function open(entry: DrugListEntry, index: number) {
    setOpened(entry);
    combobox.setHighlighted(index);
    if (!wide) {
      if (!detailInHistory.current) {
        window.history.pushState(window.history.state, "", window.location.href);
        detailInHistory.current = true;
      }
      setShowingDetail(true);
      requestAnimationFrame(() => headingRef.current?.focus());
    }
  }

  function backToResults() {
    // The on-screen Back takes the same step as the phone's, so the history holds no stale entry.
    if (detailInHistory.current) return window.history.back();
    setShowingDetail(false);
    requestAnimationFrame(() => (listRef.current ?? inputRef.current)?.focus());
  }

  function searchComponent(name: string) {
    // The entry's history step is left behind (its Back lands on this same page).
    detailInHistory.current = false;
    setQ(name);
    combobox.reset();
    setShowingDetail(false);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  function openRelated(entry: DrugListEntry) {
    setOpened(entry);
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function chooseSuggestion(name: string) {
    setQ(name);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Escape on an empty box does nothing here (the page or a dialog may want it).
    if (event.key === "Escape" && !q) return;
    combobox.onKeyDown(event);
  }

  function typeIntoSearch(key: string) {
    setQ((current) => current + key);
    inputRef.current?.focus();
  }

  let listBody;
  if (!search.enabled) listBody = <DrugSearchHint />;
  else if (search.isError && !search.isFetching) listBody = <div className="p-4"><ProblemAlert error={search.error} onRetry={() => void search.refetch()} returnTo={currentPath()} /></div>;
  else if (!search.data) listBody = <DrugResultsSkeleton />;
  else if (results.length === 0 && search.isPlaceholderData) listBody = <DrugResultsSkeleton />;
  else if (results.length === 0 && match && !match.confident && search.params.q && (match.didYouMean.length > 0 || understood?.otherMedicine || understood?.brand || understood?.sig || understood?.form))
    listBody = <NoConfidentMatch query={search.params.q} match={match} understood={understood} onChoose={chooseSuggestion} />;
  else if (results.length === 0) listBody = <NoDrugMatches query={search.params.q} exact={search.params.exact} />;
  else
    listBody = (
      <DrugResultsList
        id={listboxId}
        listRef={listRef}
        results={results}
        highlighted={combobox.highlighted}
        activeId={combobox.inputProps["aria-activedescendant"]}
        optionProps={combobox.optionProps}
        openedKey={opened ? drugKey(opened) : null}
        busy={!!updating}
        onKeyDown={combobox.onKeyDown}
        onOpen={open}
        onTypeAhead={typeIntoSearch}
      />
    );

  return (
    <div className="space-y-5">
      {demoFormulary ? <SandboxFormularyNotice /> : null}

      <Card className="p-4 sm:p-5">
        <DrugSearchBar
          inputRef={inputRef}
          q={q}
          category={category}
          exact={exact}
          onQChange={setQ}
          onCategoryChange={setCategory}
          onExactChange={setExact}
          onInputKeyDown={onInputKeyDown}
          comboboxProps={combobox.inputProps}
          suggestions={<DrugSuggestions typed={q} onChoose={chooseSuggestion} />}
        />
      </Card>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <Card className={cn("overflow-hidden", showingDetail && "hidden lg:block")}>
          {search.enabled && !(search.isError && !search.isFetching) ? (
          <div className="flex min-h-11 items-center justify-between gap-3 border-b border-line bg-surface-muted px-4 py-2">
            <p role="status" className="text-sm text-ink-muted">
              {search.enabled && search.data && !search.isPlaceholderData ? (
                <>
                  <span className="font-medium text-ink">{t("matches", { count: total })}</span>
                  {total > results.length ? <span> · {t("shownOf", { shown: results.length, total })}</span> : null}
                  {total > results.length && limit < DRUG_SEARCH_MAX ? (
                    <>
                      {" · "}
                      <button type="button" onClick={() => setLimit(DRUG_SEARCH_MAX)} className="font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus">
                        {t("showRest", { count: Math.min(total, DRUG_SEARCH_MAX) - results.length })}
                      </button>
                    </>
                  ) : null}
                  {info?.tookMs !== undefined ? <span className="text-ink-faint"> · {t("took", { ms: Math.round(info.tookMs) })}</span> : null}
                </>
              ) : updating ? (
                t("updating")
              ) : null}
            </p>
            {updating || (search.isFetching && search.enabled) ? (
              <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin text-primary" />
            ) : null}
          </div>
          ) : null}
          {/* data-results-for names the search the list shows in full, so tests can time keystroke to results. */}
          <div
            data-results-for={search.enabled && search.data && !search.isDebouncing && !search.isPlaceholderData ? search.params.q : undefined}
            className="relative lg:max-h-[calc(100dvh-var(--banner-h,0px)-17rem)] lg:overflow-y-auto"
          >
            {results.length > 0 && !search.isPlaceholderData ? <QueryUnderstood understood={understood} /> : null}
            {listBody}
          </div>
        </Card>

        <Card className={cn("min-h-64", !showingDetail && "hidden lg:block")}>
          {opened ? (
            <DrugDetail
              entry={opened}
              headingRef={headingRef}
              onSearchComponent={searchComponent}
              onOpenEntry={openRelated}
              onBack={backToResults}
              demoFormulary={demoFormulary}
              understood={understood}
            />
          ) : (
            <div className="flex h-full min-h-64 flex-col items-center justify-center gap-3 p-8 text-center text-sm text-ink-muted">
              <span aria-hidden className="flex size-12 items-center justify-center rounded-full bg-surface-sunken text-ink-faint">
                <Pill className="size-6" />
              </span>
              {t("chooseDrug")}
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}

function currentPath() {
  return typeof window === "undefined" ? "/drugs" : `${window.location.pathname}${window.location.search}`;
}
