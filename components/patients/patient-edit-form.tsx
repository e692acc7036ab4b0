"use client";

import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Loader2, RefreshCw, Save, TriangleAlert } from "lucide-react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { ApiProblemError } from "@/lib/api-client/http";
import { usePatientProfile, useUpdatePatient } from "@/lib/api-client/patients";
import type { PatientProfile } from "@/lib/schemas/patients";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { PatientFormFields } from "./patient-form-fields";
import { changedFields, valuesFromProfile } from "./profile-values";
import { errorsFromServer, toRegistrationInput, validateRegistration, type FieldErrors, type RegistrationValues } from "./registration-values";

const newId = () => crypto.randomUUID();

/** Loads the patient, then edits it; the form starts from what the platform has now. */
export function PatientEditForm({ id }: { id: string }) {
  const t = useTranslations("patients");
  const query = usePatientProfile(id);
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={t("profile.loadingLabel")} className="grid gap-4">
        <Skeleton className="h-48" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (query.isError) return <ProblemAlert error={query.error} onRetry={() => void query.refetch()} returnTo={`/patients/${id}/edit`} />;
  return <EditForm key={query.data.updatedAt} profile={query.data} onReload={() => void query.refetch()} />;
}

function EditForm({ profile, onReload }: { profile: PatientProfile; onReload: () => void }) {
  const t = useTranslations("patients");
  const router = useRouter();
  const [initial] = useState<RegistrationValues>(() => valuesFromProfile(profile, newId));
  const [values, setValues] = useState<RegistrationValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [nothing, setNothing] = useState(false);
  const [conflict, setConflict] = useState(false);
  const update = useUpdatePatient(profile.id);

  async function save(overwrite: boolean, event?: FormEvent) {
    event?.preventDefault();
    if (update.isPending) return;
    const checked = validateRegistration(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const changes = changedFields(toRegistrationInput(initial).input, checked.input);
    if (Object.keys(changes).length === 0) {
      setNothing(true);
      return;
    }
    setNothing(false);
    try {
      await update.mutateAsync({ changes, expectedUpdatedAt: profile.updatedAt, overwrite });
      toast.success(t("edit.saved"));
      router.push(`/patients/${profile.id}`);
    } catch (err) {
      if (!(err instanceof ApiProblemError)) return;
      if (err.status === 409) setConflict(true);
      else if (err.status === 400 && err.problem.errors) setErrors(errorsFromServer(err.problem.errors));
    }
  }

  const shownError = update.error instanceof ApiProblemError && (update.error.status === 409 || (update.error.status === 400 && update.error.problem.errors)) ? null : update.error;
  return (
    <form noValidate onSubmit={(e) => void save(false, e)} className="grid gap-6">
      {conflict ? (
        <div role="alert" className="rounded-xl border border-warning/50 bg-warning-soft p-5 text-warning-soft-ink">
          <div className="flex items-start gap-3">
            <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{t("edit.conflictTitle")}</p>
              <p className="mt-1 text-sm">{t("edit.conflictBody")}</p>
              <div className="mt-4 flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={onReload}>
                  <RefreshCw aria-hidden className="size-4" />
                  {t("edit.reload")}
                </Button>
                <Button size="sm" onClick={() => void save(true)}>
                  {t("edit.overwrite")}
                </Button>
              </div>
            </div>
          </div>
        </div>
      ) : null}
      {shownError ? <ProblemAlert error={shownError} returnTo={`/patients/${profile.id}/edit`} /> : null}
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="text-sm font-medium text-danger-soft-ink">
          {t("register.fixErrors")}
        </p>
      ) : null}
      <PatientFormFields values={values} setValues={setValues} errors={errors} setErrors={setErrors} ownUhid={profile.uhid} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={update.isPending}>
          {update.isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Save aria-hidden className="size-4" />}
          {update.isPending ? t("edit.saving") : t("edit.save")}
        </Button>
        <Link href={`/patients/${profile.id}`} className={buttonClasses({ variant: "ghost", size: "lg" })}>
          {t("edit.cancel")}
        </Link>
        {nothing ? (
          <p role="status" className="text-sm text-ink-muted">
            {t("edit.nothingChanged")}
          </p>
        ) : null}
      </div>
    </form>
  );
}
