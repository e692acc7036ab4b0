"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import { Loader2, Search, UserRound, X } from "lucide-react";
import { useTranslations } from "use-intl";
import { usePatientSearch } from "@/lib/api-client/patients";
import type { PatientSummary } from "@/lib/schemas/patient-summary";
import { Label } from "@/components/ui/field";
import { cn } from "@/components/ui/cn";
import { PatientSummaryLine } from "./patient-summary-line";
import { useDeferredEnter } from "./use-deferred-enter";

const PICKER_LIMIT = 8;

/**
 * Choose a patient by name (typo-tolerant), mobile, UHID or id: an ARIA 1.2 combobox. Arrow
 * keys move, Enter picks, Escape closes (or clears the text), recent patients show on focus.
 */
export function PatientPicker({
  id,
  label,
  value,
  onChange,
}: {
  id?: string;
  label: string;
  value: PatientSummary | null;
  onChange: (p: PatientSummary | null) => void;
}) {
  const t = useTranslations("patients.picker");
  const generated = useId();
  const inputId = id ?? `patient-picker-${generated}`;
  const listboxId = `${inputId}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = usePatientSearch(text, { limit: PICKER_LIMIT, enabled: open && !value });
  const options = search.data?.patients ?? [];
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const enter = useDeferredEnter(!search.isDebouncing && !search.isPlaceholderData, options[activeIndex], (p) => pick(p));

  function pick(p: PatientSummary) {
    onChange(p);
    setOpen(false);
    setText("");
  }

  function clear() {
    onChange(null);
    setOpen(true);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive(Math.min(activeIndex + 1, options.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive(Math.max(activeIndex - 1, 0));
    } else if (event.key === "Home" && open && options.length) {
      setActive(0);
    } else if (event.key === "End" && open && options.length) {
      setActive(options.length - 1);
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      enter.press();
    } else if (event.key === "Escape") {
      enter.cancel();
      if (open) setOpen(false);
      else setText("");
    }
  }

  if (value) {
    return (
      <div>
        <Label htmlFor={inputId}>{label}</Label>
        <div className="mt-1.5 flex items-center gap-3 rounded-lg border border-line-strong bg-surface px-3 py-2 shadow-sm">
          <UserRound aria-hidden className="size-5 shrink-0 text-ink-faint" />
          <div className="min-w-0 flex-1">
            <PatientSummaryLine patient={value} />
          </div>
          <button
            id={inputId}
            type="button"
            onClick={clear}
            className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm text-ink-muted hover:bg-surface-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-focus"
          >
            <X aria-hidden className="size-4" />
            {t("change")}
            <span className="sr-only">: {value.name}</span>
          </button>
        </div>
      </div>
    );
  }

  const showList = open;
  const activeId = showList && options[activeIndex] ? `${listboxId}-${options[activeIndex].id}` : undefined;
  return (
    <div className="relative">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="relative mt-1.5">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-faint" />
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          aria-describedby={`${inputId}-hint`}
          value={text}
          placeholder={t("placeholder")}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="block h-10 w-full rounded-lg border border-line-strong bg-surface pr-9 pl-9 text-sm text-ink shadow-sm placeholder:text-ink-faint focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus"
        />
        {search.isFetching || search.isDebouncing ? (
          <Loader2 aria-hidden className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-ink-faint" />
        ) : null}
      </div>
      <p id={`${inputId}-hint`} className="sr-only">
        {t("hint")}
      </p>
      <div
        className={cn(
          "absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-auto rounded-lg border border-line bg-surface shadow-card",
          !showList && "hidden",
        )}
      >
        <ul id={listboxId} role="listbox" aria-label={t("results")}>
          {options.map((p, i) => (
            <li
              key={p.id}
              id={`${listboxId}-${p.id}`}
              role="option"
              aria-selected={i === activeIndex}
              // Keeps focus in the input so the blur does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(p)}
              onMouseMove={() => setActive(i)}
              className={cn("cursor-pointer px-3 py-2", i === activeIndex ? "bg-primary-soft" : "hover:bg-surface-sunken")}
            >
              <PatientSummaryLine patient={p} />
            </li>
          ))}
        </ul>
        <div aria-live="polite" className="text-sm text-ink-muted">
          {search.isError ? (
            <p className="px-3 py-2 text-danger-soft-ink">{t("error")}</p>
          ) : search.isPending ? (
            <p className="px-3 py-2">{t("loading")}</p>
          ) : options.length === 0 ? (
            <p className="px-3 py-2">{text.trim() ? t("empty", { query: text.trim() }) : t("noRecent")}</p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
