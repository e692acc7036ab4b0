"use client";

import { useState, type FormEvent } from "react";
import { DoorOpen } from "lucide-react";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button } from "@/components/ui/button";
import { CardHeading, CardSection } from "@/components/ui/card";
import { FieldError, Input, Label, Select } from "@/components/ui/field";
import { DayField } from "@/components/ui/day-field";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiProblemError } from "@/lib/api-client/problem-error";
import { useClinicRooms, useSetRoom } from "@/lib/api-client/counter-settings";
import { useSettingsDirectory } from "@/lib/api-client/slots";
import type { DoctorRoom } from "@/lib/schemas/counter-settings";

/** YYYY-MM-DD → DD/MM/YYYY, whatever the page's language. */
const ddmmyyyy = (day: string) => day.split("-").reverse().join("/");

function fieldError(err: unknown): string | undefined {
  if (!(err instanceof ApiProblemError)) return undefined;
  const errors = err.problem.errors ?? {};
  return errors.room ?? errors.day ?? errors.doctorId ?? errors.clinicId;
}

/** One doctor: the usual room and the chosen day's (today's unless a later day is chosen), saved together; what was typed stays when a save fails. */
function DoctorRoomRow({ clinicId, day, isToday, doctor }: { clinicId: string; day: string; isToday: boolean; doctor: DoctorRoom }) {
  const t = useTranslations("rooms");
  const save = useSetRoom();
  const [usual, setUsual] = useState(doctor.usualRoom ?? "");
  const [today, setToday] = useState(doctor.todayRoom ?? "");
  const [errors, setErrors] = useState<{ usual?: string; today?: string; other?: unknown }>({});
  const id = `room-${doctor.doctorId.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  const changed = usual.trim() !== (doctor.usualRoom ?? "") || today.trim() !== (doctor.todayRoom ?? "");

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    const next: typeof errors = {};
    for (const [which, room, wanted] of [
      ["usual", usual, doctor.usualRoom],
      ["today", today, doctor.todayRoom],
    ] as const) {
      if (room.trim() === (wanted ?? "")) continue;
      try {
        await save.mutateAsync({ clinicId, doctorId: doctor.doctorId, room, ...(which === "today" ? { day } : {}) });
      } catch (err) {
        const message = fieldError(err);
        if (message) next[which] = message;
        else next.other = err;
      }
    }
    setErrors(next);
    if (next.usual || next.today) document.getElementById(`${id}-${next.usual ? "usual" : "today"}`)?.focus();
    else if (!next.other) toast.success(t("saved", { doctor: doctor.doctorName }));
  }

  return (
    <li data-doctor={doctor.doctorId} className="py-4">
      <form className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start" onSubmit={submit} noValidate>
        <div className="pt-1">
          <p className="font-medium text-ink">{doctor.doctorName}</p>
          <p className="text-sm text-ink-muted" data-testid="room-now">
            {doctor.room ? (isToday ? t("now", { room: doctor.room }) : t("onDay", { room: doctor.room, day: ddmmyyyy(day) })) : t("noRoom")}
          </p>
        </div>
        <div>
          <Label htmlFor={`${id}-usual`}>{t("usual")}</Label>
          <Input
            id={`${id}-usual`}
            className="mt-1.5"
            placeholder={t("placeholder")}
            aria-label={t("usualFor", { doctor: doctor.doctorName })}
            value={usual}
            maxLength={60}
            onChange={(e) => setUsual(e.target.value)}
            invalid={!!errors.usual}
            aria-describedby={errors.usual ? `${id}-usual-error` : undefined}
          />
          <FieldError id={`${id}-usual-error`}>{errors.usual}</FieldError>
        </div>
        <div>
          <Label htmlFor={`${id}-today`}>{t(isToday ? "today" : "dayOnly", { day: ddmmyyyy(day) })}</Label>
          <Input
            id={`${id}-today`}
            className="mt-1.5"
            placeholder={doctor.usualRoom ?? t("placeholder")}
            aria-label={t(isToday ? "todayFor" : "dayFor", { doctor: doctor.doctorName, day: ddmmyyyy(day) })}
            value={today}
            maxLength={60}
            onChange={(e) => setToday(e.target.value)}
            invalid={!!errors.today}
            aria-describedby={errors.today ? `${id}-today-error` : `${id}-today-hint`}
          />
          {errors.today ? <FieldError id={`${id}-today-error`}>{errors.today}</FieldError> : <p id={`${id}-today-hint`} className="mt-1 text-xs text-ink-muted">{t("todayHint")}</p>}
        </div>
        <Button type="submit" variant="secondary" className="sm:mt-6" disabled={save.isPending || !changed} aria-label={t("saveFor", { doctor: doctor.doctorName })}>
          {t("save")}
        </Button>
        {errors.other ? (
          <div className="sm:col-span-4">
            <ProblemAlert error={errors.other} />
          </div>
        ) : null}
      </form>
    </li>
  );
}

/** The clinic's doctors on one day: the day field (today or later) above the list. */
function ClinicRoomList({ clinicId }: { clinicId: string }) {
  const t = useTranslations("rooms");
  const [day, setDay] = useState<string | undefined>(undefined);
  const rooms = useClinicRooms(clinicId, day);
  if (rooms.isPending)
    return (
      <div className="mt-4 space-y-2" aria-busy="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (rooms.error)
    return (
      <div className="mt-4">
        <ProblemAlert error={rooms.error} onRetry={() => void rooms.refetch()} returnTo="/settings/rooms" />
      </div>
    );
  if (!rooms.data.doctors.length) return <p className="mt-4 text-sm text-ink-muted">{t("noDoctors")}</p>;
  const { today } = rooms.data;
  const shown = rooms.data.day;
  return (
    <>
      <div className="mt-4" aria-busy={rooms.isPlaceholderData || undefined}>
        <DayField id="rooms-day" label={t("day")} value={day ?? shown} today={today} min={today} onChange={(d) => setDay(d === today ? undefined : d)} />
        <p className="mt-1 text-xs text-ink-muted">{t("dayHint")}</p>
      </div>
      <ul className="mt-2 divide-y divide-line" aria-label={t("listLabel")}>
        {rooms.data.doctors.map((d) => (
          // Keyed by what was stored and the day shown: a save elsewhere (another admin, another tab) or another day starts the row afresh.
          <DoctorRoomRow key={`${shown}:${d.doctorId}:${d.usualRoom}:${d.todayRoom}`} clinicId={clinicId} day={shown} isToday={shown === today} doctor={d} />
        ))}
      </ul>
    </>
  );
}

/** Settings → Rooms: which room each doctor sits in at a clinic, usually and today; slip, display and counter read it. */
export function RoomsSettings() {
  const t = useTranslations("rooms");
  const directory = useSettingsDirectory();
  const [chosen, setChosen] = useState("");
  const clinicId = chosen || directory.data?.clinics[0]?.platformId || "";
  return (
    <CardSection className="p-5" aria-labelledby="rooms-title">
      <CardHeading id="rooms-title" icon={DoorOpen}>
        {t("cardTitle")}
      </CardHeading>
      <p className="mt-1 text-sm text-ink-muted">{t("howTo")}</p>
      <div className="mt-4 max-w-sm">
        <Label htmlFor="rooms-clinic">{t("clinic")}</Label>
        {directory.isPending ? (
          <Skeleton className="mt-1.5 h-10 w-full" />
        ) : directory.error ? (
          <div className="mt-1.5">
            <ProblemAlert error={directory.error} onRetry={() => void directory.refetch()} />
          </div>
        ) : directory.data.clinics.length ? (
          <Select id="rooms-clinic" className="mt-1.5 h-10" value={clinicId} onChange={(e) => setChosen(e.target.value)}>
            {directory.data.clinics.map((c) => (
              <option key={c.platformId} value={c.platformId}>
                {c.displayName}
              </option>
            ))}
          </Select>
        ) : (
          <p className="mt-1.5 text-sm text-ink-muted">{t("noClinics")}</p>
        )}
      </div>
      {clinicId ? <ClinicRoomList key={clinicId} clinicId={clinicId} /> : null}
    </CardSection>
  );
}
