import { z } from "zod";
import { patientError } from "./patient-messages";
import { isStorableText, UNSTORABLE_TEXT_MESSAGE, unstorablePaths } from "./storable-text";

/** Spec 2.1 / 8: the longest key allowed in profile `extras`. */
export const EXTRAS_MAX_KEY_LENGTH = 16;

export type ExtrasProblem = { path: (string | number)[]; message: string };

const isDict = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);
/** Keys that start with an underscore are ignored by the platform (rule 4), so their contents are never checked. */
export const isIgnoredExtrasKey = (key: string) => key.startsWith("_");

function checkList(list: unknown[], path: (string | number)[], out: ExtrasProblem[]) {
  list.forEach((item, i) => {
    if (Array.isArray(item)) out.push({ path: [...path, i], message: patientError("extras.listInList") });
    else if (isDict(item)) out.push({ path: [...path, i], message: patientError("extras.groupInList") });
  });
}

function checkKey(key: string, path: (string | number)[], out: ExtrasProblem[]) {
  if (key.length > EXTRAS_MAX_KEY_LENGTH) out.push({ path, message: patientError("extras.keyTooLong", { key, max: EXTRAS_MAX_KEY_LENGTH }) });
  if (key.trim() === "") out.push({ path, message: patientError("extras.keyEmpty") });
  // NUL and half surrogate pairs are refused as unstorable already; other control characters name nothing either.
  else if (isStorableText(key) && /\p{Cc}/u.test(key)) out.push({ path, message: patientError("extras.keyControl") });
}

/**
 * The five rules of spec 2.1 for `extras`: no nested lists, no dictionaries in lists, one
 * level of nesting inside dictionaries, `_`-keys ignored, keys of at most 16 characters.
 */
export function extrasProblems(extras: unknown): ExtrasProblem[] {
  const out: ExtrasProblem[] = [];
  if (!isDict(extras)) return [{ path: [], message: patientError("extras.notDict") }];
  for (const [key, value] of Object.entries(extras)) {
    if (isIgnoredExtrasKey(key)) continue;
    checkKey(key, [key], out);
    if (Array.isArray(value)) checkList(value, [key], out);
    else if (isDict(value)) {
      for (const [inner, v] of Object.entries(value)) {
        if (isIgnoredExtrasKey(inner)) continue;
        checkKey(inner, [key, inner], out);
        if (isDict(v)) out.push({ path: [key, inner], message: patientError("extras.nesting") });
        else if (Array.isArray(v)) checkList(v, [key, inner], out);
        else if (!isScalar(v)) out.push({ path: [key, inner], message: patientError("extras.groupValue") });
      }
    } else if (!isScalar(value)) out.push({ path: [key], message: patientError("extras.value") });
  }
  return out;
}

/** Drops every `_`-key (rule 4) at both levels, as the platform does before storing. */
export function withoutIgnoredExtras(extras: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(extras)) {
    if (isIgnoredExtrasKey(key)) continue;
    out[key] = isDict(value) ? Object.fromEntries(Object.entries(value).filter(([k]) => !isIgnoredExtrasKey(k))) : value;
  }
  return out;
}

export const Extras = z
  .record(z.string(), z.unknown())
  .superRefine((value, ctx) => {
    for (const path of unstorablePaths(value)) ctx.addIssue({ code: "custom", path, message: UNSTORABLE_TEXT_MESSAGE });
    for (const p of extrasProblems(value)) ctx.addIssue({ code: "custom", path: p.path, message: p.message });
  })
  .transform(withoutIgnoredExtras);
export type Extras = Record<string, unknown>;
