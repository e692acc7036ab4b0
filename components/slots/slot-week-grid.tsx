"use client";

import { memo, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Slot, SlotService } from "@/lib/schemas/slots";
import { clinicTime, displayDay, weekdayName } from "@/lib/slots/clinic-time";
import { cn } from "@/components/ui/cn";
import { serviceDot } from "./service-tones";

export type DayColumn = { day: string; slots: Slot[] };

const slotId = (s: Slot) => `${s.confId}|${s.start}`;

/** Free, taken by a patient, or gone by (its time is over, whether or not anyone held it). */
export type SlotState = "free" | "taken" | "past";
export const slotState = (s: Slot, now: number): SlotState => (Date.parse(s.end) <= now ? "past" : s.available ? "free" : "taken");
const minuteOfDay = (s: Slot, tz: string) => {
  const [h, m] = clinicTime(s.start, tz).split(":");
  return Number(h) * 60 + Number(m);
};

/**
 * Days as columns, slots as one roving-tabindex set: arrows move within a day and across days
 * to the nearest time, Home/End jump within the day, PageUp/PageDown change week. Memoised: the
 * calendar passes stable callbacks, so only a change in what it shows redraws the slots.
 */
export const SlotWeekGrid = memo(function SlotWeekGrid({
  columns,
  services,
  timeZone,
  today,
  now,
  onPick,
  onOpenTaken,
  onPageWeek,
  onLeaveEdge,
}: {
  columns: DayColumn[];
  services: SlotService[];
  timeZone: string;
  today: string;
  /** The person's clock (ms), read once per visit: slots that ended before it are shown as past. */
  now: number;
  onPick: (slot: Slot) => void;
  /** A taken slot the desk may know: opens who holds it. */
  onOpenTaken?: (slot: Slot) => void;
  onPageWeek: (direction: -1 | 1) => void;
  /** Day view: moving left from the only column asks for the previous day. */
  onLeaveEdge?: (direction: -1 | 1) => void;
}) {
  const t = useTranslations("slots");
  const locale = useLocale();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [activeId, setActiveId] = useState<string | null>(null);
  const serviceIndex = new Map(services.map((s, i) => [s.confId, i]));
  const serviceName = new Map(services.map((s) => [s.confId, s.name]));

  const all = columns.flatMap((c) => c.slots);
  const current = all.find((s) => slotId(s) === activeId) ?? all.find((s) => slotState(s, now) === "free") ?? all[0];

  // After paging by keyboard, focus follows onto the new days' first slot.
  const refocus = useRef(false);
  const currentId = current ? slotId(current) : null;
  const firstDay = columns[0]?.day;
  useEffect(() => {
    if (!refocus.current || !currentId) return;
    refocus.current = false;
    buttons.current.get(currentId)?.focus();
  }, [firstDay, currentId]);

  function focus(slot: Slot | undefined) {
    if (!slot) return;
    setActiveId(slotId(slot));
    buttons.current.get(slotId(slot))?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (!current) return;
    const col = columns.findIndex((c) => c.slots.some((s) => slotId(s) === slotId(current)));
    const row = columns[col]!.slots.findIndex((s) => slotId(s) === slotId(current));
    const inDay = columns[col]!.slots;
    const across = (dir: -1 | 1) => {
      for (let c = col + dir; c >= 0 && c < columns.length; c += dir) {
        const list = columns[c]!.slots;
        if (list.length === 0) continue;
        const target = minuteOfDay(current, timeZone);
        return list.reduce((best, s) => (Math.abs(minuteOfDay(s, timeZone) - target) < Math.abs(minuteOfDay(best, timeZone) - target) ? s : best));
      }
      return undefined;
    };
    let next: Slot | undefined;
    switch (e.key) {
      case "ArrowDown":
        next = inDay[row + 1];
        break;
      case "ArrowUp":
        next = inDay[row - 1];
        break;
      case "ArrowRight":
      case "ArrowLeft": {
        const dir = e.key === "ArrowRight" ? 1 : -1;
        next = across(dir);
        if (!next && onLeaveEdge) {
          e.preventDefault();
          refocus.current = true;
          onLeaveEdge(dir);
          return;
        }
        break;
      }
      case "Home":
        next = inDay[0];
        break;
      case "End":
        next = inDay[inDay.length - 1];
        break;
      case "PageDown":
      case "PageUp":
        e.preventDefault();
        refocus.current = true;
        onPageWeek(e.key === "PageDown" ? 1 : -1);
        return;
      default:
        return;
    }
    e.preventDefault();
    focus(next);
  }

  return (
    <div
      role="group"
      aria-label={t("grid.label")}
      aria-describedby="slot-grid-help"
      onKeyDown={onKeyDown}
      className={cn("grid gap-2", columns.length === 1 ? "grid-cols-1" : "grid-cols-7")}
    >
      <p id="slot-grid-help" className="sr-only">
        {t("grid.help")}
      </p>
      {columns.map(({ day, slots }) => {
        const isToday = day === today;
        // Once per day, not per slot: a week holds a couple of hundred slots.
        const dayLabel = `${weekdayName(day, locale, "long")} ${displayDay(day)}`;
        const groups = services.map((svc) => ({ svc, slots: slots.filter((s) => s.confId === svc.confId) })).filter((g) => g.slots.length > 0);
        return (
          <section key={day} aria-labelledby={`day-${day}`} className={cn("min-w-0 rounded-xl border bg-surface p-2", isToday ? "border-primary ring-1 ring-primary" : "border-line")}>
            <h3 id={`day-${day}`} className="mb-2 text-center text-sm">
              <span className="block font-semibold text-ink">{weekdayName(day, locale)}</span>
              <span className="block text-xs text-ink-muted tabular-nums">{displayDay(day)}</span>
              {isToday ? <span className="mt-1 inline-block rounded bg-primary px-1.5 text-[11px] font-medium text-primary-ink">{t("grid.today")}</span> : null}
            </h3>
            {groups.length === 0 ? <p className="py-4 text-center text-xs text-ink-muted">{t("grid.noSlots")}</p> : null}
            {groups.map(({ svc, slots: list }) => (
              <div key={svc.confId} className="mb-2">
                <p className="mb-1 flex items-center gap-1 truncate text-[11px] font-medium text-ink-muted" title={svc.name}>
                  <span aria-hidden className={cn("size-2 shrink-0 rounded-full", serviceDot(serviceIndex.get(svc.confId) ?? 0))} />
                  <span className="truncate">{svc.name}</span>
                </p>
                <ul className="flex flex-col gap-1">
                  {list.map((slot) => {
                    const id = slotId(slot);
                    const time = `${clinicTime(slot.start, timeZone)}–${clinicTime(slot.end, timeZone)}`;
                    const state = slotState(slot, now);
                    // Told apart by shape and words, not colour alone: taken is struck through, past is dashed and faded.
                    return (
                      <li key={id}>
                        <button
                          type="button"
                          ref={(el) => {
                            if (el) buttons.current.set(id, el);
                            else buttons.current.delete(id);
                          }}
                          tabIndex={current && slotId(current) === id ? 0 : -1}
                          aria-disabled={state === "past" || (state === "taken" && !onOpenTaken) || undefined}
                          aria-label={t("grid.slotLabel", {
                            day: dayLabel,
                            time,
                            service: serviceName.get(slot.confId) ?? slot.confId,
                            state: t(`grid.${state}`),
                          })}
                          title={state === "past" ? t("grid.pastHint") : undefined}
                          data-slot={id}
                          data-available={slot.available}
                          data-state={state}
                          onFocus={() => setActiveId(id)}
                          onClick={() => (state === "free" ? onPick(slot) : state === "taken" ? onOpenTaken?.(slot) : undefined)}
                          className={cn(
                            "w-full rounded-md px-1.5 py-1 text-xs font-medium tabular-nums transition-colors",
                            "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus",
                            state === "free"
                              ? "bg-success-soft text-success-soft-ink ring-1 ring-success-soft-ink/25 ring-inset hover:ring-2"
                              : state === "taken"
                                ? cn("bg-surface-sunken text-ink-muted line-through", onOpenTaken ? "cursor-pointer hover:ring-1 hover:ring-line-strong" : "cursor-not-allowed")
                                : "cursor-not-allowed border border-dashed border-line-strong bg-transparent font-normal text-ink-faint",
                          )}
                        >
                          {clinicTime(slot.start, timeZone)}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
});
