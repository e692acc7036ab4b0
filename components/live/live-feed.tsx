"use client";

import { useCallback, useMemo, useState, useSyncExternalStore } from "react";
import { Bell, BellOff, Volume2, VolumeX } from "lucide-react";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox, Label, Select } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { useLiveFeed, type FeedStatus } from "@/lib/api-client/live-events";
import type { LiveEvent } from "@/lib/schemas/live-events";
import { DoctorJoinedCard, GenericEventCard, isDoctorJoined } from "./event-card";
import { doctorLabel, eventTitle, patientLabel } from "./event-words";
import { playChime, useFeedAlerts } from "./feed-alerts";
import { compareNames } from "@/lib/i18n/name-order";

const STATUS_TONE: Record<FeedStatus, BadgeTone> = { loading: "neutral", live: "success", reconnecting: "warning", error: "danger", paused: "warning" };

const noSubscription = () => () => {};

/**
 * Whether this browser has notifications, as a hydration-safe value: the server (which has no
 * `window`) and the first client render both say no, then the client says what it has. Reading
 * `window` during render made the server and client trees differ (React error #418).
 */
function useNotificationsSupported(): boolean {
  return useSyncExternalStore(noSubscription, () => "Notification" in window, () => false);
}

/** Filter choices: one per id, labelled with the directory's name when the desk knows it. */
const distinct = (events: LiveEvent[], pick: (e: LiveEvent) => [string | null, string | null]) => {
  const byId = new Map<string, string>();
  for (const e of events) {
    const [id, name] = pick(e);
    if (id && (!byId.has(id) || name)) byId.set(id, name ?? id);
  }
  return [...byId].map(([id, label]) => ({ id, label })).sort((a, b) => compareNames(a.label, b.label));
};

export function LiveFeed() {
  const t = useTranslations("live");
  const alerts = useFeedAlerts();
  const notificationsSupported = useNotificationsSupported();
  const [announcement, setAnnouncement] = useState("");
  const [freshIds, setFreshIds] = useState<Set<number>>(new Set());
  const [doctor, setDoctor] = useState("");
  const [clinic, setClinic] = useState("");

  const onLive = useCallback(
    (e: LiveEvent) => {
      setFreshIds((s) => new Set(s).add(e.id));
      const summary = isDoctorJoined(e) ? t("doctorJoined", { doctor: e.doctorName ?? e.doctorId ?? "—" }) : eventTitle(e, t);
      setAnnouncement(t("newEvent", { summary }));
      if (!isDoctorJoined(e)) return;
      if (alerts.sound) playChime();
      if (alerts.notify && typeof Notification !== "undefined" && Notification.permission === "granted") {
        new Notification(t("notificationTitle"), { body: t("notificationBody", { doctor: doctorLabel(e, t), patient: patientLabel(e, t) }), tag: `live-${e.id}` });
      }
    },
    [alerts.sound, alerts.notify, t],
  );
  const { events, status, error, retry } = useLiveFeed(onLive);
  const doctors = useMemo(() => distinct(events, (e) => [e.doctorId, e.doctorName]), [events]);
  const clinics = useMemo(() => distinct(events, (e) => [e.clinicId, e.clinicName]), [events]);
  const shown = events.filter((e) => (!doctor || e.doctorId === doctor) && (!clinic || e.clinicId === clinic));

  return (
    <div className="space-y-4">
      <Card className="flex flex-wrap items-end gap-4 p-4">
        <div className="flex items-center gap-2 self-center" role="status" aria-live="polite">
          <Badge tone={STATUS_TONE[status]} data-testid="feed-status" data-status={status}>
            <span aria-hidden className={`size-2 rounded-full ${status === "live" ? "animate-pulse bg-success" : "bg-current"}`} />
            {t(`status.${status}`)}
          </Badge>
        </div>
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="sr-only">{t("filtersLabel")}</legend>
          <div>
            <Label htmlFor="live-doctor">{t("doctorFilter")}</Label>
            <Select id="live-doctor" className="mt-1 h-9 min-w-40" value={doctor} onChange={(e) => setDoctor(e.target.value)}>
              <option value="">{t("allDoctors")}</option>
              {doctors.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.label}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor="live-clinic">{t("clinicFilter")}</Label>
            <Select id="live-clinic" className="mt-1 h-9 min-w-40" value={clinic} onChange={(e) => setClinic(e.target.value)}>
              <option value="">{t("allClinics")}</option>
              {clinics.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </Select>
          </div>
        </fieldset>
        <div className="ml-auto flex flex-wrap items-center gap-4 self-center">
          <Checkbox
            checked={alerts.sound}
            onChange={(e) => alerts.toggleSound(e.target.checked)}
            label={
              <span className="inline-flex items-center gap-1">
                {alerts.sound ? <Volume2 aria-hidden className="size-4" /> : <VolumeX aria-hidden className="size-4" />}
                {t("sound")}
              </span>
            }
          />
          {notificationsSupported ? (
            <Checkbox
              checked={alerts.notify}
              onChange={(e) => void alerts.toggleNotify(e.target.checked)}
              label={
                <span className="inline-flex items-center gap-1">
                  {alerts.notify ? <Bell aria-hidden className="size-4" /> : <BellOff aria-hidden className="size-4" />}
                  {t("notifications")}
                </span>
              }
            />
          ) : null}
        </div>
        {alerts.blocked ? <p className="w-full text-sm text-warning-soft-ink">{t("notificationsBlocked")}</p> : null}
      </Card>

      <p className="sr-only" aria-live="assertive">
        {announcement}
      </p>

      {status === "paused" ? (
        <Card className="flex flex-wrap items-center justify-between gap-3 border-warning/50 bg-warning-soft p-4 text-warning-soft-ink" data-testid="feed-paused">
          <p className="text-sm">{t("pausedTooMany")}</p>
          <Button size="sm" variant="secondary" onClick={retry}>
            {t("resumeHere")}
          </Button>
        </Card>
      ) : null}

      {status === "error" ? (
        <ProblemAlert error={error} onRetry={retry} returnTo="/live" />
      ) : status === "loading" && events.length === 0 ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-36 w-full" />
        </div>
      ) : shown.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-medium text-ink">{events.length === 0 ? t("emptyTitle") : t("emptyFiltered")}</p>
          {events.length === 0 ? <p className="mx-auto mt-1 max-w-prose text-sm text-ink-muted">{t("emptyBody")}</p> : null}
        </Card>
      ) : (
        <section aria-label={t("eventsLabel")}>
          <ol className="space-y-3">
            {shown.map((e) => (
              <li key={e.id}>{isDoctorJoined(e) ? <DoctorJoinedCard event={e} fresh={freshIds.has(e.id)} /> : <GenericEventCard event={e} />}</li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
