"use client";

import { useEffect, useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Clock, RefreshCw, Users } from "lucide-react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { VisitStatus } from "@/lib/schemas/visit-status";

/** How often the page asks again when its live stream is down: a token moves every few minutes, and a waiting room shares one address. */
export const STATUS_POLL_MS = 20_000;

type Answer = { kind: "status"; status: VisitStatus } | { kind: "not-found" } | { kind: "limited" };

async function fetchStatus(token: string): Promise<Answer> {
  const res = await fetch(`/api/status/${encodeURIComponent(token)}`, { cache: "no-store", headers: { accept: "application/json" } });
  if (res.status === 404) return { kind: "not-found" };
  if (res.status === 429) return { kind: "limited" };
  if (!res.ok) throw new Error(`status ${res.status}`);
  return { kind: "status", status: VisitStatus.parse(await res.json()) };
}

const settled = (s: VisitStatus | undefined) => !!s && (s.state === "done" || s.state === "closed" || s.state === "expired");

/**
 * Follows the status over its live stream (SSE, every instance's queue changes); true while the stream
 * is open. When it fails (a proxy that drops streams, a 429) the page polls instead; at the link's
 * expiry, or once the visit is done, the server says so and ends the stream, and nothing reconnects.
 */
function useLiveStatus(token: string, enabled: boolean): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/status/${encodeURIComponent(token)}/stream`);
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener("status", (e) => {
      const parsed = VisitStatus.safeParse(JSON.parse((e as MessageEvent<string>).data));
      if (parsed.success) client.setQueryData(["visit-status", token], { kind: "status", status: parsed.data } satisfies Answer);
    });
    source.addEventListener("end", () => {
      source.close();
      setLive(false);
    });
    return () => {
      source.close();
      setLive(false);
    };
  }, [client, token, enabled]);
  return live;
}

export function VisitStatusView({ token, initial, at }: { token: string; initial: VisitStatus | null; /** When the server read `initial`. */ at: number }) {
  const t = useTranslations("opdSlips.status");
  const finished = settled(initial ?? undefined);
  const live = useLiveStatus(token, !finished);
  const query = useQuery({
    queryKey: ["visit-status", token],
    queryFn: () => fetchStatus(token),
    initialData: initial ? { kind: "status" as const, status: initial } : { kind: "limited" as const },
    initialDataUpdatedAt: initial ? at : 0,
    refetchInterval: (q) => (live || (q.state.data?.kind === "status" && settled(q.state.data.status)) || q.state.data?.kind === "not-found" ? false : STATUS_POLL_MS),
    refetchOnWindowFocus: true,
    retry: 1,
  });
  const answer = query.data;
  const status = answer?.kind === "status" ? answer.status : null;
  const updated = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(query.dataUpdatedAt || at);

  return (
    <Card className="p-6 text-center" aria-live="polite" aria-busy={query.isFetching} data-live={live ? "stream" : "polling"}>
      <h1 className="text-lg font-semibold text-ink">{t("heading")}</h1>
      {answer?.kind === "not-found" ? <p className="mt-4 text-ink">{t("notFound")}</p> : null}
      {answer?.kind === "limited" ? <p className="mt-4 text-ink">{t("tooMany")}</p> : null}
      {status?.state === "expired" ? (
        <p className="mt-4 text-base text-ink" data-testid="status-message">
          {t("expired")}
        </p>
      ) : null}
      {status && status.state !== "expired" ? (
        <>
          <p className="mt-4 text-sm text-ink-muted">{t("yourToken")}</p>
          <p className="text-6xl font-black tracking-wide text-ink tabular-nums" data-testid="status-token">
            {status.token ?? "—"}
          </p>
          {status.state === "done" || status.state === "closed" || status.state === "called" || status.state === "not_arrived" ? (
            <p className="mt-4 rounded-lg bg-primary-soft px-3 py-2 text-base font-medium text-primary-soft-ink" data-testid="status-message">
              {t(status.state === "not_arrived" ? "notArrived" : status.state)}
            </p>
          ) : null}
          {status.state === "waiting" || status.state === "not_arrived" ? (
            <dl className="mt-6 grid grid-cols-1 gap-3 text-left sm:grid-cols-3 sm:text-center">
              <Fact label={t("nowServing")} testId="status-serving" large>
                {status.nowServing ?? t("nobodyYet")}
              </Fact>
              <Fact label={t("ahead")} icon={<Users aria-hidden className="size-3.5" />} testId="status-ahead">
                {t("aheadCount", { count: status.ahead })}
              </Fact>
              <Fact label={t("wait")} icon={<Clock aria-hidden className="size-3.5" />} testId="status-wait">
                {t("waitAbout", { minutes: status.waitMinutes })}
              </Fact>
            </dl>
          ) : null}
          {status.state === "waiting" ? <p className="mt-3 text-xs text-ink-muted">{t("waitBasis", { minutes: status.averageMinutes })}</p> : null}
        </>
      ) : null}
      {query.isError ? <p className="mt-4 text-sm text-warning-soft-ink">{t("offline")}</p> : null}
      {settled(status ?? undefined) || answer?.kind === "not-found" ? null : (
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3 text-xs text-ink-muted">
          <span suppressHydrationWarning>{t("updated", { time: updated })}</span>
          {live ? <span data-testid="status-live">{t("live")}</span> : null}
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw aria-hidden className="size-4" />
            {t("refresh")}
          </Button>
        </div>
      )}
    </Card>
  );
}

/** One fact on the status page: a small label (with its icon) over a large value. */
function Fact({ label, icon, testId, large, children }: { label: string; icon?: ReactNode; testId: string; large?: boolean; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-line p-3">
      <dt className={icon ? "flex items-center gap-1 text-xs text-ink-muted sm:justify-center" : "text-xs text-ink-muted"}>
        {icon}
        {label}
      </dt>
      <dd className={large ? "text-2xl font-bold text-ink tabular-nums" : "text-lg font-bold text-ink"} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
