"use client";

import { memo, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { AlertTriangle, Printer, Search, UserPlus } from "lucide-react";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { DayField } from "@/components/ui/day-field";
import { Input, Label, Select } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { focusQueueRow } from "@/components/ui/focus-after";
import { can, canOnRow, type RowViewer } from "@/lib/access";
import { ApiProblemError } from "@/lib/api-client/http";
import { useChangeQueueStatus, useQueueDay, useQueueLive, useUndoQueueChange } from "@/lib/api-client/queue";
import { useClinicDirectory } from "@/lib/api-client/slots";
import { TIME_ZONE } from "@/lib/i18n/locales";
import { ALL_DOCTORS, rememberQueueClinic } from "@/lib/queue/queue-url";
import { QUEUE_STATUSES, type QueueStatus } from "@/lib/queue/status-moves";
import type { QueueEntry } from "@/lib/schemas/queue";
import { clinicDay, clinicTime, displayDay } from "@/lib/slots/clinic-time";
import { CounterBar } from "./counter-bar";
import { CounterShares, CounterSharesPlaceholder } from "./counter-shares";
import { LazyCancelDialog, LazyLinkPatientDialog, LazyRescheduleDialog, LazyWalkInDialog, prefetchQueueDialogs } from "./queue-dialogs-lazy";
import { patientName, QueueRow, STATUS_TONES } from "./queue-row";
import { useNow } from "./use-now";
import { compareNames } from "@/lib/i18n/name-order";

const digits = (s: string) => s.replace(/\D/g, "");

function matches(e: QueueEntry, q: string): boolean {
  if (!q) return true;
  const text = q.toLowerCase();
  const p = e.patient;
  const hay = [p?.name, e.patientLabel, p?.uhid].filter(Boolean).join(" ").toLowerCase();
  if (hay.includes(text)) return true;
  const d = digits(q);
  return d.length >= 3 && !!p?.mobile && digits(p.mobile).includes(d);
}

function syncUrl(params: Record<string, string>) {
  const url = new URL(window.location.href);
  for (const [k, v] of Object.entries(params)) {
    if (v) url.searchParams.set(k, v);
    else url.searchParams.delete(k);
  }
  window.history.replaceState(null, "", url);
}

export interface QueueBoardProps {
  start: { clinic?: string; day?: string; doctor?: string; ownDoctor?: string };
  /** Who is looking: a doctor is offered changes on their own appointments only. */
  viewer: RowViewer;
}

const NO_ENTRIES: QueueEntry[] = [];

/**
 * Keeps the board live (see useQueueLive) and says so. Its own component: the stream opening or
 * dropping redraws these words, not the whole board.
 */
const LiveStatus = memo(function LiveStatus({ clinicId }: { clinicId: string | null }) {
  const t = useTranslations("queue");
  const live = useQueueLive(clinicId);
  return (
    // Both words hold the same cell, the other one unseen: the row keeps its width when the stream connects.
    <span className="grid text-xs">
      <span className={cn("col-start-1 row-start-1", live === "live" ? "text-success-soft-ink" : "text-ink-faint")} role="status">
        {live === "live" ? `● ${t("live")}` : t("reconnecting")}
      </span>
      <span aria-hidden className="invisible col-start-1 row-start-1">
        {live === "live" ? t("reconnecting") : `● ${t("live")}`}
      </span>
    </span>
  );
});

/** Today's appointments of one clinic, grouped by doctor, live on every desk. */
export function QueueBoard({ start, viewer }: QueueBoardProps) {
  const t = useTranslations("queue");
  const directory = useClinicDirectory();
  // Drawn a render behind its arrival, like the day's rows below: React draws the board in slices.
  const directoryData = useDeferredValue(directory.data);
  const directoryPending = !directoryData && !directory.isError;
  const clinics = directoryData?.clinics ?? [];
  const [clinicId, setClinicId] = useState<string | null>(start.clinic ?? null);
  const clinic = clinics.find((c) => c.platformId === clinicId) ?? clinics[0];
  const effectiveClinic = clinic?.platformId ?? null;
  const timeZone = clinic?.timeZone ?? TIME_ZONE;
  const now = useNow();
  const today = clinicDay(now, timeZone);
  const [day, setDay] = useState(start.day ?? "");
  const shownDay = day || today;
  const [doctor, setDoctor] = useState(start.doctor === ALL_DOCTORS ? "" : (start.doctor ?? ""));
  const [status, setStatus] = useState<QueueStatus | "">("");
  const [search, setSearch] = useState("");
  const searchRef = useRef<HTMLInputElement>(null);
  const query = useQueueDay(effectiveClinic, shownDay);
  const change = useChangeQueueStatus(effectiveClinic ?? "");
  const undo = useUndoQueueChange(effectiveClinic ?? "");
  const [cancelling, setCancelling] = useState<QueueEntry | null>(null);
  const [moving, setMoving] = useState<QueueEntry | null>(null);
  const [linking, setLinking] = useState<QueueEntry | null>(null);
  const [walkIn, setWalkIn] = useState(false);

  // The page chose the clinic (and a doctor's own queue): the address says so, for a reload or a shared link.
  useEffect(() => {
    syncUrl({ clinic: start.clinic ?? "", doctor: start.doctor ?? "" });
  }, [start.clinic, start.doctor]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (e.key === "/" && !["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) && !target.isContentEditable) {
        e.preventDefault();
        searchRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // The rows follow the day's data a render behind its arrival: React draws them in a transition it
  // can interrupt (in slices, not one long task), while the filters above stay instant. Everything the
  // list shows, counts included, reads this one value, so they never disagree.
  // Only while it is still this clinic's and this day's: a day or clinic just changed shows no rows and
  // no counts (as before it is read), never the previous day's beside the new date, even for a frame.
  const deferred = useDeferredValue(query.data);
  const data = deferred && deferred.clinicId === effectiveClinic && deferred.day === shownDay ? deferred : undefined;
  const all = useMemo(() => data?.appointments ?? [], [data]);
  const byDoctor = useMemo(() => {
    const map = new Map<string, QueueEntry[]>();
    for (const e of all) {
      const list = map.get(e.doctorId);
      if (list) list.push(e);
      else map.set(e.doctorId, [e]);
    }
    return map;
  }, [all]);
  const counts = useMemo(() => {
    const c = Object.fromEntries(QUEUE_STATUSES.map((s) => [s, 0])) as Record<QueueStatus, number>;
    for (const e of all) if (!doctor || e.doctorId === doctor) c[e.status]++;
    return c;
  }, [all, doctor]);
  const directoryDoctors = directoryData?.doctors;
  const doctors = useMemo(() => {
    const names = new Map(all.map((e) => [e.doctorId, e.doctorName]));
    // The doctor chosen, and a signed-in doctor's own name, stay in the list on a day without their
    // appointments here: a doctor who looked at all doctors can always go back to their own list.
    for (const id of [doctor, start.ownDoctor]) {
      const known = id ? directoryDoctors?.find((d) => d.platformId === id) : undefined;
      if (known && !names.has(known.platformId)) names.set(known.platformId, known.displayName);
    }
    return [...names.entries()].sort((a, b) => compareNames(a[1], b[1]));
  }, [all, doctor, start.ownDoctor, directoryDoctors]);
  const mayChange = (doctorId: string) => canOnRow(viewer, "queue.update", doctorId);
  const shown = all.filter((e) => (!doctor || e.doctorId === doctor) && (!status || e.status === status) && matches(e, search.trim()));
  const groups = doctors.map(([id, name]) => ({ id, name, entries: shown.filter((e) => e.doctorId === id) })).filter((g) => g.entries.length > 0);

  function problem(err: unknown) {
    toast.error(t("changeFailed"), { description: err instanceof ApiProblemError ? (err.problem.detail ?? err.problem.title) : String(err) });
  }

  function move(entry: QueueEntry, to: QueueStatus, reason?: string) {
    const name = patientName(entry, t("unknownPatient"));
    change.mutate(
      { appointmentId: entry.appointmentId, to, version: entry.version, reason },
      {
        onSuccess: (after) => {
          setCancelling(null);
          focusQueueRow(after.appointmentId, after.status);
          const until = after.undoUntil ? Date.parse(after.undoUntil) - Date.now() : 0;
          // Arrival issues the token: the receptionist reads it out to the patient from here.
          const token = after.status === "checked_in" && after.tokenLabel ? ` · ${t("token.aria", { token: after.tokenLabel })}` : "";
          toast.success(`${t("moved", { patient: name, status: t(`status.${after.status}`) })}${token}`, {
            duration: until > 0 ? Math.min(until, 15_000) : 4000,
            action:
              until > 0
                ? {
                    label: t("undo"),
                    onClick: () =>
                      undo.mutate(
                        { appointmentId: after.appointmentId, version: after.version },
                        {
                          onSuccess: (back) => {
                            toast.info(t("undone", { patient: name, status: t(`status.${back.status}`) }));
                            focusQueueRow(back.appointmentId, back.status);
                          },
                          onError: problem,
                        },
                      ),
                  }
                : undefined,
          });
        },
        onError: problem,
      },
    );
  }

  // Stable for the rows (memoised): a refresh of the day redraws only the rows whose appointment changed.
  const moveRef = useRef(move);
  useLayoutEffect(() => {
    moveRef.current = move;
  });
  const onMove = useCallback((e: QueueEntry, to: QueueStatus) => (to === "cancelled" ? setCancelling(e) : moveRef.current(e, to)), []);
  const counter = data?.counter;
  const schedules = directoryData?.schedules;
  const walkInDoctors = useMemo(() => {
    // Doctors who work at this clinic (all doctors while the platform has not said where they work).
    const list = (directoryDoctors ?? []).filter((d) => !schedules?.[d.platformId] || schedules[d.platformId]!.includes(effectiveClinic ?? ""));
    return list.map((d) => ({ id: d.platformId, name: d.displayName })).sort((a, b) => compareNames(a.name, b.name));
  }, [directoryDoctors, schedules, effectiveClinic]);

  if (directoryData && clinics.length === 0) {
    const admin = can(viewer.role, "settings.write");
    return (
      <div role="status" className="flex flex-col items-start gap-2 rounded-xl border border-line bg-surface p-6" data-testid="no-clinic">
        <p className="font-semibold text-ink">{t("noClinicTitle")}</p>
        <p className="text-sm text-ink-muted">{admin ? t("noClinicAdmin") : t("noClinic")}</p>
        {admin ? (
          <Link href="/settings/clinics" className="text-sm font-medium text-primary underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-focus">
            {t("noClinicLink")}
          </Link>
        ) : null}
      </div>
    );
  }

  return (
    // The dialogs' chunks are fetched on the first hover or focus anywhere on the board, before any of its buttons is pressed.
    <div className="flex flex-col gap-4" onPointerOver={prefetchQueueDialogs} onFocus={prefetchQueueDialogs}>
      <p className="hidden text-lg font-semibold print:block">
        {clinic?.displayName} · {displayDay(shownDay)}
      </p>
      <div className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2 2xl:grid-cols-[minmax(0,2fr)_auto_minmax(8.5rem,1fr)_minmax(9.5rem,1fr)] print:hidden">
        <div className="flex flex-col gap-1">
          <Label htmlFor="queue-clinic">{t("clinic")}</Label>
          <Select
            id="queue-clinic"
            value={effectiveClinic ?? ""}
            title={clinic?.displayName}
            onChange={(e) => {
              setClinicId(e.target.value);
              syncUrl({ clinic: e.target.value });
              rememberQueueClinic(e.target.value);
            }}
          >
            {clinics.map((c) => (
              <option key={c.platformId} value={c.platformId}>
                {c.displayName}
              </option>
            ))}
          </Select>
        </div>
        <DayField
          id="queue-day"
          label={t("date")}
          value={shownDay}
          today={today}
          onChange={(next) => {
            setDay(next);
            syncUrl({ day: next === today ? "" : next });
          }}
        />
        <div className="flex flex-col gap-1">
          <Label htmlFor="queue-doctor">{t("doctor")}</Label>
          <Select
            id="queue-doctor"
            value={doctor}
            onChange={(e) => {
              setDoctor(e.target.value);
              syncUrl({ doctor: e.target.value || ALL_DOCTORS });
            }}
          >
            <option value="">{t("allDoctors")}</option>
            {doctors.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="queue-status">{t("statusFilter")}</Label>
          <Select id="queue-status" value={status} onChange={(e) => setStatus(e.target.value as QueueStatus | "")}>
            <option value="">{t("allStatuses")}</option>
            {QUEUE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
                {data ? ` (${counts[s]})` : ""}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1 sm:col-span-2 2xl:col-span-4">
          <Label htmlFor="queue-search">{t("search")}</Label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-faint" />
            <Input
              id="queue-search"
              ref={searchRef}
              type="search"
              autoComplete="off"
              className="pl-9"
              placeholder={t("searchPlaceholder")}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              onKeyDown={(e) => e.key === "Escape" && setSearch("")}
            />
          </div>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("counts")}>
        <span className="mr-1 text-sm font-medium text-ink" aria-live="polite">
          {/* Until the day has been read (or when reading it failed) there is no count to give, not "No appointments". */}
          {data ? (
            t("total", { count: all.filter((e) => !doctor || e.doctorId === doctor).length })
          ) : (
            // Unseen and unread, the room of a two-digit day's total: the count arriving does not wrap the chips onto a new line and push the queue down.
            <span aria-hidden className="invisible">
              {t("total", { count: 10 })}
            </span>
          )}
        </span>
        {QUEUE_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => setStatus(status === s ? "" : s)}
            className={cn("rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus print:hidden", status === s && "ring-2 ring-primary")}
          >
            <Badge tone={STATUS_TONES[s]}>
              {t(`status.${s}`)} <span className="inline-block min-w-[1ch] text-center tabular-nums">{data ? counts[s] : "–"}</span>
            </Badge>
          </button>
        ))}
        <span className="ml-auto flex items-center gap-3 print:hidden">
          <LiveStatus clinicId={effectiveClinic} />
          {can(viewer.role, "queue.walkIn") && shownDay === today && clinic ? (
            <Button size="sm" onClick={() => setWalkIn(true)} title={t("walkIn.openHint")} data-testid="walk-in-open">
              <UserPlus aria-hidden className="size-4" />
              {t("walkIn.open")}
            </Button>
          ) : can(viewer.role, "queue.walkIn") && shownDay === today && directoryPending ? (
            // Its room, unseen, until the clinic is known: the counts row does not wrap later and push the queue down.
            <span aria-hidden className={cn(buttonClasses({ size: "sm" }), "invisible")}>
              <UserPlus className="size-4" />
              {t("walkIn.open")}
            </span>
          ) : null}
          <Button variant="secondary" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden className="size-4" />
            {t("print")}
          </Button>
        </span>
      </div>

      {can(viewer.role, "queue.walkIn") && shownDay === today && effectiveClinic ? (
        <CounterShares clinicId={effectiveClinic} day={today} doctors={walkInDoctors} defaultDoctor={doctor || undefined} />
      ) : can(viewer.role, "queue.walkIn") && shownDay === today && directoryPending ? (
        <CounterSharesPlaceholder />
      ) : null}

      {/* Still loading, or the day has come and its rows are being drawn (the deferred value above). */}
      {query.isPending || directoryPending || (!data && !query.isError) ? (
        <div role="status" className="flex flex-col gap-2" aria-busy="true" aria-label={t("loading")}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : query.isError && query.error instanceof ApiProblemError && query.error.problem.status === 401 ? (
        // Signed out (here or on another desk): the way back is signing in, not trying again.
        <ProblemAlert error={query.error} returnTo={`${window.location.pathname}${window.location.search}`} />
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger-soft p-4 text-danger-soft-ink">
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle aria-hidden className="size-4" />
            {t("errorTitle")}
          </p>
          <p className="text-sm">{query.error instanceof ApiProblemError ? (query.error.problem.detail ?? query.error.problem.title) : null}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : groups.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-8 text-center text-sm text-ink-muted">{all.length ? t("emptyFiltered") : t("empty")}</p>
      ) : (
        groups.map((g) => (
          <section key={g.id} aria-labelledby={`doctor-${g.id}`} className="overflow-hidden rounded-xl border border-line bg-surface print:break-before-page print:border-0 first-of-type:print:break-before-auto">
            <header className="flex flex-wrap items-center justify-between gap-2 border-b border-line bg-surface-sunken px-4 py-2">
              <h2 id={`doctor-${g.id}`} className="font-semibold text-ink">
                {g.name} <span className="text-sm font-normal text-ink-muted">· {t("total", { count: g.entries.length })}</span>
              </h2>
            </header>
            {shownDay === today && counter && effectiveClinic ? (
              <CounterBar clinicId={effectiveClinic} doctorId={g.id} doctorName={g.name} entries={byDoctor.get(g.id) ?? NO_ENTRIES} counter={counter} canAct={mayChange(g.id)} canCallUnpaid={can(viewer.role, "queue.callUnpaid")} />
            ) : null}
            <ul className="divide-y divide-line">
              {g.entries.map((e) => (
                <QueueRow
                  key={e.appointmentId}
                  entry={e}
                  timeZone={timeZone}
                  today={today}
                  now={now}
                  busy={change.isPending && change.variables?.appointmentId === e.appointmentId}
                  mayChange={mayChange(e.doctorId)}
                  onMove={onMove}
                  onReschedule={setMoving}
                  onLink={setLinking}
                  marks={counter?.priorityMarks}
                  mayCollect={can(viewer.role, "billing.collect")}
                />
              ))}
            </ul>
          </section>
        ))
      )}
      <LazyRescheduleDialog
        entry={moving}
        timeZone={timeZone}
        onClose={() => setMoving(null)}
        onMoved={(after) => {
          // Moved to another day, the row leaves this list: the search box is where the next patient is found.
          focusQueueRow(after.appointmentId, after.status, () => searchRef.current, after.start);
          toast.success(t("rescheduled", { patient: patientName(after, t("unknownPatient")), time: `${displayDay(after.day)} ${clinicTime(after.start, timeZone)}` }));
        }}
      />
      {clinic ? (
        <LazyWalkInDialog
          open={walkIn}
          onClose={() => setWalkIn(false)}
          clinic={{ id: clinic.platformId, name: clinic.displayName, timeZone }}
          today={today}
          now={now}
          doctors={walkInDoctors}
          defaultDoctor={doctor || undefined}
          marks={counter?.priorityMarks ?? []}
        />
      ) : null}
      <LazyLinkPatientDialog entry={linking} timeZone={timeZone} onClose={() => setLinking(null)} />
      <LazyCancelDialog
        open={!!cancelling}
        busy={change.isPending}
        summary={{ patient: cancelling ? patientName(cancelling, t("unknownPatient")) : "", time: cancelling ? clinicTime(cancelling.start, timeZone) : "", doctor: cancelling?.doctorName ?? "" }}
        onClose={() => setCancelling(null)}
        onConfirm={(reason) => cancelling && move(cancelling, "cancelled", reason)}
      />
    </div>
  );
}
