"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useSlotHolder } from "@/lib/api-client/queue";
import { clinicDay, clinicTime, displayDay } from "@/lib/slots/clinic-time";
import { patientName, STATUS_TONES } from "./queue-row";

/** A taken slot in the calendar: who holds it and its status, with the way to its day in the queue. */
export function TakenSlotDialog({ slot, timeZone, onClose }: { slot: { doctorId: string; clinicId: string; start: string } | null; timeZone: string; onClose(): void }) {
  const t = useTranslations("queue");
  const router = useRouter();
  const holder = useSlotHolder(slot);
  const a = holder.data?.appointment ?? null;
  return (
    <ConfirmDialog
      open={!!slot}
      tone="primary"
      title={slot ? t("takenTitle", { time: `${displayDay(clinicDay(slot.start, timeZone))} ${clinicTime(slot.start, timeZone)}` }) : ""}
      confirmLabel={t("openInQueue")}
      cancelLabel={t("close")}
      onCancel={onClose}
      onConfirm={() => {
        if (!slot) return;
        const target = a ? `/appointments/today?clinic=${encodeURIComponent(a.clinicId)}&day=${a.day}&doctor=${encodeURIComponent(a.doctorId)}` : `/appointments/today?clinic=${encodeURIComponent(slot.clinicId)}`;
        onClose();
        router.push(target);
      }}
    >
      {holder.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : holder.isError ? (
        <p role="alert">{t("errorTitle")}</p>
      ) : a ? (
        <div className="flex flex-col gap-1">
          <p className="font-medium text-ink">{patientName(a, t("unknownPatient"))}</p>
          <p>
            {a.serviceName ?? a.confId} · {a.doctorName}
          </p>
          <p className="flex items-center gap-2">
            <Badge tone={STATUS_TONES[a.status]}>{t(`status.${a.status}`)}</Badge>
            {a.bookedBy ? (
              <span>
                {t("columns.bookedBy")}: {a.bookedBy === "platform" ? t("bookedByPlatform") : a.bookedBy}
              </span>
            ) : null}
          </p>
        </div>
      ) : (
        <p>{t("takenUnknown")}</p>
      )}
    </ConfirmDialog>
  );
}
