"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { EMPTY_REGISTRATION, type RegistrationValues } from "./registration-values";

const STORAGE_KEY = "patient-registration-draft";

/**
 * One registration attempt: the idempotency key, the body last sent with it, and what is known of
 * that send. "created": the platform has the patient; "not-created": the server answered that
 * nothing was made (a refusal, the platform down); "unknown": no answer (network, timeout), so only
 * the server can tell.
 */
export interface Attempt {
  key: string;
  sent?: string;
  outcome?: "created" | "not-created" | "unknown";
}

interface Draft {
  values: RegistrationValues;
  attempt: Attempt;
  savedAt: number;
}

const newKey = () => crypto.randomUUID();

/**
 * The attempt a send of `sent` belongs to: the same key while the details are unchanged or an
 * earlier send may have created the patient; a new key when the details changed after a send that
 * certainly made nothing. The outcome of the new send is unknown until it answers.
 */
export function nextAttempt(current: Attempt, sent: string, makeKey: () => string): Attempt {
  const fresh = !current.key || (current.sent !== undefined && current.sent !== sent && current.outcome === "not-created");
  return { key: fresh ? makeKey() : current.key, sent, outcome: "unknown" };
}

/** Whether anything was typed: an untouched form is not a draft. */
function hasContent(v: RegistrationValues): boolean {
  return (Object.keys(EMPTY_REGISTRATION) as (keyof RegistrationValues)[]).some((k) => {
    if (k === "designationAuto" || k === "dobFromAge" || k === "designation") return false;
    if (k === "extras") return v.extras.length > 0;
    return typeof v[k] === "string" && (v[k] as string).trim() !== (EMPTY_REGISTRATION[k] as string);
  });
}

function readDraft(): Draft | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as Partial<Draft> | null;
    if (!saved?.values || !saved.attempt?.key || typeof saved.savedAt !== "number") return null;
    return { values: { ...EMPTY_REGISTRATION, ...saved.values }, attempt: saved.attempt, savedAt: saved.savedAt };
  } catch {
    return null;
  }
}

/**
 * The form's values and its attempt, kept in this tab's sessionStorage so a reload or a sign-in
 * after an expired session brings back everything that was typed (and the same attempt). A draft
 * that comes back says so (`restoredAt`), and `startNew` drops it for the next patient.
 *
 * The attempt key follows the details: it is kept while they are unchanged, and while an earlier
 * send may have created the patient (the server then answers that attempt's outcome rather than
 * registering twice); details changed after a send that certainly created nothing get a new key.
 */
export function useRegistrationDraft(form: UseFormReturn<RegistrationValues>) {
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const attempt = useRef<Attempt>({ key: "" });
  const active = useRef(false);
  const { reset, getValues, watch } = form;

  const save = useCallback(() => {
    if (!active.current) return;
    const values = getValues();
    if (!hasContent(values) && !attempt.current.sent) {
      sessionStorage.removeItem(STORAGE_KEY);
      return;
    }
    const draft: Draft = { values, attempt: attempt.current, savedAt: Date.now() };
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  }, [getValues]);

  useEffect(() => {
    const saved = readDraft();
    if (saved && (hasContent(saved.values) || saved.attempt.sent)) {
      attempt.current = saved.attempt;
      reset(saved.values);
      // Restoring after hydration keeps the server render and the first client render identical.
      // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage is only readable after mount
      setRestoredAt(saved.savedAt);
    } else {
      attempt.current = { key: newKey() };
      sessionStorage.removeItem(STORAGE_KEY);
    }
    active.current = true;
    const subscription = watch(() => save());
    return () => subscription.unsubscribe();
  }, [reset, watch, save]);

  /** The key to send `body` with (see above), remembered with the body. */
  const keyFor = useCallback(
    (body: unknown): string => {
      attempt.current = nextAttempt(attempt.current, JSON.stringify(body), newKey);
      save();
      return attempt.current.key;
    },
    [save],
  );

  const settle = useCallback(
    (outcome: NonNullable<Attempt["outcome"]>) => {
      attempt.current = { ...attempt.current, outcome };
      save();
    },
    [save],
  );

  /** Drops the draft and its attempt: an empty form for the next patient. */
  const startNew = useCallback(() => {
    attempt.current = { key: newKey() };
    sessionStorage.removeItem(STORAGE_KEY);
    reset(EMPTY_REGISTRATION);
    setRestoredAt(null);
  }, [reset]);

  /** The patient is registered: the draft goes, and nothing typed on the way out saves it again. */
  const finish = useCallback(() => {
    active.current = false;
    sessionStorage.removeItem(STORAGE_KEY);
  }, []);

  return { restoredAt, keyFor, settle, startNew, finish };
}
