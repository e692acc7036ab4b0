"use client";

import { useEffect, useRef } from "react";
import Link from "next/link";
import { CloudOff, LogIn, RefreshCw, TriangleAlert } from "lucide-react";
import { useTranslations } from "use-intl";
import { ApiProblemError } from "@/lib/api-client/problem-error";
import { Button, buttonClasses } from "@/components/ui/button";

/** The desk's features as error headings name them. */
export const PROBLEM_FEATURES = ["drugs", "patients", "registration", "slots", "booking", "assistant", "documents", "live", "settings", "platform"] as const;
export type ProblemFeature = (typeof PROBLEM_FEATURES)[number];

/** The feature a failed request belongs to, from its BFF path: a formulary outage is never named on the patient pages. */
export function featureOfPath(path: string | undefined): ProblemFeature {
  const p = (path ?? "").split("?")[0]!;
  if (p.startsWith("/api/drugs")) return "drugs";
  // Only registration posts to the collection itself; search, profile and edit have their own paths.
  if (p === "/api/patients") return "registration";
  if (p.startsWith("/api/patients")) return "patients";
  if (p.startsWith("/api/slots/bookings")) return "booking";
  if (p.startsWith("/api/slots")) return "slots";
  if (p.startsWith("/api/assistant")) return "assistant";
  if (p.startsWith("/api/documents")) return "documents";
  if (p.startsWith("/api/events")) return "live";
  if (p.startsWith("/api/settings")) return "settings";
  return "platform";
}

type Message = { title: string; detail?: string };

function useProblemMessage(error: unknown, feature: ProblemFeature): Message & { signIn: boolean; offline: boolean; reload?: boolean } {
  const t = useTranslations("problems");
  if (!(error instanceof ApiProblemError)) return { title: t("generic"), signIn: false, offline: false };
  const { problem, kind } = error;
  if (kind === "network") return { title: t("network"), detail: t("networkDetail"), signIn: false, offline: true };
  // The answer came from a newer build: retrying cannot help, reloading does.
  if (kind === "outdated") return { title: t("outdated"), detail: t("outdatedDetail"), signIn: false, offline: false, reload: true };
  if (kind === "invalid-response") return { title: t("invalidResponse"), detail: t("invalidResponseDetail"), signIn: false, offline: false };
  const serverDetail = problem.detail;
  switch (problem.status) {
    case 400:
      return { title: t(`badRequest.${feature}`), detail: serverDetail, signIn: false, offline: false };
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
    case 503:
      return { title: t(`unreachable.${feature}`), detail: serverDetail, signIn: false, offline: true };
    case 504:
      return { title: t(`slow.${feature}`), detail: serverDetail, signIn: false, offline: true };
    default:
      return { title: problem.title || t("generic"), detail: serverDetail, signIn: false, offline: false };
  }
}

/**
 * A failed request in words staff can act on, with the one action that may help. The heading
 * names the failing request's own feature: from `feature`, else from the request's path.
 * Inside a form it scrolls into view and takes focus when it appears, so an error raised by a
 * submit button at the bottom of a long form is never out of sight.
 */
export function ProblemAlert({
  error,
  onRetry,
  returnTo,
  feature,
  title,
  focusOnShow,
}: {
  error: unknown;
  onRetry?: () => void;
  returnTo?: string;
  feature?: ProblemFeature;
  /** Overrides the heading altogether. */
  title?: string;
  /** Default: when the alert is inside a form. */
  focusOnShow?: boolean;
}) {
  const t = useTranslations();
  const message = useProblemMessage(error, feature ?? featureOfPath(error instanceof ApiProblemError ? error.path : undefined));
  const fieldErrors = error instanceof ApiProblemError ? error.problem.errors : undefined;
  // An answer from another build was not read: no reference (nothing failed on the server) to read out.
  const reference = error instanceof ApiProblemError && error.kind !== "outdated" ? error.reference : undefined;
  const Icon = message.offline ? CloudOff : TriangleAlert;
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const form = box.closest("form");
    if (!(focusOnShow ?? !!form)) return;
    // Leave focus alone when the user has already moved on to something else.
    const active = document.activeElement;
    if (active && active !== document.body && !(form ?? box.parentElement)?.contains(active)) return;
    box.scrollIntoView({ block: "center" });
    box.focus({ preventScroll: true });
  }, [error, focusOnShow]);

  return (
    <div ref={ref} tabIndex={-1} role="alert" className="scroll-my-24 rounded-xl border border-danger/40 bg-danger-soft p-5 text-danger-soft-ink outline-none focus-visible:ring-2 focus-visible:ring-focus">
      <div className="flex items-start gap-3">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{title ?? message.title}</p>
          {message.detail ? <p className="mt-1 text-sm">{message.detail}</p> : null}
          {fieldErrors && Object.keys(fieldErrors).length > 0 ? (
            <ul className="mt-2 list-disc pl-5 text-sm">
              {Object.entries(fieldErrors).map(([field, text]) => (
                <li key={field}>{text}</li>
              ))}
            </ul>
          ) : null}
          {reference ? (
            <p className="mt-2 text-xs opacity-80" data-testid="problem-reference">
              {t("problems.reference", { id: reference })}
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2 empty:hidden">
            {message.reload ? (
              <Button size="sm" onClick={() => window.location.reload()}>
                <RefreshCw aria-hidden className="size-4" />
                {t("problems.reload")}
              </Button>
            ) : message.signIn ? (
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
