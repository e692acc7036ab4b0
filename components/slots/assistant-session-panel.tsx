"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { LoaderCircle, RefreshCw, Search } from "lucide-react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { AssistantSessionId, type AssistantSessionView } from "@/lib/schemas/assistant-session";
import { ApiProblemError } from "@/lib/api-client/http";
import { useAssistantSession, useRefreshAssistantSession } from "@/lib/api-client/slots";
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

  function lookUp(e: FormEvent) {
    e.preventDefault();
    const parsed = AssistantSessionId.safeParse(text);
    if (!parsed.success) {
      setFieldError(text.trim() ? t("invalidId") : t("idRequired"));
      return;
    }
    setFieldError(undefined);
    refresh.reset();
    if (parsed.data === sessionId) void session.refetch();
    else setSessionId(parsed.data);
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
        <Button onClick={onRefresh} disabled={refreshing}>
          {refreshing ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <RefreshCw aria-hidden className="size-4" />}
          {t("refresh")}
        </Button>
      </div>
      {expired && !session.deskHoldsToken && !refreshError ? <p className="mt-3 text-sm text-ink-muted">{t("noTokenHint")}</p> : null}
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
