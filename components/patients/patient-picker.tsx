"use client";

import { useId, useRef, useState } from "react";
import { Loader2, Search, X } from "lucide-react";
import { useTranslations } from "use-intl";
import { usePatientSearch } from "@/lib/api-client/patients";
import type { PatientSummary } from "@/lib/schemas/patient-summary";
import { Label } from "@/components/ui/field";
import { cn } from "@/components/ui/cn";
import { useCombobox } from "@/components/ui/use-combobox";
import { PatientIdentity } from "./patient-identity";
import { PatientSummaryLine } from "./patient-summary-line";

const PICKER_LIMIT = 8;

/**
 * Choose a patient by name (typo-tolerant), mobile, UHID or id: an ARIA 1.2 combobox with the
 * desk's one keyboard model (components/ui/use-combobox.ts). Once chosen, the patient's name,
 * age and sex, mobile and UHID are shown in full, with "Change" to choose again.
 */
export function PatientPicker({
  id,
  label,
  value,
  onChange,
  describedBy,
}: {
  id?: string;
  label: string;
  value: PatientSummary | null;
  onChange: (p: PatientSummary | null) => void;
  /** Extra ids for aria-describedby, e.g. a field error. */
  describedBy?: string;
}) {
  const t = useTranslations("patients.picker");
  const generated = useId();
  const inputId = id ?? `patient-picker-${generated}`;
  const listboxId = `${inputId}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const search = usePatientSearch(text, { limit: PICKER_LIMIT, enabled: open && !value });
  const options = search.data?.patients ?? [];
  const combobox = useCombobox({
    listboxId,
    items: options,
    getKey: (p) => p.id,
    onPick: (p) => pick(p),
    settled: !search.isDebouncing && !search.isPlaceholderData && !search.isFetching,
    open,
    typed: text.trim().length > 0,
    onOpen: () => setOpen(true),
    onEscape: () => {
      if (open) setOpen(false);
      else setText("");
    },
  });

  function pick(p: PatientSummary) {
    onChange(p);
    setOpen(false);
    setText("");
    combobox.reset();
  }

  function clear() {
    onChange(null);
    setOpen(true);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  if (value) {
    return (
      <div>
        <Label htmlFor={inputId}>{label}</Label>
        {/* On a phone the button goes under the patient, leaving the whole width to the date of birth and mobile. */}
        <div className="mt-1.5 flex flex-col items-start gap-2 rounded-lg border border-line-strong bg-surface px-3 py-2.5 shadow-sm sm:flex-row sm:gap-3">
          <PatientIdentity patient={value} className="w-full min-w-0 flex-1" />
          <button
            id={inputId}
            type="button"
            onClick={clear}
            aria-describedby={describedBy}
            className="inline-flex h-8 shrink-0 items-center gap-1 rounded-md px-2 text-sm text-ink-muted hover:bg-surface-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-focus"
          >
            <X aria-hidden className="size-4" />
            {t("change")}
            <span className="sr-only">: {value.name}</span>
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="relative">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="relative mt-1.5">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-faint" />
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          autoComplete="off"
          spellCheck={false}
          {...combobox.inputProps}
          aria-describedby={[`${inputId}-hint`, describedBy].filter(Boolean).join(" ")}
          value={text}
          placeholder={t("placeholder")}
          onChange={(event) => {
            setText(event.target.value);
            combobox.reset();
            setOpen(true);
          }}
          // Focus alone (the dialog focuses this field) leaves the list shut, so it never covers the
          // dialog's buttons; typing, ArrowDown or a click opens it.
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={combobox.onKeyDown}
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
          !open && "hidden",
        )}
      >
        <ul id={listboxId} role="listbox" aria-label={t("results")}>
          {options.map((p, i) => (
            <li
              key={p.id}
              {...combobox.optionProps(i)}
              // Keeps focus in the input so the blur does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(p)}
              className={cn(
                "cursor-pointer border-l-4 px-3 py-2",
                i === combobox.highlighted ? "border-primary bg-primary-soft" : "border-transparent hover:bg-surface-sunken",
              )}
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
