"use client";

import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from "react";
import type { RegistrationValues } from "./registration-values";

const STORAGE_KEY = "patient-registration-draft";

interface Draft {
  values: RegistrationValues;
  key: string;
}

/**
 * The form's values and its idempotency key, kept in this tab's sessionStorage so a reload or
 * a sign-in after an expired session brings back everything that was typed (and the same key).
 */
export function useRegistrationDraft(empty: RegistrationValues, newKey: () => string) {
  const [draft, setDraft] = useState<Draft>(() => ({ values: empty, key: "" }));
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    let saved: Draft | null = null;
    try {
      saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as Draft | null;
    } catch {
      saved = null;
    }
    // Restoring after hydration keeps the server render and the first client render identical.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage is only readable after mount
    setDraft(saved && saved.key && saved.values ? { values: { ...empty, ...saved.values }, key: saved.key } : { values: empty, key: newKey() });
    setRestored(true);
  }, [empty, newKey]);

  useEffect(() => {
    if (restored) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  }, [draft, restored]);

  const setValues: Dispatch<SetStateAction<RegistrationValues>> = useCallback(
    (next) => setDraft((d) => ({ ...d, values: typeof next === "function" ? next(d.values) : next })),
    [],
  );
  const setKey = useCallback((key: string) => setDraft((d) => ({ ...d, key })), []);
  const clearDraft = useCallback(() => {
    sessionStorage.removeItem(STORAGE_KEY);
    setRestored(false);
  }, []);

  return { values: draft.values, setValues, key: draft.key, setKey, clearDraft, restored };
}
