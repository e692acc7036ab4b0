"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { History, KeyRound, LoaderCircle, RefreshCw, Search } from "lucide-react";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { AssistantSessionId, sessionIdFromPaste, type AssistantSessionView, type RecentAssistantSession } from "@/lib/schemas/assistant-session";
import { ApiProblemError } from "@/lib/api-client/http";
import { useAssistantSession, useRecentAssistantSessions, useRefreshAssistantSession } from "@/lib/api-client/slots";
import { formatDateTime } from "@/lib/i18n/format";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldError, Input, Label } from "@/components/ui/field";

/** Seconds left until an instant, ticking once a second. */
function useSecondsLeft(expiresAt: string | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt === undefined ? undefined : Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

export function AssistantSessionPanel() {
  const t = useTranslations("slots.assistant");
  const inputId = useId();
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sessionId, setSessionId] = useState<string | null>(null);
  const session = useAssistantSession(sessionId);
  const refresh = useRefreshAssistantSession();

  const recent = useRecentAssistantSessions();

  function show(raw: string) {
    const parsed = AssistantSessionId.safeParse(sessionIdFromPaste(raw));
    if (!parsed.success) {
      setFieldError(raw.trim() ? t("invalidId") : t("idRequired"));
      // The card of the session looked up before would now read as the answer to this id: clear it.
      setSessionId(null);
      refresh.reset();
      return;
    }
    setFieldError(undefined);
    refresh.reset();
    if (parsed.data === sessionId) void session.refetch();
    else setSessionId(parsed.data);
  }

  function lookUp(e: FormEvent) {
    e.preventDefault();
    show(text);
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,28rem)_1fr]">
      <Card className="p-5">
        <form onSubmit={lookUp} noValidate>
          <Label htmlFor={inputId}>{t("idLabel")}</Label>
          <div className="mt-1.5 flex gap-2">
            <Input
              id={inputId}
              value={text}
              onChange={(e) => setText(e.target.value)}
              // A pasted id often comes with spaces, a line break or words around it: keep only the id.
              onPaste={(e) => {
                const pasted = e.clipboardData.getData("text");
                if (!pasted) return;
                e.preventDefault();
                setText(sessionIdFromPaste(pasted));
                setFieldError(undefined);
              }}
              placeholder="5b0e8c1e-6f3a-4c2b-9d1e-2a7f4c8b9e01"
              spellCheck={false}
              autoComplete="off"
              invalid={!!fieldError}
              aria-describedby={`${inputId}-hint${fieldError ? ` ${inputId}-error` : ""}`}
              className="font-mono"
            />
            <Button type="submit" disabled={session.isFetching}>
              {session.isFetching ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <Search aria-hidden className="size-4" />}
              {t("lookUp")}
            </Button>
          </div>
          <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-ink-muted">
            {t("idHint")}
          </p>
          <FieldError id={`${inputId}-error`}>{fieldError}</FieldError>
        </form>
        <RecentSessions
          sessions={recent.data?.sessions ?? []}
          current={sessionId}
          onPick={(id) => {
            setText(id);
            show(id);
          }}
        />
      </Card>

      <div aria-live="polite">
        {!sessionId ? (
          <Card className="p-5 text-sm text-ink-muted">{t("start")}</Card>
        ) : session.isPending ? (
          <Card className="p-5 text-sm text-ink-muted">{t("looking")}</Card>
        ) : session.isError ? (
          session.error instanceof ApiProblemError && session.error.status === 404 ? (
            <Card role="alert" className="p-5">
              <p className="font-semibold text-ink">{t("notFoundTitle")}</p>
              <p className="mt-1 text-sm text-ink-muted">{t("notFoundDetail")}</p>
            </Card>
          ) : (
            <ProblemAlert error={session.error} onRetry={() => void session.refetch()} />
          )
        ) : (
          <SessionCard
            session={session.data}
            refreshing={refresh.isPending}
            refreshError={refresh.error}
            onRefresh={() =>
              refresh.mutate(session.data.sessionId, {
                onSuccess: (s) => toast.success(t("refreshed", { until: formatDateTime(s.expiresAt) })),
              })
            }
          />
        )}
      </div>
    </div>
  );
}

function SessionCard({ session, refreshing, refreshError, onRefresh }: { session: AssistantSessionView; refreshing: boolean; refreshError: Error | null; onRefresh: () => void }) {
  const t = useTranslations("slots.assistant");
  const left = useSecondsLeft(session.expiresAt) ?? 0;
  const expired = left === 0;
  // The platform extends an expired session only with its token, and the desk never had this one.
  const cannotRefresh = expired && !session.deskHoldsToken;
  const expiredProblem = refreshError instanceof ApiProblemError && refreshError.status === 409;
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-ink-muted">{t("session")}</p>
          <p className="font-mono text-sm break-all text-ink">{session.sessionId}</p>
        </div>
        {expired ? <Badge tone="danger">{t("expired")}</Badge> : <Badge tone="success">{t("active")}</Badge>}
      </div>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs text-ink-muted">{expired ? t("expiredAt") : t("expiresIn")}</p>
          {expired ? (
            <p className="text-lg font-semibold text-ink tabular-nums">{formatDateTime(session.expiresAt)}</p>
          ) : (
            <p className="text-3xl font-semibold text-ink tabular-nums" role="timer" aria-label={t("countdownLabel", { minutes: Math.floor(left / 60), seconds: left % 60 })}>
              {clock(left)}
            </p>
          )}
          {!expired ? <p className="text-xs text-ink-muted">{t("until", { at: formatDateTime(session.expiresAt) })}</p> : null}
        </div>
        {cannotRefresh ? null : (
          <Button onClick={onRefresh} disabled={refreshing}>
            {refreshing ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <RefreshCw aria-hidden className="size-4" />}
            {t("refresh")}
          </Button>
        )}
      </div>
      {cannotRefresh && !refreshError ? (
        <div role="status" className="mt-4 flex gap-3 rounded-xl border border-line bg-surface-muted p-4 text-sm text-ink">
          <KeyRound aria-hidden className="mt-0.5 size-4 shrink-0 text-ink-muted" />
          <div>
            <p className="font-semibold">{t("cannotRefreshTitle")}</p>
            <p className="mt-1 text-ink-muted">{t("noTokenHint")}</p>
          </div>
        </div>
      ) : null}
      {expiredProblem ? (
        <div role="alert" className="mt-4 rounded-xl border border-warning/50 bg-warning-soft p-4 text-sm text-warning-soft-ink">
          <p className="font-semibold">{t("cannotRefreshTitle")}</p>
          <p className="mt-1">{(refreshError as ApiProblemError).problem.detail}</p>
        </div>
      ) : refreshError ? (
        <div className="mt-4">
          <ProblemAlert error={refreshError} />
        </div>
      ) : null}
    </Card>
  );
}

const shortId = (id: string) => `${id.slice(0, 8)}…${id.slice(-4)}`;

/** The sessions this doctor looked up or refreshed lately: one click (or Enter) shows one again. */
function RecentSessions({ sessions, current, onPick }: { sessions: RecentAssistantSession[]; current: string | null; onPick: (id: string) => void }) {
  const t = useTranslations("slots.assistant");
  const headingId = useId();
  const [now] = useState(() => Date.now());
  return (
    <section aria-labelledby={headingId} className="mt-5 border-t border-line pt-4">
      <h2 id={headingId} className="flex items-center gap-1.5 text-sm font-semibold text-ink">
        <History aria-hidden className="size-4 text-ink-muted" />
        {t("recentTitle")}
      </h2>
      {sessions.length === 0 ? (
        <p className="mt-1 text-xs text-ink-muted">{t("recentEmpty")}</p>
      ) : (
        <ul className="mt-2 grid gap-1.5">
          {sessions.map((s) => {
            const expired = s.expiresAt !== null && Date.parse(s.expiresAt) <= now;
            return (
              <li key={s.sessionId}>
                <button
                  type="button"
                  onClick={() => onPick(s.sessionId)}
                  aria-current={s.sessionId === current ? "true" : undefined}
                  className="flex w-full items-center justify-between gap-3 rounded-lg border border-line bg-surface px-3 py-2 text-left hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-focus aria-[current=true]:border-primary"
                >
                  <span className="min-w-0">
                    {/* The full id for a screen reader, before the words a sighted user reads (label in name). */}
                    <span className="sr-only">{t("recentPick", { id: s.sessionId })} </span>
                    <span className="block font-mono text-sm text-ink" title={s.sessionId}>
                      {shortId(s.sessionId)}
                    </span>
                    <span className="block text-xs text-ink-muted">{t("recentSeen", { at: formatDateTime(s.lastSeenAt) })}</span>
                  </span>
                  <span className="flex shrink-0 flex-wrap justify-end gap-1">
                    {s.expiresAt === null ? null : expired ? <Badge tone="danger">{t("expired")}</Badge> : <Badge tone="success">{t("active")}</Badge>}
                    {s.deskHoldsToken ? <Badge tone="info">{t("tokenKept")}</Badge> : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
