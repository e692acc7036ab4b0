"use client";

import Link from "next/link";
import { CloudOff, LogIn, RefreshCw, TriangleAlert } from "lucide-react";
import { useTranslations } from "use-intl";
import { ApiProblemError } from "@/lib/api-client/http";
import { Button, buttonClasses } from "@/components/ui/button";

type Message = { title: string; detail?: string };

function useProblemMessage(error: unknown): Message & { signIn: boolean; offline: boolean } {
  const t = useTranslations("problems");
  if (!(error instanceof ApiProblemError)) return { title: t("generic"), signIn: false, offline: false };
  const { problem, kind } = error;
  if (kind === "network") return { title: t("network"), detail: t("networkDetail"), signIn: false, offline: true };
  if (kind === "invalid-response") return { title: t("invalidResponse"), detail: t("invalidResponseDetail"), signIn: false, offline: false };
  const serverDetail = problem.detail;
  switch (problem.status) {
    case 400:
      return { title: t("badRequest"), detail: serverDetail, signIn: false, offline: false };
    case 401:
      return { title: t("unauthorized"), detail: t("unauthorizedDetail"), signIn: true, offline: false };
    case 403:
      return { title: t("forbidden"), detail: serverDetail, signIn: false, offline: false };
    case 429:
      return {
        title: t("rateLimited"),
        detail: problem.retryAfter ? t("rateLimitedDetail", { seconds: Math.ceil(problem.retryAfter) }) : serverDetail,
        signIn: false,
        offline: false,
      };
    case 502:
      return { title: t("platformUnreachable"), detail: serverDetail, signIn: false, offline: true };
    case 504:
      return { title: t("platformSlow"), detail: serverDetail, signIn: false, offline: true };
    default:
      return { title: problem.title || t("generic"), detail: serverDetail, signIn: false, offline: false };
  }
}

/** A failed request in words staff can act on, with the one action that may help. */
export function ProblemAlert({ error, onRetry, returnTo }: { error: unknown; onRetry?: () => void; returnTo?: string }) {
  const t = useTranslations();
  const message = useProblemMessage(error);
  const fieldErrors = error instanceof ApiProblemError ? error.problem.errors : undefined;
  const Icon = message.offline ? CloudOff : TriangleAlert;
  return (
    <div role="alert" className="rounded-xl border border-danger/40 bg-danger-soft p-5 text-danger-soft-ink">
      <div className="flex items-start gap-3">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{message.title}</p>
          {message.detail ? <p className="mt-1 text-sm">{message.detail}</p> : null}
          {fieldErrors && Object.keys(fieldErrors).length > 0 ? (
            <ul className="mt-2 list-disc pl-5 text-sm">
              {Object.entries(fieldErrors).map(([field, text]) => (
                <li key={field}>{text}</li>
              ))}
            </ul>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2">
            {message.signIn ? (
              <Link href={`/login${returnTo ? `?callbackUrl=${encodeURIComponent(returnTo)}` : ""}`} className={buttonClasses({ size: "sm" })}>
                <LogIn aria-hidden className="size-4" />
                {t("problems.signInAgain")}
              </Link>
            ) : onRetry ? (
              <Button size="sm" variant="secondary" onClick={onRetry}>
                <RefreshCw aria-hidden className="size-4" />
                {t("common.retry")}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
