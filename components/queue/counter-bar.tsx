"use client";

import { activeMarks } from "@/lib/queue/priority-marks";
import { memo, useMemo } from "react";
import { PhoneCall, RotateCcw, SkipForward } from "lucide-react";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { ApiProblemError } from "@/lib/api-client/http";
import { useCounterAction } from "@/lib/api-client/opd-counter";
import { callOrder, callsUntilBack } from "@/lib/queue/call-order";
import type { CounterAction, CounterInfo, QueueEntry } from "@/lib/schemas/queue";
import { patientName } from "./queue-row";
import { TokenBadge, usePriorityName } from "./token-badge";

/** The latest token in consultation for this doctor: the one recall and skip act on. */
export function nowServing(entries: readonly QueueEntry[]): QueueEntry | undefined {
  return entries
    .filter((e) => e.status === "in_consultation")
    .sort((a, b) => Date.parse(b.calledAt ?? b.statusChangedAt) - Date.parse(a.calledAt ?? a.statusChangedAt))[0];
}

/** The waiting tokens of one doctor in the order "Call next" will take them (a pre-pay visit not yet paid waits for its payment). */
export function waitingInOrder(entries: readonly QueueEntry[], counter: CounterInfo, doctorId: string) {
  const waiting = entries.filter((e) => e.status === "checked_in" && e.tokenNumber !== null && e.billing?.state !== "prepay_missing").map((e) => ({ ...e, tokenNumber: e.tokenNumber! }));
  return callOrder(waiting, { calls: counter.calls[doctorId] ?? 0, skipReturnAfter: counter.skipReturnAfter, marks: counter.priorityMarks });
}

/**
 * One doctor's counter on today's queue: who is being served, who comes next, and Call next /
 * Recall / Skip, for the doctor on their own queue and for the front desk on any doctor's.
 */
export const CounterBar = memo(function CounterBar({
  clinicId,
  doctorId,
  doctorName,
  entries,
  counter,
  canAct,
  canCallUnpaid = false,
}: {
  clinicId: string;
  doctorId: string;
  doctorName: string;
  entries: readonly QueueEntry[];
  counter: CounterInfo;
  canAct: boolean;
  /** May call a pre-pay visit in before it is paid (an audited override). */
  canCallUnpaid?: boolean;
}) {
  const t = useTranslations("queue.counter");
  const tq = useTranslations("queue");
  const priorityName = usePriorityName();
  const act = useCounterAction(clinicId);
  const serving = nowServing(entries);
  const next = useMemo(() => waitingInOrder(entries, counter, doctorId), [entries, counter, doctorId]);
  const calls = counter.calls[doctorId] ?? 0;
  const marks = activeMarks(counter.priorityMarks).map((m) => priorityName(m.key, counter.priorityMarks)).join(", ");
  const room = counter.rooms[doctorId] ?? null;

  function run(action: CounterAction, allowUnpaid = false) {
    act.mutate(
      { doctorId, action, allowUnpaid },
      {
        onSuccess: (out) => {
          if (out.replayed) return void toast.info(t("replayed"));
          const e = out.entry;
          // A pre-pay visit waits for its payment; staff who may can call it in anyway (audited).
          if (out.heldForPayment.length) {
            toast.warning(t("heldForPayment", { count: out.heldForPayment.length }), {
              ...(canCallUnpaid ? { action: { label: t("callUnpaid"), onClick: () => run("next", true) } } : {}),
            });
          }
          if (action === "next" && !e) return void (out.heldForPayment.length ? undefined : toast.info(t("nobodyWaiting", { doctor: doctorName })));
          if (!e) return;
          const token = e.tokenLabel ?? "—";
          if (action === "next") toast.success(t("called", { token, patient: patientName(e, tq("unknownPatient")) }), { description: out.finished.map((f) => t("finished", { token: f.tokenLabel ?? patientName(f, tq("unknownPatient")) })).join(" · ") || undefined });
          else if (action === "recall") toast.success(t("recalled", { token }));
          else toast.info(t("skipped", { token, count: counter.skipReturnAfter }));
        },
        onError: (err) => toast.error(tq("changeFailed"), { description: err instanceof ApiProblemError ? (err.problem.detail ?? err.problem.title) : String(err) }),
      },
    );
  }

  // The buttons stay enabled (and focused) while a call is on its way: a second press carries the
  // same Idempotency-Key and the server replays the first instead of calling twice.
  const busy = act.isPending;
  return (
    <div className="flex flex-col gap-2 border-b border-line px-4 py-3 print:hidden" data-testid={`counter-${doctorId}`} aria-label={`${t("nowServing")} · ${doctorName}`} role="group">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {room ? (
          <p className="text-sm font-medium text-ink" data-testid="counter-room">
            {t("room", { room })}
          </p>
        ) : null}
        <p className="flex items-center gap-2 text-sm" aria-live="polite" data-testid="now-serving">
          <span className="font-medium text-ink-muted">{t("nowServing")}:</span>
          {serving ? (
            <>
              <TokenBadge label={serving.tokenLabel} className="text-base" />
              <span className="font-medium text-ink">{patientName(serving, tq("unknownPatient"))}</span>
            </>
          ) : (
            <span className="text-ink-muted">{t("nobodyCalled")}</span>
          )}
        </p>
        <p className="flex min-w-0 flex-wrap items-center gap-1.5 text-sm" data-testid="next-up">
          <span className="font-medium text-ink-muted">{t("nextUp")}:</span>
          {next.length === 0 ? <span className="text-ink-muted">{t("nobodyWaitingShort")}</span> : null}
          {next.slice(0, 6).map((e) => {
            const back = callsUntilBack(e, { calls, skipReturnAfter: counter.skipReturnAfter });
            return (
              <span key={e.appointmentId} className="inline-flex items-center gap-1" title={e.priority ? priorityName(e.priority, counter.priorityMarks) : undefined}>
                <TokenBadge label={e.tokenLabel} tone={back > 0 ? "muted" : e.priority ? "priority" : "primary"} />
                {e.priority ? <span className="sr-only">{priorityName(e.priority, counter.priorityMarks)}</span> : null}
                {back > 0 ? <span className="text-xs text-ink-muted">({tq("token.skippedBack", { count: back })})</span> : null}
              </span>
            );
          })}
          {next.length > 6 ? <span className="text-ink-muted">+{next.length - 6}</span> : null}
        </p>
        {canAct ? (
          <span className="ml-auto flex flex-wrap gap-2">
            <Button size="sm" data-counter="next" aria-busy={busy || undefined} onClick={() => run("next")} aria-label={t("nextFor", { doctor: doctorName })}>
              <PhoneCall aria-hidden className="size-4" />
              {t("next")}
            </Button>
            <Button size="sm" variant="secondary" data-counter="recall" disabled={!serving} onClick={() => run("recall")} aria-label={serving ? t("recallFor", { token: serving.tokenLabel ?? "—", doctor: doctorName }) : t("recall")}>
              <RotateCcw aria-hidden className="size-4" />
              {t("recall")}
            </Button>
            <Button size="sm" variant="secondary" data-counter="skip" disabled={!serving} onClick={() => run("skip")} aria-label={serving ? t("skipFor", { token: serving.tokenLabel ?? "—", doctor: doctorName }) : t("skip")}>
              <SkipForward aria-hidden className="size-4" />
              {t("skip")}
            </Button>
          </span>
        ) : null}
      </div>
      <details className="text-xs text-ink-muted">
        <summary className="w-fit cursor-pointer rounded font-medium text-ink focus-visible:outline-2 focus-visible:outline-focus">{t("ruleTitle")}</summary>
        <ol className="mt-1 list-decimal space-y-0.5 pl-5" data-testid="order-rule">
          {marks ? <li>{t("rulePriority", { marks })}</li> : null}
          <li>{t("ruleRest")}</li>
          <li>{t("ruleSkip", { count: counter.skipReturnAfter })}</li>
          <li>{t("ruleNext")}</li>
        </ol>
      </details>
    </div>
  );
});
