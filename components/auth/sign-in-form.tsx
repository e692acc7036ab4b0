"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { AlertCircle, LoaderCircle, LogIn } from "lucide-react";
import { signInWithPassword } from "@/lib/api-client/auth";
import { compiledTranslator, type CompiledMessages } from "@/lib/i18n/compiled";
import type { Messages } from "@/lib/i18n/catalogue-en";
import { checkSignIn, type SignInFormFields } from "@/lib/schemas/sign-in-form";
import type { Role } from "@/lib/schemas/staff";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldError, Input, Label } from "@/components/ui/field";
import { DemoStaffList, type DemoStaffAccount } from "./demo-staff-list";

type FailureReason = "failed" | "rateLimited" | "unexpected";
type Problems = Exclude<ReturnType<typeof checkSignIn>, { values: SignInFormFields }>["problems"];

export type SignInMessages = CompiledMessages<keyof Messages["signIn"]>;

/**
 * The sign-in form. It carries no catalogue, no form library and no next-auth client: the page
 * passes its messages compiled (lib/i18n/compiled.ts), the two fields are checked by checkSignIn()
 * (the server's rules) and the sign-in is two requests (lib/api-client/auth.ts). As before: the
 * fields are checked on submit, then again as they change; the first wrong field takes focus.
 */
export function SignInForm({
  callbackUrl,
  demoStaff,
  locale,
  messages,
  roleNames,
}: {
  callbackUrl: string | null;
  demoStaff?: DemoStaffAccount[];
  locale: string;
  messages: SignInMessages;
  roleNames: Record<Role, string>;
}) {
  const t = compiledTranslator(locale, messages);
  const router = useRouter();
  const [values, setValues] = useState<SignInFormFields>({ email: "", password: "" });
  const [problems, setProblems] = useState<Problems | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<FailureReason | null>(null);
  const [waitSeconds, setWaitSeconds] = useState(0);
  const [redirecting, setRedirecting] = useState(false);
  const [filledFor, setFilledFor] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Typed before the page hydrated (an old PC, a slow network): the fields show it but the form's state
  // is empty, and the first re-render would empty the fields. Taken into the state as the form arrives,
  // so a sign-in clicked meanwhile (held by components/layout/early-submit-guard.tsx) goes ahead with it.
  useEffect(() => {
    const typed = { email: emailRef.current?.value ?? "", password: passwordRef.current?.value ?? "" };
    if (typed.email || typed.password) setValues((v) => ({ email: v.email || typed.email, password: v.password || typed.password }));
  }, []);

  const pending = submitting || redirecting;
  // Zod's messages are English; the form shows its own in the chosen language.
  const emailError = problems?.email ? (values.email.trim() === "" ? t("emailRequired") : t("emailInvalid")) : undefined;
  const passwordError = problems?.password ? (problems.password.type === "too_big" ? t("passwordTooLong") : t("passwordRequired")) : undefined;

  function change(field: keyof SignInFormFields, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After the first submit the messages follow what is typed.
    if (problems) {
      const checked = checkSignIn(next);
      setProblems("problems" in checked ? checked.problems : {});
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const checked = checkSignIn(values);
    if ("problems" in checked) {
      setProblems(checked.problems);
      (checked.problems.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setProblems({});
    setFailure(null);
    setSubmitting(true);
    let outcome: Awaited<ReturnType<typeof signInWithPassword>>;
    try {
      outcome = await signInWithPassword(checked.values.email, checked.values.password);
    } catch {
      setSubmitting(false);
      setFailure("unexpected");
      return;
    }
    if (!outcome.ok) {
      // The server answers "RateLimited:<seconds>" while the account's sign-in delay runs.
      const limited = /^RateLimited(?::(\d+))?$/.exec(outcome.error ?? "");
      setSubmitting(false);
      setWaitSeconds(limited ? Number(limited[1] ?? 30) : 0);
      setFailure(limited ? "rateLimited" : outcome.error ? "failed" : "unexpected");
      passwordRef.current?.focus();
      return;
    }
    setSubmitting(false);
    setRedirecting(true);
    router.replace(callbackUrl ?? "/");
    router.refresh();
  }

  function fillWithAccount(account: DemoStaffAccount) {
    setValues({ email: account.email, password: account.password });
    if (problems) setProblems({});
    setFailure(null);
    setFilledFor(account.name);
    emailRef.current?.focus();
  }

  return (
    <div className="space-y-6">
      <Card className="p-6 sm:p-8">
      <h1 className="text-xl font-semibold tracking-tight text-ink">{t("title")}</h1>
      <p className="mt-1 mb-6 text-sm text-ink-muted">{t("subtitle")}</p>
      <form noValidate onSubmit={submit} className="space-y-5" aria-describedby={failure ? "sign-in-failure" : undefined}>
        {failure ? (
          <div id="sign-in-failure" role="alert" className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger-soft px-3 py-2.5 text-sm text-danger-soft-ink">
            <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{failure === "rateLimited" ? t("rateLimited", { seconds: waitSeconds }) : t(failure)}</span>
          </div>
        ) : null}

        <div>
          <Label htmlFor="email">{t("email")}</Label>
          <Input
            ref={emailRef}
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            className="mt-1.5"
            invalid={!!emailError}
            aria-describedby={emailError ? "email-error" : undefined}
            value={values.email}
            onChange={(event) => change("email", event.target.value)}
          />
          <FieldError id="email-error">{emailError}</FieldError>
        </div>

        <div>
          <Label htmlFor="password">{t("password")}</Label>
          <Input
            ref={passwordRef}
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            className="mt-1.5"
            invalid={!!passwordError}
            aria-describedby={passwordError ? "password-error" : undefined}
            value={values.password}
            onChange={(event) => change("password", event.target.value)}
          />
          <FieldError id="password-error">{passwordError}</FieldError>
        </div>

        <Button type="submit" size="lg" className="w-full" disabled={pending} aria-disabled={pending}>
          {pending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <LogIn aria-hidden className="size-4" />}
          {pending ? t("submitting") : t("submit")}
        </Button>

        <p role="status" className="sr-only">
          {filledFor ? t("filled", { name: filledFor }) : ""}
        </p>
      </form>
      </Card>

      {demoStaff && demoStaff.length > 0 ? <DemoStaffList accounts={demoStaff} onUse={fillWithAccount} t={t} roleNames={roleNames} /> : null}
    </div>
  );
}
