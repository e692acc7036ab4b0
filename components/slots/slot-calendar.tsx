"use client";

import { useCallback, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { CalendarX2, ChevronLeft, ChevronRight, LoaderCircle, Settings } from "lucide-react";
import { useLocale, useTranslations } from "use-intl";
import { addDays } from "@/lib/schemas/calendar";
import type { Slot, SlotCalendar as SlotWeekData, SlotService } from "@/lib/schemas/slots";
import { ApiProblemError } from "@/lib/api-client/http";
import { slotKeys, useClinicDirectory, useSlotWeek } from "@/lib/api-client/slots";
import { useQueryClient } from "@tanstack/react-query";
import { clinicDay, displayDay, mondayOf, weekDays, weekdayName } from "@/lib/slots/clinic-time";
import { DEFAULT_CLINIC_TIME_ZONE } from "@/lib/schemas/clinic-zone";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Label, Select } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { useMediaQuery } from "@/components/drugs/use-media-query";
import type { BookingTarget } from "./booking-dialog";
import { LazyBookingDialog, LazyTakenSlotDialog, prefetchSlotDialogs } from "./slot-dialogs-lazy";
import { ServicesLegend } from "./services-legend";
import { SlotWeekGrid, slotState } from "./slot-week-grid";

const NARROW = "(max-width: 767px)";
export type CalendarStart = { doctor?: string; clinic?: string; week?: string };
/** The calendar as a slot picker (moving an appointment): one doctor, clinic and service; a free slot is handed back instead of booked. */
/** How many weeks past the appointment's own the picker looks for one with a free slot. */
const PICKER_LOOK_AHEAD_WEEKS = 8;

export type SlotPicking = { confId: string; onPick(slot: Slot): void };

const NO_SERVICES: SlotService[] = [];

/** What one week shows under the chosen service and mode: its services, the slots kept, and those slots by day. */
function weekView(data: SlotWeekData | undefined, serviceFilter: string, modeFilter: string, days: string[], timeZone: string, now: number) {
  const services = data?.services ?? NO_SERVICES;
  const shownServices = services.filter((s) => (!serviceFilter || s.confId === serviceFilter) && (!modeFilter || s.modes.includes(modeFilter)));
  const shownIds = new Set(shownServices.map((s) => s.confId));
  const slots = (data?.slots ?? []).filter((s) => shownIds.has(s.confId));
  const byDay = new Map<string, Slot[]>(days.map((d) => [d, []]));
  for (const s of slots) byDay.get(clinicDay(s.start, timeZone))?.push(s);
  const freeCount = slots.filter((s) => slotState(s, now) === "free").length;
  return { data, services, shownServices, slots, byDay, freeCount };
}

/** Keeps the shown doctor, clinic and week in the address, so a reload or a shared link shows the same week. */
function useCalendarUrl(doctor: string, clinic: string, monday: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled || !doctor || !clinic) return;
    // After the new week is painted, not before: the router's history handling costs ~15 ms.
    const later = setTimeout(() => {
      const url = new URL(window.location.href);
      url.searchParams.set("doctor", doctor);
      url.searchParams.set("clinic", clinic);
      url.searchParams.set("week", monday);
      window.history.replaceState(window.history.state, "", url);
    }, 0);
    return () => clearTimeout(later);
  }, [doctor, clinic, monday, enabled]);
}

export function SlotCalendar({ start, canEditDirectory, picking }: { start: CalendarStart; canEditDirectory: boolean; picking?: SlotPicking }) {
  const t = useTranslations("slots");
  const locale = useLocale();
  const directory = useClinicDirectory();
  // Drawn a render behind its arrival (as the week's slots below): React draws the calendar in slices.
  const directoryData = useDeferredValue(directory.data);
  const narrow = useMediaQuery(NARROW);
  const [doctorChoice, setDoctorId] = useState(start.doctor ?? "");
  const [clinicChoice, setClinicId] = useState(start.clinic ?? "");
  const [weekChoice, setMonday] = useState(start.week ?? "");
  const [dayChoice, setDay] = useState("");
  const [serviceFilter, setServiceFilter] = useState(picking?.confId ?? "");
  const [modeFilter, setModeFilter] = useState("");
  const [target, setTarget] = useState<BookingTarget | null>(null);
  const [taken, setTaken] = useState<{ doctorId: string; clinicId: string; start: string } | null>(null);
  // Read once per visit; "today" moving at midnight mid-shift is not worth a timer.
  const [now] = useState(() => Date.now());
  const [pagedByHand, setPagedByHand] = useState(false);
  const ids = { doctor: useId(), clinic: useId(), service: useId(), mode: useId() };

  const queryClient = useQueryClient();
  const doctors = directoryData?.doctors ?? [];
  const allClinics = directoryData?.clinics ?? [];
  const ownDoctorId = directoryData?.ownDoctorId ?? null;
  // A doctor opening Appointments starts on their own schedule.
  const doctor = doctors.find((d) => d.platformId === (doctorChoice || ownDoctorId)) ?? doctors[0];
  // Only clinics where the chosen doctor has a schedule; all of them while that is not known yet.
  const knownClinicIds = doctor ? directoryData?.schedules?.[doctor.platformId] : undefined;
  const clinics = knownClinicIds ? allClinics.filter((c) => knownClinicIds.includes(c.platformId)) : allClinics;
  const clinic = clinics.find((c) => c.platformId === clinicChoice) ?? clinics[0];
  const timeZone = clinic?.timeZone ?? DEFAULT_CLINIC_TIME_ZONE;
  const today = clinicDay(now, timeZone);
  const monday = /^\d{4}-\d{2}-\d{2}$/.test(weekChoice) ? mondayOf(weekChoice) : mondayOf(today);
  const days = weekDays(monday);
  const day = days.includes(dayChoice) ? dayChoice : days.includes(today) ? today : days[0]!;

  const week = useSlotWeek(doctor && clinic ? { doctorId: doctor.platformId, clinicId: clinic.platformId, monday } : null);
  // The platform said this doctor has no schedule here: the server has learned it, so the clinic list narrows.
  const notAtClinic = week.isError && week.error instanceof ApiProblemError && week.error.problem.code === "doctor_not_at_clinic";
  useEffect(() => {
    if (notAtClinic) void queryClient.invalidateQueries({ queryKey: slotKeys.directory });
  }, [notAtClinic, queryClient]);
  useCalendarUrl(doctor?.platformId ?? "", clinic?.platformId ?? "", monday, !picking);

  // The week as it is now (the picker's look-ahead steps on it) ...
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `monday` stands for `days`, a new array each render
  const current = useMemo(() => weekView(week.data, serviceFilter, modeFilter, days, timeZone, now), [week.data, serviceFilter, modeFilter, monday, timeZone, now]);
  // ... and as the grid shows it: a render behind, so React draws the slots in a transition it can
  // interrupt (in slices, not one long task) while the toolbar answers at once. All the grid reads,
  // its days included, comes from this one value: the days and their slots never disagree.
  const shown = useDeferredValue(useMemo(() => ({ ...current, monday, day, narrow, timeZone }), [current, monday, day, narrow, timeZone]));
  const { services, shownServices, slots } = shown;
  const columns = useMemo(
    () => (shown.narrow ? [shown.day] : weekDays(shown.monday)).map((d) => ({ day: d, slots: shown.byDay.get(d) ?? [] })),
    [shown],
  );
  const freeCount = current.freeCount;

  // Moving an appointment starts on the first week, from the appointment's own, that has a free slot
  // of its service (looking a few weeks ahead), not on a week with nothing to choose; paging by hand stops it.
  const [lookAhead, setLookAhead] = useState<{ weeks: number; from: string } | null>(picking ? { weeks: 0, from: monday } : null);
  const weekSettled = !!week.data && !week.isPlaceholderData && !week.isFetching;
  // Adjusted while rendering (React's pattern for state that follows other state): each step changes the week, so it is not settled on the next render.
  if (lookAhead && weekSettled) {
    if (freeCount > 0) setLookAhead(null);
    else if (lookAhead.weeks >= PICKER_LOOK_AHEAD_WEEKS) {
      // Nothing free for weeks: back to where it started, where the empty week says so itself.
      setLookAhead(null);
      setMonday(lookAhead.from);
    } else {
      setLookAhead({ weeks: lookAhead.weeks + 1, from: lookAhead.from });
      setMonday(addDays(monday, 7));
      setDay(addDays(day, 7));
    }
  }
  const skippedFrom = picking && lookAhead === null && monday !== mondayOf(start.week ?? monday) && freeCount > 0 && !pagedByHand ? mondayOf(start.week ?? monday) : null;

  const pageWeek = (dir: -1 | 1) => {
    setLookAhead(null);
    setPagedByHand(true);
    setMonday(addDays(monday, 7 * dir));
    setDay(addDays(day, 7 * dir));
  };
  const moveDay = (n: number) => {
    setLookAhead(null);
    setPagedByHand(true);
    const next = addDays(day, n);
    if (!days.includes(next)) setMonday(mondayOf(next));
    setDay(next);
  };

  function pick(slot: Slot) {
    if (picking) return picking.onPick(slot);
    const service = services.find((s) => s.confId === slot.confId);
    if (!service || !doctor || !clinic) return;
    setTarget({ slot, service, doctor: { id: doctor.platformId, name: doctor.displayName }, clinic: { id: clinic.platformId, name: clinic.displayName, timeZone } });
  }

  // Stable for the grid (memoised): a render that changes nothing it shows does not redraw the slots.
  const latest = useRef({ pick, pageWeek, moveDay, narrow, doctor, clinic });
  useLayoutEffect(() => {
    latest.current = { pick, pageWeek, moveDay, narrow, doctor, clinic };
  });
  const onPick = useCallback((slot: Slot) => latest.current.pick(slot), []);
  const onOpenTaken = useCallback((slot: Slot) => {
    const { doctor, clinic } = latest.current;
    if (doctor && clinic) setTaken({ doctorId: doctor.platformId, clinicId: clinic.platformId, start: slot.start });
  }, []);
  const onPageWeek = useCallback((dir: -1 | 1) => (latest.current.narrow ? latest.current.moveDay(7 * dir) : latest.current.pageWeek(dir)), []);
  const onLeaveEdge = useCallback((n: number) => latest.current.moveDay(n), []);

  if (!directoryData && !directory.isError) return <CalendarSkeleton />;
  if (directory.isError) return <ProblemAlert error={directory.error} onRetry={() => void directory.refetch()} returnTo="/slots" />;
  if (doctor && !clinic && allClinics.length > 0) {
    return (
      <>
        <Card className="p-4">
          <DoctorSelect id={ids.doctor} doctors={doctors} value={doctor.platformId} ownDoctorId={ownDoctorId} onChange={setDoctorId} />
        </Card>
        <Card className="mt-4 p-8 text-center" role="status">
          <CalendarX2 aria-hidden className="mx-auto size-8 text-ink-muted" />
          <p className="mt-3 font-semibold text-ink">{t("noClinics.title", { doctor: doctor.displayName })}</p>
          <p className="mt-1 text-sm text-ink-muted">{canEditDirectory ? t("noClinics.admin") : t("noClinics.staff")}</p>
          {canEditDirectory ? (
            <Link href="/settings/clinics" className={buttonClasses({ className: "mt-4", variant: "secondary" })}>
              <Settings aria-hidden className="size-4" />
              {t("emptyDirectory.action")}
            </Link>
          ) : null}
        </Card>
      </>
    );
  }
  if (!doctor || !clinic) {
    return (
      <Card className="p-8 text-center">
        <CalendarX2 aria-hidden className="mx-auto size-8 text-ink-muted" />
        <p className="mt-3 font-semibold text-ink">{t("emptyDirectory.title")}</p>
        <p className="mt-1 text-sm text-ink-muted">{canEditDirectory ? t("emptyDirectory.admin") : t("emptyDirectory.staff")}</p>
        {canEditDirectory ? (
          <Link href="/settings/clinics" className={buttonClasses({ className: "mt-4" })}>
            <Settings aria-hidden className="size-4" />
            {t("emptyDirectory.action")}
          </Link>
        ) : null}
      </Card>
    );
  }

  return (
    // The booking dialogs' chunks are fetched on the first hover or focus on the calendar (a box-less wrapper: layout unchanged).
    <div className="contents" onPointerOver={picking ? undefined : prefetchSlotDialogs} onFocus={picking ? undefined : prefetchSlotDialogs}>
      <Card className="p-4">
        <div className={cn("grid gap-3 sm:grid-cols-2 2xl:grid-cols-[minmax(0,1.2fr)_minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)]", picking && "hidden")}>
          <DoctorSelect id={ids.doctor} doctors={doctors} value={doctor.platformId} ownDoctorId={ownDoctorId} onChange={setDoctorId} />
          <div>
            <Label htmlFor={ids.clinic}>{t("toolbar.clinic")}</Label>
            <Select id={ids.clinic} className="mt-1.5 h-10" value={clinic.platformId} onChange={(e) => setClinicId(e.target.value)}>
              {clinics.map((c) => (
                <option key={c.platformId} value={c.platformId}>
                  {c.displayName}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={ids.service}>{t("toolbar.service")}</Label>
            <Select id={ids.service} className="mt-1.5 h-10" value={serviceFilter} onChange={(e) => setServiceFilter(e.target.value)}>
              <option value="">{t("toolbar.allServices")}</option>
              {services.map((s) => (
                <option key={s.confId} value={s.confId}>
                  {s.name}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={ids.mode}>{t("toolbar.mode")}</Label>
            <Select id={ids.mode} className="mt-1.5 h-10" value={modeFilter} onChange={(e) => setModeFilter(e.target.value)}>
              <option value="">{t("toolbar.allModes")}</option>
              <option value="in_clinic">{t("mode.in_clinic")}</option>
              <option value="tele">{t("mode.tele")}</option>
            </Select>
          </div>
        </div>

        <div className={cn("flex flex-wrap items-center justify-between gap-3", !picking && "mt-4")}>
          <div className="flex items-center gap-2">
            <Button variant="secondary" size="icon" onClick={() => (narrow ? moveDay(-1) : pageWeek(-1))} aria-label={narrow ? t("toolbar.previousDay") : t("toolbar.previousWeek")}>
              <ChevronLeft aria-hidden className="size-4" />
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setLookAhead(null);
                setPagedByHand(true);
                setMonday(mondayOf(today));
                setDay(today);
              }}
            >
              {t("toolbar.today")}
            </Button>
            <Button variant="secondary" size="icon" onClick={() => (narrow ? moveDay(1) : pageWeek(1))} aria-label={narrow ? t("toolbar.nextDay") : t("toolbar.nextWeek")}>
              <ChevronRight aria-hidden className="size-4" />
            </Button>
            <h2 className="ml-1 text-sm font-semibold text-ink tabular-nums" aria-live="polite">
              {narrow ? `${weekdayName(day, locale, "long")} ${displayDay(day)}` : t("toolbar.weekOf", { from: displayDay(days[0]!), to: displayDay(days[6]!) })}
            </h2>
            {week.isFetching ? <LoaderCircle aria-label={t("toolbar.updating")} data-placeholder="" className="size-4 animate-spin text-ink-muted" /> : null}
          </div>
          <p className="text-xs text-ink-muted">
            {t("toolbar.timeZone", { zone: timeZone })}
            {shown.data ? ` · ${t("toolbar.freeCount", { count: shown.freeCount })}` : null}
          </p>
        </div>
        {skippedFrom ? (
          <p role="status" data-testid="picker-skipped" className="mt-2 text-sm text-ink-muted">
            {t("toolbar.skippedTo", { from: displayDay(skippedFrom) })}
          </p>
        ) : null}
        {narrow ? (
          <div className="mt-3 flex gap-1 overflow-x-auto" role="group" aria-label={t("toolbar.days")}>
            {days.map((d) => (
              <button
                key={d}
                type="button"
                aria-pressed={d === day}
                onClick={() => setDay(d)}
                className={cn(
                  "min-w-11 rounded-lg border px-2 py-1 text-xs focus-visible:outline-2 focus-visible:outline-focus",
                  d === day ? "border-primary bg-primary text-primary-ink" : "border-line bg-surface text-ink",
                  d === today && d !== day ? "border-primary" : "",
                )}
              >
                <span className="block font-medium">{weekdayName(d, locale)}</span>
                <span className="block tabular-nums">{d.slice(8, 10)}</span>
              </button>
            ))}
          </div>
        ) : null}
      </Card>

      <div className="mt-4">
        {week.isPending || (!shown.data && week.isSuccess) ? (
          <GridSkeleton narrow={narrow} />
        ) : notAtClinic ? (
          <Card className="p-8 text-center" role="status">
            <p className="font-semibold text-ink">{t("noClinics.notHere", { doctor: doctor.displayName, clinic: clinic.displayName })}</p>
            <p className="mt-1 text-sm text-ink-muted">{t("noClinics.chooseAnother")}</p>
          </Card>
        ) : week.isError ? (
          <ProblemAlert error={week.error} onRetry={() => void week.refetch()} returnTo="/slots" />
        ) : slots.length === 0 ? (
          <Card className="p-8 text-center">
            <p className="font-semibold text-ink">{services.length && shownServices.length < services.length ? t("empty.filtered") : t("empty.title")}</p>
            <p className="mt-1 text-sm text-ink-muted">{t("empty.detail")}</p>
          </Card>
        ) : (
          <div className={cn("transition-opacity", week.isPlaceholderData ? "opacity-60" : "")}>
            <SlotWeekGrid
              columns={columns}
              services={services}
              timeZone={shown.timeZone}
              today={today}
              now={now}
              onPick={onPick}
              onOpenTaken={picking ? undefined : onOpenTaken}
              onPageWeek={onPageWeek}
              onLeaveEdge={shown.narrow ? onLeaveEdge : undefined}
            />
            <p data-testid="slot-legend" className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
              <span aria-hidden className="inline-flex gap-1">
                <span className="rounded bg-success-soft px-1 text-success-soft-ink ring-1 ring-success-soft-ink/25 ring-inset">09:00</span>
                <span className="rounded bg-surface-sunken px-1 line-through">09:15</span>
                <span className="rounded border border-dashed border-line-strong px-1 text-ink-faint">09:30</span>
              </span>
              <span>{t("grid.legend")}</span>
            </p>
          </div>
        )}
      </div>

      {picking ? null : (
        <>
          <ServicesLegend services={services} />
          <LazyBookingDialog target={target} onClose={() => setTarget(null)} />
          <LazyTakenSlotDialog slot={taken} timeZone={timeZone} onClose={() => setTaken(null)} />
        </>
      )}
    </div>
  );
}

function DoctorSelect({
  id,
  doctors,
  value,
  ownDoctorId,
  onChange,
}: {
  id: string;
  doctors: { platformId: string; displayName: string }[];
  value: string;
  ownDoctorId: string | null;
  onChange: (id: string) => void;
}) {
  const t = useTranslations("slots");
  return (
    <div>
      <Label htmlFor={id}>{t("toolbar.doctor")}</Label>
      <Select id={id} className="mt-1.5 h-10" value={value} onChange={(e) => onChange(e.target.value)}>
        {doctors.map((d) => (
          <option key={d.platformId} value={d.platformId}>
            {d.platformId === ownDoctorId ? t("toolbar.you", { name: d.displayName }) : d.displayName}
          </option>
        ))}
      </Select>
    </div>
  );
}

function CalendarSkeleton() {
  return (
    <div aria-busy="true">
      <Skeleton className="h-36 w-full rounded-xl" />
      <GridSkeleton narrow={false} />
    </div>
  );
}

function GridSkeleton({ narrow }: { narrow: boolean }) {
  return (
    <div aria-hidden className={cn("mt-4 grid gap-2", narrow ? "grid-cols-1" : "grid-cols-7")}>
      {Array.from({ length: narrow ? 1 : 7 }, (_, i) => (
        <Skeleton key={i} className="h-80 rounded-xl" />
      ))}
    </div>
  );
}
