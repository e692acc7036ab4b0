"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Eraser } from "lucide-react";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FieldError, Label } from "@/components/ui/field";
import { useErasePatient } from "@/lib/api-client/erasure";
import { ApiProblemError } from "@/lib/api-client/http";
import { ErasureRequest } from "@/lib/schemas/erasure";

const KEY_PREFIX = "erasure.";

/** For admins: erase what the desk holds about this patient, at their own request, with a reason the log keeps. */
export function ErasePatientButton({ patientId, name }: { patientId: string; name: string }) {
  const t = useTranslations("erasure");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const erase = useErasePatient(patientId);
  const message = (key: string) => (key.startsWith(KEY_PREFIX) ? t(key.slice(KEY_PREFIX.length) as "errors.reasonRequired") : key);

  function confirm() {
    const parsed = ErasureRequest.safeParse({ reason });
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message ?? "erasure.errors.reasonRequired"));
      document.getElementById("erasure-reason")?.focus();
      return;
    }
    setError(null);
    erase.mutate(parsed.data, {
      onSuccess: (r) => {
        setOpen(false);
        if (r.completedAt) toast.success(t("doneToast", { name, pseudonym: r.pseudonym }));
        else toast.warning(t("resumesToast"));
        router.push("/settings/erasures");
      },
      onError: (err) => {
        const field = err instanceof ApiProblemError ? err.problem.errors?.reason : undefined;
        if (field) setError(message(field));
      },
    });
  }

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} data-testid="erase-patient">
        <Eraser aria-hidden className="size-4" />
        {t("eraseButton")}
      </Button>
      <ConfirmDialog
        open={open}
        title={t("dialogTitle")}
        confirmLabel={erase.isPending ? t("erasing") : t("confirm")}
        cancelLabel={t("cancel")}
        busy={erase.isPending}
        defaultAnswer="cancel"
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
        onConfirm={confirm}
      >
        <p>{t("dialogBody", { name })}</p>
        <div className="mt-4 grid gap-1.5">
          <Label htmlFor="erasure-reason">{t("reasonLabel")}</Label>
          <textarea
            id="erasure-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            maxLength={600}
            aria-invalid={error ? true : undefined}
            aria-describedby="erasure-reason-hint erasure-reason-error"
            className="block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-ink shadow-sm focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus"
          />
          <p id="erasure-reason-hint" className="text-xs text-ink-muted">
            {t("reasonHint")}
          </p>
          <FieldError id="erasure-reason-error">{error}</FieldError>
        </div>
        {erase.error && !(erase.error instanceof ApiProblemError && erase.error.problem.errors?.reason) ? (
          <div className="mt-3">
            <ProblemAlert error={erase.error} returnTo={`/patients/${patientId}`} />
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
