"use client";

import { useDeferredValue, useEffect, useRef, useState, type ComponentType } from "react";
import Link from "next/link";
import { PlugZap, RotateCw, Send, ShieldAlert, ShieldCheck, Trash2, Webhook } from "lucide-react";
import { toast } from "@/lib/toast";
import { whenUserActs } from "@/lib/when-user-acts";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CardHeading, CardSection } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/i18n/format";
import { downloadOnce } from "@/lib/i18n/features";
import { useDeleteWebhook, useRegisterWebhook, useRotateWebhookKey, useSendTestEvent, useWebhookSettings } from "@/lib/api-client/webhook-settings";
import type { SigningKeyIssued, WebhookSettingsView } from "@/lib/schemas/webhook-settings";
import { SUBSCRIBABLE_EVENT_KINDS } from "@/lib/platform/wire/event-kinds";
import { SigningKeyOnce } from "./signing-key-once";

type SubscriptionFormProps = { receiverUrl: string; onIssued: (issued: SigningKeyIssued) => void };
// The form validates with zod and react-hook-form (~45 KiB gzip): it is not in the page's first download.
// Its code is fetched, and run, once its place comes near the screen (it sits at the card's foot, below the
// fold on a phone and on a laptop): building zod's schemas and drawing the form are then no part of the
// page's start-up, where they were one of its long tasks on a phone (issue 35).
const formCode = new Map<"form", Promise<ComponentType<SubscriptionFormProps>>>();
/** The form's code, downloaded once; a failed download (a flaky connection) is tried again by the next call. */
const loadSubscriptionForm = () => downloadOnce(formCode, "form", () => import("./subscription-form").then((m) => m.SubscriptionForm));
/** The form arrives this long after the card at the latest, scrolled to or not. */
const FORM_LATEST_MS = 10_000;

function LazySubscriptionForm(props: SubscriptionFormProps) {
  const t = useTranslations("settings.webhooks");
  const [form, setForm] = useState<{ Form: ComponentType<SubscriptionFormProps> } | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [near, setNear] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = place.current;
    if (near || !el) return;
    // On the screen, not ahead of it: on a phone the form's place starts about a tenth of a screen below the fold.
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    });
    seen.observe(el);
    // Also at the first key, tap or click anywhere (a keyboard user tabbing towards it need not scroll), and
    // in any case once the page has been still a while: a screen reader's reading cursor may never scroll it.
    const now = () => setNear(true);
    const stopWaiting = whenUserActs(now, ["keydown", "pointerdown", "touchstart", "focusin"]);
    const later = window.setTimeout(now, FORM_LATEST_MS);
    return () => {
      seen.disconnect();
      stopWaiting();
      window.clearTimeout(later);
    };
  }, [near]);
  useEffect(() => {
    if (!near) return;
    let live = true;
    loadSubscriptionForm().then(
      (Form) => live && setForm({ Form }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [near, attempt]);
  if (form) return <form.Form {...props} />;
  if (failed)
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-ink-muted" role="alert">
        <p>{t("formUnavailable")}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          {t("formRetry")}
        </Button>
      </div>
    );
  // As tall as the form (endpoint, protocol, the event kinds, the button; measured in English and Hindi
  // at 390 to 1350 px: 504 px narrow, 312–328 px from 640 px up), so nothing below it moves.
  return (
    <div ref={place} aria-hidden data-testid="webhook-form-placeholder">
      <Skeleton className="h-[31.5rem] w-full sm:h-80" />
    </div>
  );
}

type Subscription = WebhookSettingsView["subscriptions"][number];

function SubscriptionRow({ sub, overlapHours, deskRecord, onIssued }: { sub: Subscription; overlapHours: number; deskRecord: boolean; onIssued: (i: SigningKeyIssued) => void }) {
  const t = useTranslations("settings.webhooks");
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookKey();
  const [error, setError] = useState<unknown>(null);
  const [asking, setAsking] = useState<"rotate" | "delete" | null>(null);
  // mutateAsync, not mutate's callbacks: the refetch after a rotation removes this row (the old id),
  // and callbacks of an unmounted row never run — that is how the new key used to go unseen.
  const confirm = async () => {
    setError(null);
    try {
      if (asking === "rotate") {
        const issued = await rotate.mutateAsync(sub.id);
        toast.success(t("rotated", { id: issued.subscriptionId, old: sub.id }));
        onIssued(issued);
      } else if (asking === "delete") {
        await remove.mutateAsync(sub.id);
        toast.success(deskRecord ? t("deletedHere", { id: sub.id }) : t("deleted", { id: sub.id }));
      }
    } catch (err) {
      setError(err);
    } finally {
      setAsking(null);
    }
  };
  return (
    <li className="py-3" data-testid="webhook-subscription" data-subscription-id={sub.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium break-all text-ink">
            <span className="text-ink-muted">#{sub.id}</span> {sub.endpoint}
            {sub.pointsHere ? <Badge tone="primary">{t("pointsHere")}</Badge> : null}
            <Badge>{sub.protocol.toUpperCase()}</Badge>
          </p>
          <p className="text-xs text-ink-muted">
            {t("events")}: {sub.eventNames.join(", ")}
          </p>
          <p className="text-xs text-ink-muted">
            {t("key")}: {sub.keyHint ? <code>{t("keyHint", { hint: sub.keyHint })}</code> : t("noKey")}
            {sub.createdAt ? ` · ${formatDateTime(sub.createdAt)}` : ""}
          </p>
          {!sub.deliverable ? <p className="text-xs text-warning-soft-ink">{t("notDeliverable")}</p> : null}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button size="sm" variant="secondary" disabled={rotate.isPending} aria-label={`${t("rotate")} #${sub.id}`} onClick={() => setAsking("rotate")}>
            <RotateCw aria-hidden className="size-4" />
            {t("rotate")}
          </Button>
          <Button size="sm" variant="danger" disabled={remove.isPending} aria-label={`${t("delete")} #${sub.id}`} onClick={() => setAsking("delete")}>
            <Trash2 aria-hidden className="size-4" />
            {t("delete")}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking === "rotate" ? t("rotateTitle", { id: sub.id }) : t("deleteTitle", { id: sub.id })}
        confirmLabel={asking === "rotate" ? t("rotateConfirm") : t("deleteConfirm")}
        cancelLabel={t("cancel")}
        busy={rotate.isPending || remove.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      >
        {asking === "rotate"
          ? t("rotateBody", { id: sub.id, hours: overlapHours })
          : deskRecord
            ? t("deleteHereBody", { hours: overlapHours })
            : t("deleteBody", { endpoint: sub.endpoint, hours: overlapHours })}
      </ConfirmDialog>
      {error ? (
        <div className="mt-2">
          <ProblemAlert error={error} returnTo="/settings" />
        </div>
      ) : null}
    </li>
  );
}

/** What the receiver does with a delivery right now: refuse everything (no key), verify, or the unsafe opt-in. */
function IntakeState({ intake }: { intake: WebhookSettingsView["intake"] }) {
  const t = useTranslations("settings.webhooks");
  return (
    <div className="space-y-2" data-testid="webhook-intake">
      {intake.allowUnsigned ? (
        <div role="alert" className="flex gap-2 rounded-lg border border-danger/50 bg-danger-soft p-3 text-sm text-danger-soft-ink">
          <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">{t("unsignedTitle")}</p>
            <p>{t("unsignedBody")}</p>
          </div>
        </div>
      ) : null}
      <p className={`flex items-center gap-2 text-sm ${intake.hasKey ? "text-ink-muted" : "font-medium text-warning-soft-ink"}`}>
        {intake.hasKey ? <ShieldCheck aria-hidden className="size-4 shrink-0" /> : <ShieldAlert aria-hidden className="size-4 shrink-0" />}
        {intake.hasKey ? t("intakeVerifying") : t("intakeNoKey")}
      </p>
    </div>
  );
}

export function WebhooksCard() {
  const t = useTranslations("settings.webhooks");
  // The card draws its settings in an interruptible render (a transition), not one long task when they arrive.
  const { data, error, isPending, refetch } = useDeferredValue(useWebhookSettings());
  const connect = useRegisterWebhook();
  const test = useSendTestEvent();
  const [issued, setIssued] = useState<SigningKeyIssued | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);

  const onIssued = (i: SigningKeyIssued) => {
    setIssued(i);
    setActionError(null);
  };

  return (
    <CardSection className="p-5" aria-labelledby="webhooks-title">
      <CardHeading id="webhooks-title" icon={Webhook}>
        {t("title")}
      </CardHeading>
      <p className="mt-1 text-sm text-ink-muted">{t("body")}</p>
      {isPending ? (
        // As tall as the card's content usually is (receiver, intake, connect, list, test, form; measured
        // in English and Hindi at 390 px and 1350 px): the cards below do not jump when it arrives.
        <div className="mt-4 min-h-[68rem] space-y-5 sm:min-h-[52rem] xl:min-h-[50rem]" aria-hidden data-testid="webhooks-placeholder">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : error ? (
        <div className="mt-4">
          <ProblemAlert error={error} onRetry={() => void refetch()} returnTo="/settings" />
        </div>
      ) : (
        <div className="mt-4 space-y-5">
          <div className="rounded-lg bg-surface-sunken p-3 text-sm">
            <p>
              <span className="text-ink-muted">{t("receiver")}:</span> <code className="break-all text-ink">{data.receiverUrl}</code>
            </p>
            <p className="mt-1 text-xs text-ink-muted">{t("signatureHeader", { header: data.signatureHeader, seconds: data.toleranceSeconds })}</p>
          </div>

          <IntakeState intake={data.intake} />

          {issued ? <SigningKeyOnce issued={issued} onDone={() => setIssued(null)} /> : null}

          {data.subscriptions.some((s) => s.pointsHere) ? (
            <p className="text-sm text-success-soft-ink">{t("connected")}</p>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/30 bg-primary-soft p-4 text-primary-soft-ink">
              <div>
                <p className="font-semibold">{t("connectTitle")}</p>
                <p className="text-sm">{t("connectBody")}</p>
              </div>
              <Button
                disabled={connect.isPending}
                onClick={() =>
                  connect.mutate(
                    { endpoint: data.receiverUrl, eventNames: [...SUBSCRIBABLE_EVENT_KINDS], protocol: data.receiverUrl.startsWith("https:") ? "https" : "http" },
                    {
                      onSuccess: (i) => {
                        toast.success(t("registered", { id: i.subscriptionId }));
                        onIssued(i);
                      },
                      onError: setActionError,
                    },
                  )
                }
              >
                <PlugZap aria-hidden className="size-4" />
                {t("connect")}
              </Button>
            </div>
          )}
          {actionError ? <ProblemAlert error={actionError} returnTo="/settings" /> : null}

          <section aria-label={t("listLabel")}>
            {data.listedBy === "desk" ? (
              <p className="mb-2 text-sm text-ink-muted" data-testid="webhook-desk-record">
                {t("deskRecord")}
              </p>
            ) : null}
            {data.subscriptions.length === 0 ? (
              <p className="text-sm text-ink-muted">{t("empty")}</p>
            ) : (
              <ul className="divide-y divide-line">
                {data.subscriptions.map((s) => (
                  <SubscriptionRow key={s.id} sub={s} overlapHours={data.keyOverlapHours} deskRecord={data.listedBy === "desk"} onIssued={onIssued} />
                ))}
              </ul>
            )}
          </section>

          {data.testEvents ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line p-4">
              <div>
                <p className="font-semibold text-ink">{t("testTitle")}</p>
                <p className="text-sm text-ink-muted">{t("testBody")}</p>
              </div>
              <Button
                variant="secondary"
                disabled={test.isPending}
                onClick={() =>
                  test.mutate(undefined, {
                    onSuccess: (sent) =>
                      // With no subscription the event goes nowhere: say so, and what to do, rather than send people to wait on the live feed.
                      sent.deliveries === 0
                        ? toast.error(t("testNowhere"), { description: t("testNowhereHint") })
                        : toast.success(t("testSent", { count: sent.deliveries }), {
                            description: (
                              <Link className="underline" href="/live">
                                {t("testLive")}
                              </Link>
                            ),
                          }),
                    onError: setActionError,
                  })
                }
              >
                <Send aria-hidden className="size-4" />
                {t("sendTest")}
              </Button>
            </div>
          ) : null}

          {data.keys.length ? (
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-ink">{t("keysTitle")}</summary>
              <ul className="mt-2 space-y-1 text-ink-muted">
                {data.keys.map((k) => (
                  <li key={k.id}>
                    <code>{t("keyHint", { hint: k.hint })}</code> · #{k.subscriptionId ?? "—"} · {formatDateTime(k.createdAt)} ·{" "}
                    {k.expiresAt ? t("keyRetires", { date: formatDateTime(k.expiresAt) }) : t("keyActive")}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}

          <LazySubscriptionForm receiverUrl={data.receiverUrl} onIssued={onIssued} />
        </div>
      )}
    </CardSection>
  );
}
