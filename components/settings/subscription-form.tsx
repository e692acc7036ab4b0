"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Checkbox, FieldError, Input, Label, Select } from "@/components/ui/field";
import { ApiProblemError } from "@/lib/api-client/http";
import { useRegisterWebhook } from "@/lib/api-client/webhook-settings";
import { ALL_EVENT_KINDS, NewWebhookSubscription, type SigningKeyIssued } from "@/lib/schemas/webhook-settings";
import { WEBHOOK_PROTOCOLS } from "@/lib/platform/wire/webhook-names";
import { ProblemAlert } from "@/components/feedback/problem-alert";

type FormValues = { endpoint: string; eventNames: string[]; protocol: string };

/** Register any endpoint; the form keeps what was typed when the server refuses it. */
export function SubscriptionForm({ receiverUrl, onIssued }: { receiverUrl: string; onIssued: (issued: SigningKeyIssued) => void }) {
  const t = useTranslations("settings.webhooks");
  const register = useRegisterWebhook();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(NewWebhookSubscription) as never,
    defaultValues: { endpoint: receiverUrl, eventNames: ["appointment.tele.dr_joined"], protocol: receiverUrl.startsWith("https:") ? "https" : "http" },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      onIssued(await register.mutateAsync(NewWebhookSubscription.parse(values)));
    } catch (err) {
      const fields = err instanceof ApiProblemError ? err.problem.errors : undefined;
      let placed = false;
      for (const [field, message] of Object.entries(fields ?? {})) {
        if (field === "endpoint" || field === "eventNames" || field === "protocol") {
          form.setError(field, { message });
          placed = true;
        }
      }
      if (!placed) setServerError(err);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-labelledby="webhook-form-title">
      <h3 id="webhook-form-title" className="font-semibold text-ink">
        {t("formTitle")}
      </h3>
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <div>
          <Label htmlFor="wh-endpoint">{t("endpoint")}</Label>
          <Input id="wh-endpoint" className="mt-1" invalid={!!errors.endpoint} aria-describedby={errors.endpoint ? "wh-endpoint-hint wh-endpoint-error" : "wh-endpoint-hint"} {...form.register("endpoint")} />
          <p id="wh-endpoint-hint" className="mt-1 text-xs text-ink-muted">
            {t("endpointHint")}
          </p>
          <FieldError id="wh-endpoint-error">{errors.endpoint?.message}</FieldError>
        </div>
        <div>
          <Label htmlFor="wh-protocol">{t("protocol")}</Label>
          <Select id="wh-protocol" className="mt-1 h-10" {...form.register("protocol")}>
            {WEBHOOK_PROTOCOLS.map((p) => (
              <option key={p} value={p}>
                {p.toUpperCase()}
              </option>
            ))}
          </Select>
          <FieldError id="wh-protocol-error">{errors.protocol?.message}</FieldError>
        </div>
      </div>
      <fieldset aria-describedby={errors.eventNames ? "wh-events-error" : undefined}>
        <legend className="text-sm font-medium text-ink">{t("pickEvents")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {ALL_EVENT_KINDS.map((kind) => (
            <Checkbox key={kind} value={kind} label={<code className="text-xs">{kind}</code>} {...form.register("eventNames")} />
          ))}
        </div>
        <FieldError id="wh-events-error">{errors.eventNames?.message}</FieldError>
      </fieldset>
      {serverError ? <ProblemAlert error={serverError} returnTo="/settings" /> : null}
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? t("registering") : t("register")}
      </Button>
    </form>
  );
}
