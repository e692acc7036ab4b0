"use client";

import { useState, type KeyboardEvent } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslations } from "use-intl";
import { readIndianDate } from "@/lib/schemas/patient-age";
import { addDays } from "@/lib/schemas/calendar";
import { displayDay } from "@/lib/slots/clinic-time";
import { Button } from "./button";
import { FieldError, Input, Label } from "./field";

/**
 * A calendar day typed DD/MM/YYYY whatever the browser's language (a native date input shows
 * MM/DD in an en-US browser), with previous/next day and "Today". Typing is checked on Enter or
 * when leaving the field; ArrowUp/ArrowDown and PageUp/PageDown step a day or a week. With `min`,
 * an earlier day is refused on the field (typed text kept) and the steps stop at `min`.
 */
export function DayField({ id, label, value, today, min, onChange }: { id: string; label: string; value: string; today: string; min?: string; onChange(day: string): void }) {
  const t = useTranslations("common.dayField");
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  const go = (wanted: string) => {
    const day = min && wanted < min ? min : wanted;
    setDraft(null);
    setError(null);
    if (day !== value) onChange(day);
  };
  const commit = () => {
    if (draft === null) return;
    const read = readIndianDate(draft);
    if (read.state === "ok" && min && read.iso < min) return setError(t("beforeMin", { day: displayDay(min) }));
    if (read.state === "ok") return go(read.iso);
    setError(read.state === "empty" ? t("required") : read.state === "format" ? t("format") : t("notADate", { text: draft.trim() }));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowUp: 1, ArrowDown: -1, PageUp: 7, PageDown: -7 }[e.key];
    if (e.key === "Enter") {
      e.preventDefault();
      commit();
    } else if (e.key === "Escape" && draft !== null) {
      e.preventDefault();
      setDraft(null);
      setError(null);
    } else if (step && draft === null) {
      e.preventDefault();
      go(addDays(value, step));
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-1">
        <Button variant="secondary" size="icon" onClick={() => go(addDays(value, -1))} aria-label={t("previous")} disabled={!!min && value <= min}>
          <ChevronLeft aria-hidden className="size-4" />
        </Button>
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          placeholder="DD/MM/YYYY"
          className="max-w-36 font-mono tabular-nums"
          value={draft ?? displayDay(value)}
          invalid={!!error}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" size="icon" onClick={() => go(addDays(value, 1))} aria-label={t("next")}>
          <ChevronRight aria-hidden className="size-4" />
        </Button>
        <Button variant="secondary" onClick={() => go(today)} disabled={value === today && draft === null}>
          {t("today")}
        </Button>
      </div>
      <p id={hintId} className="sr-only">
        {t("hint")}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
