"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Plus, Trash2 } from "lucide-react";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldError, Input, Label, Select } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { useBillingSettings, useSaveBillingSettings } from "@/lib/api-client/billing";
import { ApiProblemError } from "@/lib/api-client/problem-error";
import { paiseToDecimal } from "@/lib/billing/money";
import type { BillingSettings, BillingSettingsInput } from "@/lib/schemas/billing";

const toForm = (s: BillingSettings): BillingSettingsInput => ({
  clinicId: s.clinicId,
  legalName: s.legalName ?? "",
  address: s.address ?? "",
  gstin: s.gstin ?? "",
  upiVpa: s.upiVpa ?? "",
  upiPayee: s.upiPayee ?? "",
  registrationFee: paiseToDecimal(s.registrationFeePaise),
  newCaseFee: paiseToDecimal(s.newCaseFeePaise),
  followUpFee: paiseToDecimal(s.followUpFeePaise),
  followUpDays: s.followUpDays,
  procedures: s.procedures.map((p) => ({ code: p.code, name: p.name, fee: paiseToDecimal(p.feePaise) })),
});

/** Which clinic the Billing page shows (day close and price list), when the desk serves more than one. */
export function ClinicPicker({ clinics, clinicId, onPick, basePath = "/billing" }: { clinics: { id: string; name: string }[]; clinicId: string; onPick?: (clinicId: string) => void; basePath?: string }) {
  const t = useTranslations("billing.settings");
  const router = useRouter();
  if (clinics.length < 2) return null;
  return (
    <div className="max-w-sm">
      <Label htmlFor="billing-clinic">{t("clinic")}</Label>
      <Select id="billing-clinic" value={clinicId} onChange={(e) => (onPick ? onPick(e.target.value) : router.push(`${basePath}?clinic=${encodeURIComponent(e.target.value)}`))} className="mt-1 h-10">
        {clinics.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Settings → Billing: the clinic's own fees and what its receipts print. Admins edit; the front desk reads. */
export function BillingSettingsForm({ clinicId, mayEdit }: { clinicId: string | null; mayEdit: boolean }) {
  const t = useTranslations("billing.settings");
  const settings = useBillingSettings(clinicId);
  if (!clinicId) return <Card className="p-5 text-sm text-ink-muted">{t("noClinic")}</Card>;
  return (
    <div className="grid max-w-3xl gap-4">
      {settings.isPending ? (
        <div role="status" aria-busy="true" aria-label={t("heading")}>
          <Skeleton className="h-96" />
        </div>
      ) : settings.isError ? (
        <ProblemAlert error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsFields key={clinicId} initial={toForm(settings.data)} mayEdit={mayEdit} />
      )}
    </div>
  );
}

function SettingsFields({ initial, mayEdit }: { initial: BillingSettingsInput; mayEdit: boolean }) {
  const t = useTranslations("billing.settings");
  const id = useId();
  const save = useSaveBillingSettings();
  const [form, setForm] = useState(initial);
  const [savedForm, setSavedForm] = useState<BillingSettingsInput | null>(null);
  const saved = savedForm === form;
  const errors = save.error instanceof ApiProblemError ? (save.error.problem.errors ?? {}) : {};
  const text = (name: "legalName" | "address" | "gstin" | "upiVpa" | "upiPayee" | "registrationFee" | "newCaseFee" | "followUpFee", decimal = false) => (
    <div>
      <Label htmlFor={`${id}-${name}`}>{t(name)}</Label>
      <Input
        id={`${id}-${name}`}
        readOnly={!mayEdit}
        inputMode={decimal ? "decimal" : undefined}
        autoComplete="off"
        value={String(form[name] ?? "")}
        onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
        className="mt-1"
        invalid={!!errors[name]}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      <FieldError id={`${id}-${name}-error`}>{errors[name]}</FieldError>
    </div>
  );
  return (
    <Card className="p-5">
      <form
        noValidate
        aria-labelledby={`${id}-h`}
        className="grid gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(form, { onSuccess: () => setSavedForm(form) });
        }}
      >
        <h2 id={`${id}-h`} className="text-lg font-semibold text-ink">
          {t("heading")}
        </h2>
        {!mayEdit ? <p className="text-sm text-ink-muted">{t("readOnly")}</p> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("legalName")}
          {text("gstin")}
          <div className="sm:col-span-2">{text("address")}</div>
          {text("upiVpa")}
          {text("upiPayee")}
          {text("registrationFee", true)}
          {text("newCaseFee", true)}
          {text("followUpFee", true)}
          <div>
            <Label htmlFor={`${id}-followUpDays`}>{t("followUpDays")}</Label>
            <Input id={`${id}-followUpDays`} readOnly={!mayEdit} inputMode="numeric" value={String(form.followUpDays)} onChange={(e) => setForm((f) => ({ ...f, followUpDays: e.target.value as unknown as number }))} className="mt-1" invalid={!!errors.followUpDays} />
            <FieldError id={`${id}-followUpDays-error`}>{errors.followUpDays}</FieldError>
          </div>
        </div>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-semibold text-ink">{t("procedures")}</legend>
          {form.procedures.map((p, i) => (
            <div key={i} className="grid gap-2 sm:grid-cols-[8rem_minmax(0,1fr)_8rem_auto] sm:items-end">
              {(["code", "name", "fee"] as const).map((k) => (
                <div key={k}>
                  <Label htmlFor={`${id}-p${i}-${k}`}>{t(k === "code" ? "procedureCode" : k === "name" ? "procedureName" : "procedureFee")}</Label>
                  <Input
                    id={`${id}-p${i}-${k}`}
                    readOnly={!mayEdit}
                    value={p[k]}
                    onChange={(e) => setForm((f) => ({ ...f, procedures: f.procedures.map((x, j) => (j === i ? { ...x, [k]: e.target.value } : x)) }))}
                    className="mt-1"
                    invalid={!!errors[`procedures.${i}.${k}`]}
                  />
                  <FieldError id={`${id}-p${i}-${k}-error`}>{errors[`procedures.${i}.${k}`]}</FieldError>
                </div>
              ))}
              {mayEdit ? (
                <Button variant="ghost" size="sm" aria-label={t("removeProcedure", { n: i + 1 })} onClick={() => setForm((f) => ({ ...f, procedures: f.procedures.filter((_, j) => j !== i) }))}>
                  <Trash2 aria-hidden className="size-4" />
                  <span className="sr-only">{t("removeProcedure", { n: i + 1 })}</span>
                </Button>
              ) : null}
            </div>
          ))}
          {mayEdit ? (
            <Button variant="secondary" size="sm" className="w-fit" onClick={() => setForm((f) => ({ ...f, procedures: [...f.procedures, { code: "", name: "", fee: "" }] }))}>
              <Plus aria-hidden className="size-4" />
              {t("addProcedure")}
            </Button>
          ) : null}
        </fieldset>
        {mayEdit ? (
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={save.isPending}>
              {t("save")}
            </Button>
            {saved ? (
              <span role="status" className="text-sm text-success-soft-ink">
                {t("saved")}
              </span>
            ) : null}
          </div>
        ) : null}
        {save.isError ? <ProblemAlert error={save.error} /> : null}
      </form>
    </Card>
  );
}
