"use client";

import { useRef, useState, type KeyboardEvent } from "react";
import { FileText, Search } from "lucide-react";
import { useTranslations } from "use-intl";
import type { DrugSearchParams } from "@/lib/api-client/drugs";
import { cn } from "@/components/ui/cn";
import { DrugLookup } from "./drug-lookup";
import { PrescriptionReader } from "./prescription-reader";

type Mode = "lookup" | "prescription";
const MODES: Mode[] = ["lookup", "prescription"];

/** Drug lookup and the whole-prescription reader, as two tabs; the prescription tab is kept in the address (?mode=prescription). */
export function DrugPage({ initial, demoFormulary }: { initial: DrugSearchParams & { open?: string; mode?: string }; demoFormulary: boolean }) {
  const t = useTranslations("drugs.modes");
  const [mode, setMode] = useState<Mode>(initial.mode === "prescription" ? "prescription" : "lookup");
  const [lookup, setLookup] = useState({ initial, key: 0 });
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function choose(next: Mode, focus = false) {
    setMode(next);
    const url = new URL(window.location.href);
    if (next === "prescription") url.searchParams.set("mode", "prescription");
    else url.searchParams.delete("mode");
    window.history.replaceState(window.history.state, "", url);
    if (focus) tabs.current[MODES.indexOf(next)]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    choose(MODES[(MODES.indexOf(mode) + step + MODES.length) % MODES.length]!, true);
  }

  function lookUp(name: string) {
    setLookup((l) => ({ initial: { ...initial, q: name, category: "", exact: false, open: name }, key: l.key + 1 }));
    choose("lookup");
  }

  return (
    <div className="space-y-4">
      <div role="tablist" aria-label={t("label")} onKeyDown={onKeyDown} className="inline-flex gap-1 rounded-lg border border-line bg-surface-muted p-1 print:hidden">
        {MODES.map((m, i) => {
          const Icon = m === "lookup" ? Search : FileText;
          return (
            <button
              key={m}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`drug-tab-${m}`}
              aria-controls={`drug-panel-${m}`}
              aria-selected={mode === m}
              tabIndex={mode === m ? 0 : -1}
              onClick={() => choose(m)}
              className={cn(
                "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus",
                mode === m ? "bg-surface text-ink shadow-sm" : "text-ink-muted hover:text-ink",
              )}
            >
              <Icon aria-hidden className="size-4" />
              {t(m)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`drug-panel-${mode}`} aria-labelledby={`drug-tab-${mode}`}>
        {mode === "lookup" ? <DrugLookup key={lookup.key} initial={lookup.initial} demoFormulary={demoFormulary} /> : <PrescriptionReader onLookUp={lookUp} />}
      </div>
    </div>
  );
}
