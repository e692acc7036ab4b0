"use client";

import { useEffect, useMemo, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { useEarlyInput } from "@/components/forms/use-early-input";
import { zodResolver } from "@hookform/resolvers/zod";
import { History, Loader2, RefreshCw, TriangleAlert, UserPlus } from "lucide-react";
import { toast } from "@/lib/toast";
import { useFormatter, useTranslations } from "use-intl";
import { ApiProblemError } from "@/lib/api-client/http";
import { useFreshDuplicateCheck, useRegisterPatient } from "@/lib/api-client/patients";
import { isStrongDuplicate, type DuplicateMatch, type PatientRegistrationInput, type RegistrationResult } from "@/lib/schemas/patients";
import { parseIndianDate } from "@/lib/schemas/patient-age";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { focusWhenReady } from "@/components/ui/focus-after";
import { DuplicateConfirmList, DuplicateWarnings } from "./duplicate-warnings";
import { PatientFormFields } from "./patient-form-fields";
import { EMPTY_REGISTRATION, RegistrationFormSchema, errorsFromServer, mobileOf, toRegistrationInput, type RegistrationValues } from "./registration-values";
import { useRegistrationDraft } from "./use-registration-draft";
import { AbhaScanDialog, ScanAbhaButton } from "./abha-scan-dialog";
import { ABHA_SCAN_STORAGE_KEY, registrationFromScan } from "./abha-prefill";
import { readAbhaScanHandOver } from "./abha-hand-over";
import type { AbhaScan } from "@/lib/schemas/abha-qr";
import { todayInIndia } from "@/lib/schemas/india-today";
import { issueShareVisit } from "@/lib/api-client/abdm-shares";
import { clearShareVisitHandOver, readShareVisitHandOver, type ShareVisitHandOver } from "./share-visit-hand-over";

/** How often a registration whose outcome is being confirmed asks again (the same key: never a second patient). */
const CONFIRM_EVERY_MS = 5_000;

/** Statuses by which the server says the attempt made nothing (refused, or the platform answered with an error). */
const NOTHING_CREATED = new Set([400, 401, 403, 404, 409, 413, 415, 422, 429, 502, 503]);

/** Registration of a new patient: profile and directory fields on one keyboard-friendly form. */
export function RegistrationForm() {
  const t = useTranslations("patients");
  const tAbha = useTranslations("abha");
  const tShare = useTranslations("abdmShares");
  const format = useFormatter();
  const router = useRouter();
  const form = useForm<RegistrationValues>({
    defaultValues: EMPTY_REGISTRATION,
    resolver: zodResolver(RegistrationFormSchema),
    mode: "onTouched",
    reValidateMode: "onChange",
  });
  const draft = useRegistrationDraft(form);
  useEarlyInput(form, EMPTY_REGISTRATION);
  const [result, setResult] = useState<RegistrationResult | null>(null);
  const [duplicates, setDuplicates] = useState<{ matches: DuplicateMatch[]; input: PatientRegistrationInput } | null>(null);
  const [serverExtrasError, setServerExtrasError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState<{ body: PatientRegistrationInput; key: string } | null>(null);
  const register = useRegisterPatient();
  const freshDuplicates = useFreshDuplicateCheck();
  const busy = register.isPending || checking || confirming !== null;
  const [scanning, setScanning] = useState(false);
  const [fromScan, setFromScan] = useState(false);
  // Opened from "Register patient" on a Scan & Share row: the OPD token follows the registration.
  const [shareVisit, setShareVisit] = useState<ShareVisitHandOver | null>(null);

  function dropShareVisit() {
    clearShareVisitHandOver();
    setShareVisit(null);
  }

  function fillFromScan(scan: AbhaScan) {
    // A scanned card is a new patient: a new attempt (key) and a fresh form, never the last one's leftovers.
    draft.startNew();
    form.reset(registrationFromScan(scan, todayInIndia(), () => crypto.randomUUID()));
    setFromScan(true);
    requestAnimationFrame(() => form.setFocus("firstName"));
  }

  useEffect(() => {
    // A scan made on the patient search ("Register as a new patient") waits in this tab's storage.
    const handed = readAbhaScanHandOver(ABHA_SCAN_STORAGE_KEY);
    // After the draft hook has restored (or not) its draft, so the scan is what the form shows.
    // A share's visit waits only with its own profile; a share's visit left from an abandoned registration goes.
    const visit = handed ? readShareVisitHandOver() : null;
    if (!visit) clearShareVisitHandOver();
    if (handed)
      requestAnimationFrame(() => {
        fillFromScan(handed);
        if (visit) setShareVisit(visit);
      });
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function send(input: PatientRegistrationInput, confirmed: DuplicateMatch[] = []) {
    const body: PatientRegistrationInput = confirmed.length ? { ...input, duplicateConfirmed: confirmed.map((m) => m.id) } : input;
    const key = draft.keyFor(body);
    await attempt(body, key);
  }

  async function attempt(body: PatientRegistrationInput, key: string) {
    try {
      const r = await register.mutateAsync({ body, key });
      if ("state" in r) {
        // The platform's answer was lost: the desk is finding out what it did; the same key asks again.
        draft.settle("unknown");
        setConfirming({ body, key });
        return;
      }
      setConfirming(null);
      draft.settle("created");
      setResult(r);
      if (r.directory === "done" && !r.earlierAttempt) {
        draft.finish();
        const v = form.getValues();
        const name = [v.designation, v.firstName, v.middleName, v.lastName].filter((x) => x.trim()).join(" ");
        if (shareVisit) {
          // One step from the share: the doctor's OPD token, under the hand-over's key (a retry never gives two).
          try {
            const entry = await issueShareVisit(shareVisit.shareId, shareVisit.doctorId, shareVisit.key);
            dropShareVisit();
            toast.success(tShare("registeredAndIssued", { name, token: entry.tokenLabel ?? "", doctor: shareVisit.doctorName }));
            router.push(`/appointments/today?clinic=${encodeURIComponent(shareVisit.clinicId)}`);
          } catch {
            dropShareVisit();
            toast.error(tShare("issueFailed", { name }));
            router.push(`/patients/${r.id}`);
          }
          return;
        }
        toast.success(t("register.registered", { name }));
        router.push(`/patients/${r.id}`);
      }
    } catch (err) {
      // While confirming, a lost connection or a busy server only means: ask again a little later.
      const transient = err instanceof ApiProblemError && (err.status === 0 || err.status >= 500);
      setConfirming((c) => (c && transient ? { ...c } : null));
      draft.settle(err instanceof ApiProblemError && NOTHING_CREATED.has(err.status) ? "not-created" : "unknown");
      if (err instanceof ApiProblemError && err.status === 400 && err.problem.errors) {
        const found = errorsFromServer(err.problem.errors);
        const fields = Object.keys(found) as FieldPath<RegistrationValues>[];
        for (const field of fields) form.setError(field, { type: "server", message: found[field] });
        setServerExtrasError(found.extras);
        const first = fields.find((f) => f !== "extras");
        if (first) form.setFocus(first);
      }
    }
  }

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => void attempt(confirming.body, confirming.key), CONFIRM_EVERY_MS);
    return () => clearTimeout(timer);
    // Each answer sets `confirming` anew (a new object), which schedules the next look.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [confirming]);

  async function onValid(values: RegistrationValues) {
    if (busy) return;
    setServerExtrasError(undefined);
    const { input } = toRegistrationInput(values);
    // A retry of an attempt that already made the patient (directory step) is not a new patient.
    if (!result) {
      setChecking(true);
      const strong = await freshDuplicates({
        firstName: values.firstName,
        lastName: values.lastName,
        mobile: mobileOf(values.countryCode, values.mobile),
        dob: parseIndianDate(values.dob) ?? "",
        uhid: "",
        abhaNumber: values.abhaNumber,
        abhaAddress: values.abha,
      })
        .then((r) => r.matches.filter(isStrongDuplicate))
        .catch(() => [] as DuplicateMatch[])
        .finally(() => setChecking(false));
      if (strong.length) {
        setDuplicates({ matches: strong, input });
        return;
      }
    }
    await send(input);
  }

  const submit = form.handleSubmit(onValid);

  function startNew() {
    draft.startNew();
    setResult(null);
    setConfirming(null);
    setServerExtrasError(undefined);
    register.reset();
    // After the notice with the pressed button has gone, so focus lands in the fresh form.
    requestAnimationFrame(() => form.setFocus("firstName"));
  }

  const [firstName, lastName, countryCode, mobile, dob, uhid, abhaAddress, abhaNumber] = useWatch({
    control: form.control,
    name: ["firstName", "lastName", "countryCode", "mobile", "dob", "uhid", "abha", "abhaNumber"],
  });
  const dobIso = parseIndianDate(dob);
  const duplicateQuery = useMemo(
    () => ({ firstName, lastName, mobile: mobileOf(countryCode, mobile), dob: dobIso ?? "", uhid, abhaNumber, abhaAddress }),
    [firstName, lastName, countryCode, mobile, dobIso, uhid, abhaNumber, abhaAddress],
  );

  const errorCount = Object.keys(form.formState.errors).length;
  const serverError = register.error instanceof ApiProblemError && register.error.status === 400 && register.error.problem.errors ? null : register.error;
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <form noValidate onSubmit={(e) => void submit(e)} aria-describedby="registration-intro" className="grid gap-6">
        <p id="registration-intro" className="sr-only">
          {t("register.subtitle")}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <ScanAbhaButton size="md" onClick={() => setScanning(true)} />
          {fromScan ? (
            <p role="status" className="min-w-48 flex-1 text-sm text-info-soft-ink" data-testid="abha-prefilled">
              {tAbha("prefilled")}
            </p>
          ) : null}
        </div>
        {shareVisit ? (
          <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-info-soft-ink/30 bg-info-soft p-4 text-sm text-info-soft-ink" data-testid="share-visit-pending">
            <p className="min-w-48 flex-1">{tShare("registeringFor", { token: shareVisit.tokenNumber, name: form.getValues("firstName") || "—", doctor: shareVisit.doctorName })}</p>
            <Button type="button" size="sm" variant="secondary" onClick={dropShareVisit}>
              {tShare("notForThisShare")}
            </Button>
          </div>
        ) : null}
        {draft.restoredAt !== null && !result ? (
          <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-info-soft-ink/30 bg-info-soft p-4 text-info-soft-ink" data-testid="draft-restored">
            <History aria-hidden className="size-5 shrink-0" />
            <div className="min-w-48 flex-1 basis-64">
              <p className="font-semibold">{t("register.draftRestored", { time: format.dateTime(draft.restoredAt, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }) })}</p>
              <p className="text-sm">{t("register.draftRestoredBody")}</p>
            </div>
            <Button variant="secondary" size="sm" onClick={startNew}>
              {t("register.startNew")}
            </Button>
          </div>
        ) : null}
        {confirming ? (
          <div role="status" aria-live="polite" className="rounded-xl border border-info-soft-ink/30 bg-info-soft p-5 text-info-soft-ink" data-testid="registration-confirming">
            <div className="flex items-start gap-3">
              <Loader2 aria-hidden className="mt-0.5 size-5 shrink-0 animate-spin motion-reduce:animate-none" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{t("register.confirmingTitle")}</p>
                <p className="mt-1 text-sm">{t("register.confirmingBody")}</p>
              </div>
            </div>
          </div>
        ) : null}
        {result?.earlierAttempt ? (
          <div role="alert" className="rounded-xl border border-warning/50 bg-warning-soft p-5 text-warning-soft-ink">
            <div className="flex items-start gap-3">
              <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{t("register.earlierTitle")}</p>
                <p className="mt-1 text-sm">{t("register.earlierBody")}</p>
                <div className="mt-4 flex flex-wrap gap-2">
                  <Link href={`/patients/${result.id}`} className={buttonClasses({ size: "sm" })}>
                    {t("register.openPatient")}
                  </Link>
                  <Button size="sm" variant="secondary" onClick={startNew}>
                    {t("register.startNew")}
                  </Button>
                </div>
              </div>
            </div>
          </div>
        ) : result?.directory === "failed" ? (
          <div role="alert" className="rounded-xl border border-warning/50 bg-warning-soft p-5 text-warning-soft-ink">
            <div className="flex items-start gap-3">
              <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{t("register.directoryFailedTitle")}</p>
                <p className="mt-1 text-sm">{t("register.directoryFailedBody", { reason: result.directoryError ?? "" })}</p>
                <div className="mt-4 flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => void submit()} disabled={busy}>
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
        {serverError instanceof ApiProblemError && serverError.status === 401 ? <p className="text-sm text-ink-muted">{t("register.sessionExpired")}</p> : null}
        {form.formState.isSubmitted && errorCount > 0 ? (
          <p role="alert" className="text-sm font-medium text-danger-soft-ink">
            {t("register.fixErrors")}
          </p>
        ) : null}

        <PatientFormFields form={form} serverExtrasError={serverExtrasError} />

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <UserPlus aria-hidden className="size-4" />}
            {busy ? t("register.submitting") : t("register.submit")}
          </Button>
        </div>
      </form>
      <DuplicateWarnings query={duplicateQuery} className="order-first min-w-0 xl:sticky xl:top-4 xl:order-none xl:self-start" />
      <AbhaScanDialog
        open={scanning}
        onClose={() => setScanning(false)}
        onRegister={(scan) => {
          // Another card scanned here: a new patient, not the share's.
          dropShareVisit();
          fillFromScan(scan);
        }}
        fillAtOnce
      />
      <ConfirmDialog
        open={duplicates !== null}
        tone="primary"
        defaultAnswer="cancel"
        title={t("register.duplicateTitle")}
        confirmLabel={t("register.duplicateConfirm")}
        cancelLabel={t("register.duplicateCancel")}
        busy={register.isPending}
        onCancel={() => {
          setDuplicates(null);
          // Back to the details to check them against the match: the first name, where the form starts.
          focusWhenReady(() => document.querySelector<HTMLElement>('form [name="firstName"]'));
        }}
        onConfirm={() => {
          const pending = duplicates;
          setDuplicates(null);
          if (pending) void send(pending.input, pending.matches);
        }}
      >
        {duplicates ? (
          <>
            <p>{t("register.duplicateBody")}</p>
            <DuplicateConfirmList matches={duplicates.matches} />
            <p className="mt-3">{t("register.duplicateQuestion")}</p>
          </>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
