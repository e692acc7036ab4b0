import type { FieldErrors, Resolver } from "react-hook-form";
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from "./storable-chars";

/**
 * The sign-in form's own check, in the browser: the same rules as `SignInInput` (staff.ts), which
 * the server applies to what it receives. Two fields do not justify the whole of zod (about 45 KiB
 * of a signed-out visit's JavaScript, even with zod's "mini" API); sign-in-form.test.ts holds this
 * and `SignInInput` to the same verdicts on thousands of generated inputs.
 */
export interface SignInFormFields {
  email: string;
  password: string;
}

/** zod's e-mail pattern (`z.email()`), the one `SignInInput` applies. */
const EMAIL = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const PASSWORD_MAX = 200;

type Problem = { type: "invalid_format" | "custom" | "too_small" | "too_big"; message: string };

export function checkSignIn(values: SignInFormFields): { values: SignInFormFields } | { problems: Partial<Record<keyof SignInFormFields, Problem>> } {
  const problems: Partial<Record<keyof SignInFormFields, Problem>> = {};
  const email = values.email.trim().toLowerCase();
  if (!isStorableText(values.email)) problems.email = { type: "custom", message: UNSTORABLE_TEXT_MESSAGE };
  else if (!EMAIL.test(email)) problems.email = { type: "invalid_format", message: "Enter the e-mail address you sign in with" };
  if (values.password.length < 1) problems.password = { type: "too_small", message: "Enter your password" };
  else if (values.password.length > PASSWORD_MAX) problems.password = { type: "too_big", message: `Too big: expected string to have <=${PASSWORD_MAX} characters` };
  return Object.keys(problems).length ? { problems } : { values: { email, password: values.password } };
}

/** react-hook-form's resolver for the check above. */
export const signInResolver: Resolver<SignInFormFields> = (values) => {
  const checked = checkSignIn(values);
  if ("values" in checked) return { values: checked.values, errors: {} };
  const errors: FieldErrors<SignInFormFields> = {};
  for (const [field, problem] of Object.entries(checked.problems) as [keyof SignInFormFields, Problem][]) errors[field] = { type: problem.type, message: problem.message };
  return { values: {}, errors };
};
