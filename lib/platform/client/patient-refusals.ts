import "server-only";
import type { z } from "zod";
import { DirectoryUpdateRules, ProfileCreateRules, ProfileUpdateRules } from "./patient-rules";
import { patientError } from "@/lib/schemas/patient-messages";
import { PlatformRejectedError, ValidationError } from "../../server/errors";
import { fieldSentence } from "../../server/problem-words";
import { toDirectoryUpdate, toProfileFields } from "./patients";

/** The platform's refusals, moved onto the form field they are about. */
export function fieldErrorFromPlatform(err: unknown): unknown {
  if (!(err instanceof PlatformRejectedError)) return err;
  if (err.status === 409 && /duplicate_username|username/i.test(`${err.platformCode} ${err.message}`)) {
    return new ValidationError({ uhid: patientError("uhid.taken") }, "This UHID is already used by another patient.");
  }
  const field = /^(\w+)(?:\.\w+)*:/.exec(err.platformMessage)?.[1];
  const formField = field ? PLATFORM_TO_FORM[field] : undefined;
  if (formField && err.status !== 404) {
    // The platform answers in its own words (English, its field names): the form shows them inside the desk's own sentence.
    const platformMessage = err.platformMessage.slice(err.platformMessage.indexOf(":") + 1).trim();
    const message = patientError("platform.refused", { message: platformMessage });
    return new ValidationError({ [formField]: message }, fieldSentence(formField, platformMessage));
  }
  return err;
}

const PLATFORM_TO_FORM: Record<string, string> = {
  fn: "firstName",
  mn: "middleName",
  ln: "lastName",
  fln: "firstName",
  s: "designation",
  dob: "dob",
  gen: "gender",
  bloodgroup: "bloodGroup",
  mobile: "mobile",
  email: "email",
  username: "uhid",
  abha: "abha",
  extras: "extras",
  designation: "designation",
  first_name: "firstName",
  middle_name: "middleName",
  last_name: "lastName",
  gender: "gender",
  address: "address",
};

/**
 * Checks what will be sent against the platform's own rules for both steps before the first call,
 * so a directory entry the platform would refuse never leaves a profile behind without it.
 */
export function assertPlatformAccepts(r: Parameters<typeof toProfileFields>[0], mode: "create" | "update"): void {
  const errors: Record<string, string> = {};
  const check = (schema: z.ZodType, body: object) => {
    if (Object.keys(body).length === 0) return;
    for (const issue of schema.safeParse(body).error?.issues ?? []) {
      const field = PLATFORM_TO_FORM[String(issue.path[0] ?? "")] ?? "body";
      const path = [field, ...issue.path.slice(1).map((p) => (p === "pincode" ? "pin" : String(p)))].join(".");
      errors[path] ??= issue.message;
    }
  };
  check(mode === "create" ? ProfileCreateRules : ProfileUpdateRules, toProfileFields(r));
  check(DirectoryUpdateRules, toDirectoryUpdate(r));
  const first = Object.entries(errors)[0];
  if (first) throw new ValidationError(errors, fieldSentence(first[0], first[1]));
}
