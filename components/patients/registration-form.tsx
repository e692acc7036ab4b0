"use client";

import { useMemo, useRef, useState, type FormEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { CheckCircle2, Loader2, RefreshCw, TriangleAlert, UserPlus } from "lucide-react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { ApiProblemError } from "@/lib/api-client/http";
import { useRegisterPatient } from "@/lib/api-client/patients";
import type { RegistrationResult } from "@/lib/schemas/patients";
import { parseIndianDate } from "@/lib/schemas/patient-age";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { DuplicateWarnings } from "./duplicate-warnings";
import { PatientFormFields } from "./patient-form-fields";
import { mobileOf, EMPTY_REGISTRATION, errorsFromServer, validateRegistration, type FieldErrors } from "./registration-values";
import { useRegistrationDraft } from "./use-registration-draft";

const newKey = () => crypto.randomUUID();

/** Registration of a new patient: profile and directory fields on one keyboard-friendly form. */
export function RegistrationForm() {
  const t = useTranslations("patients");
  const router = useRouter();
  const { values, setValues, key, setKey, clearDraft } = useRegistrationDraft(EMPTY_REGISTRATION, newKey);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<RegistrationResult | null>(null);
  const register = useRegisterPatient();
  const formRef = useRef<HTMLFormElement>(null);

  const dobIso = parseIndianDate(values.dob);

  function focusFirstError(found: FieldErrors) {
    const first = Object.keys(found)[0];
    if (!first) return;
    requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>(`[data-field="${first.split(".")[0]}"]`) ?? document.getElementById(`patient-${first.split(".")[0]}`);
      el?.focus();
    });
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (register.isPending) return;
    const checked = validateRegistration(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    setErrors({});
    try {
      const r = await register.mutateAsync({ body: checked.input, key });
      setResult(r);
      if (r.directory === "done") {
        clearDraft();
        toast.success(t("register.registered", { name: [values.designation, values.firstName, values.lastName].filter(Boolean).join(" ") }));
        router.push(`/patients/${r.id}`);
      }
    } catch (err) {
      if (err instanceof ApiProblemError && err.status === 400 && err.problem.errors) {
        const found = errorsFromServer(err.problem.errors);
        setErrors(found);
        focusFirstError(found);
      }
    }
  }

  const duplicateQuery = useMemo(
    () => ({ firstName: values.firstName, lastName: values.lastName, mobile: mobileOf(values.countryCode, values.mobile), dob: dobIso ?? "", uhid: values.uhid }),
    [values.firstName, values.lastName, values.countryCode, values.mobile, dobIso, values.uhid],
  );

  const serverError = register.error instanceof ApiProblemError && register.error.status === 400 && register.error.problem.errors ? null : register.error;
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <form ref={formRef} noValidate onSubmit={submit} aria-describedby="registration-intro" className="grid gap-6">
        <p id="registration-intro" className="sr-only">
          {t("register.subtitle")}
        </p>
        {result?.directory === "failed" ? (
          <div role="alert" className="rounded-xl border border-warning/50 bg-warning-soft p-5 text-warning-soft-ink">
            <div className="flex items-start gap-3">
              <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{t("register.directoryFailedTitle")}</p>
                <p className="mt-1 text-sm">{t("register.directoryFailedBody", { reason: result.directoryError ?? "" })}</p>
                <div className="mt-4 flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => void submit()} disabled={register.isPending}>
                    <RefreshCw aria-hidden className="size-4" />
                    {t("register.retryDirectory")}
                  </Button>
                  <Link href={`/patients/${result.id}`} className={buttonClasses({ size: "sm", variant: "secondary" })}>
                    {t("register.openPatient")}
                  </Link>
                </div>
              </div>
            </div>
          </div>
        ) : null}
        {serverError ? <ProblemAlert error={serverError} returnTo="/patients/new" /> : null}
        {serverError instanceof ApiProblemError && serverError.status === 401 ? (
          <p className="text-sm text-ink-muted">{t("register.sessionExpired")}</p>
        ) : null}
        {Object.keys(errors).length > 0 ? (
          <p role="alert" className="text-sm font-medium text-danger-soft-ink">
            {t("register.fixErrors")}
          </p>
        ) : null}

        <PatientFormFields values={values} setValues={setValues} errors={errors} setErrors={setErrors} />

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="lg" disabled={register.isPending}>
            {register.isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <UserPlus aria-hidden className="size-4" />}
            {register.isPending ? t("register.submitting") : t("register.submit")}
          </Button>
          {result?.directory === "done" ? (
            <span className="inline-flex items-center gap-1.5 text-sm text-success-soft-ink">
              <CheckCircle2 aria-hidden className="size-4" />
              <Button variant="ghost" size="sm" onClick={() => (setKey(newKey()), setResult(null))}>
                {t("register.another")}
              </Button>
            </span>
          ) : null}
        </div>
      </form>
      <aside aria-labelledby="duplicates-title" className="order-first min-w-0 xl:sticky xl:top-4 xl:order-none xl:self-start">
        <DuplicateWarnings query={duplicateQuery} />
      </aside>
    </div>
  );
}
