"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useForm, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, RefreshCw, Save, TriangleAlert } from "lucide-react";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { ApiProblemError } from "@/lib/api-client/http";
import { usePatientProfile, useUpdatePatient } from "@/lib/api-client/patients";
import type { PatientProfile } from "@/lib/schemas/patients";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { PatientFormFields } from "./patient-form-fields";
import { changedFields, valuesFromProfile } from "./profile-values";
import { RegistrationFormSchema, errorsFromServer, toRegistrationInput, type RegistrationValues } from "./registration-values";

const newId = () => crypto.randomUUID();

/** Loads the patient, then edits it; the form starts from what the platform has now. */
export function PatientEditForm({ id }: { id: string }) {
  const t = useTranslations("patients");
  const query = usePatientProfile(id);
  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t("profile.loadingLabel")} className="grid gap-4">
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
  const form = useForm<RegistrationValues>({
    defaultValues: initial,
    resolver: zodResolver(RegistrationFormSchema),
    mode: "onTouched",
    reValidateMode: "onChange",
  });
  const [nothing, setNothing] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [serverExtrasError, setServerExtrasError] = useState<string | undefined>();
  const leaving = useRef(false);
  const update = useUpdatePatient(profile.id);
  const dirty = form.formState.isDirty;
  const profileHref = `/patients/${profile.id}`;

  // Closing the tab or reloading with unsaved changes asks first (the browser words the question).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  async function save(values: RegistrationValues, overwrite: boolean) {
    if (update.isPending) return;
    setServerExtrasError(undefined);
    const changes = changedFields(toRegistrationInput(initial).input, toRegistrationInput(values).input);
    if (Object.keys(changes).length === 0) {
      setNothing(true);
      return;
    }
    setNothing(false);
    try {
      await update.mutateAsync({ changes, expectedUpdatedAt: profile.updatedAt, overwrite });
      leaving.current = true;
      toast.success(t("edit.saved"));
      router.push(profileHref);
    } catch (err) {
      if (!(err instanceof ApiProblemError)) return;
      if (err.status === 409) setConflict(true);
      else if (err.status === 400 && err.problem.errors) {
        const found = errorsFromServer(err.problem.errors);
        for (const field of Object.keys(found) as FieldPath<RegistrationValues>[]) form.setError(field, { type: "server", message: found[field] });
        setServerExtrasError(found.extras);
      }
    }
  }

  function cancel() {
    if (form.formState.isDirty) setConfirmLeave(true);
    else router.push(profileHref);
  }

  const shownError = update.error instanceof ApiProblemError && (update.error.status === 409 || (update.error.status === 400 && update.error.problem.errors)) ? null : update.error;
  const errorCount = Object.keys(form.formState.errors).length;
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit((v) => save(v, false))(e)} className="grid gap-6">
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
                <Button size="sm" onClick={() => void form.handleSubmit((v) => save(v, true))()}>
                  {t("edit.overwrite")}
                </Button>
              </div>
            </div>
          </div>
        </div>
      ) : null}
      {shownError ? <ProblemAlert error={shownError} returnTo={`/patients/${profile.id}/edit`} /> : null}
      {form.formState.isSubmitted && errorCount > 0 ? (
        <p role="alert" className="text-sm font-medium text-danger-soft-ink">
          {t("register.fixErrors")}
        </p>
      ) : null}
      <PatientFormFields form={form} ownUhid={profile.uhid} serverExtrasError={serverExtrasError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={update.isPending}>
          {update.isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Save aria-hidden className="size-4" />}
          {update.isPending ? t("edit.saving") : t("edit.save")}
        </Button>
        <Button variant="ghost" size="lg" onClick={cancel}>
          {t("edit.cancel")}
        </Button>
        {nothing ? (
          <p role="status" className="text-sm text-ink-muted">
            {t("edit.nothingChanged")}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmLeave}
        title={t("edit.discardTitle")}
        confirmLabel={t("edit.discard")}
        cancelLabel={t("edit.keepEditing")}
        onCancel={() => setConfirmLeave(false)}
        onConfirm={() => {
          leaving.current = true;
          setConfirmLeave(false);
          router.push(profileHref);
        }}
      >
        {t("edit.discardBody", { name: profile.displayName })}
      </ConfirmDialog>
    </form>
  );
}
