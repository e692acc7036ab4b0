"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch, type FieldError as FormFieldError } from "react-hook-form";
import { AlertCircle, LoaderCircle, LogIn } from "lucide-react";
import { signIn } from "next-auth/react";
import { useTranslations } from "use-intl";
import { signInResolver, type SignInFormFields } from "@/lib/schemas/sign-in-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldError, Input, Label } from "@/components/ui/field";
import { DemoStaffList, type DemoStaffAccount } from "./demo-staff-list";

type FailureReason = "failed" | "rateLimited" | "unexpected";

/** Zod's messages are English; the form shows its own in the chosen language. */
function useFieldMessage() {
  const t = useTranslations("signIn");
  return {
    email(error: FormFieldError | undefined, value: string) {
      if (!error) return undefined;
      return value.trim() === "" ? t("emailRequired") : t("emailInvalid");
    },
    password(error: FormFieldError | undefined) {
      if (!error) return undefined;
      return error.type === "too_big" ? t("passwordTooLong") : t("passwordRequired");
    },
  };
}

export function SignInForm({ callbackUrl, demoStaff }: { callbackUrl: string | null; demoStaff?: DemoStaffAccount[] }) {
  const t = useTranslations("signIn");
  const messages = useFieldMessage();
  const router = useRouter();
  const [failure, setFailure] = useState<FailureReason | null>(null);
  const [waitSeconds, setWaitSeconds] = useState(0);
  const [redirecting, setRedirecting] = useState(false);
  const [filledFor, setFilledFor] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SignInFormFields>({
    resolver: signInResolver,
    defaultValues: { email: "", password: "" },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  const pending = isSubmitting || redirecting;
  const typedEmail = useWatch({ control, name: "email" });
  const emailError = messages.email(errors.email, typedEmail);
  const passwordError = messages.password(errors.password);

  async function onSubmit(values: SignInFormFields) {
    setFailure(null);
    let result: Awaited<ReturnType<typeof signIn>>;
    try {
      result = await signIn("credentials", { email: values.email, password: values.password, redirect: false });
    } catch {
      setFailure("unexpected");
      return;
    }
    if (!result || result.error || !result.ok) {
      // The server answers "RateLimited:<seconds>" while the account's sign-in delay runs.
      const limited = /^RateLimited(?::(\d+))?$/.exec(result?.error ?? "");
      setWaitSeconds(limited ? Number(limited[1] ?? 30) : 0);
      setFailure(limited ? "rateLimited" : result?.error ? "failed" : "unexpected");
      setFocus("password");
      return;
    }
    setRedirecting(true);
    router.replace(callbackUrl ?? "/");
    router.refresh();
  }

  function fillWithAccount(account: DemoStaffAccount) {
    setValue("email", account.email, { shouldValidate: false, shouldDirty: true });
    setValue("password", account.password, { shouldValidate: false, shouldDirty: true });
    setFailure(null);
    setFilledFor(account.name);
    setFocus("email");
  }

  return (
    <div className="space-y-6">
      <Card className="p-6 sm:p-8">
      <h1 className="text-xl font-semibold tracking-tight text-ink">{t("title")}</h1>
      <p className="mt-1 mb-6 text-sm text-ink-muted">{t("subtitle")}</p>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-describedby={failure ? "sign-in-failure" : undefined}>
        {failure ? (
          <div id="sign-in-failure" role="alert" className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger-soft px-3 py-2.5 text-sm text-danger-soft-ink">
            <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{failure === "rateLimited" ? t("rateLimited", { seconds: waitSeconds }) : t(failure)}</span>
          </div>
        ) : null}

        <div>
          <Label htmlFor="email">{t("email")}</Label>
          <Input
            id="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            className="mt-1.5"
            invalid={!!emailError}
            aria-describedby={emailError ? "email-error" : undefined}
            {...register("email")}
          />
          <FieldError id="email-error">{emailError}</FieldError>
        </div>

        <div>
          <Label htmlFor="password">{t("password")}</Label>
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            className="mt-1.5"
            invalid={!!passwordError}
            aria-describedby={passwordError ? "password-error" : undefined}
            {...register("password")}
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

      {demoStaff && demoStaff.length > 0 ? <DemoStaffList accounts={demoStaff} onUse={fillWithAccount} /> : null}
    </div>
  );
}
