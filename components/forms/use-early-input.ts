"use client";

import { useEffect } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";

/**
 * What was typed or chosen before the page hydrated (an old PC, an instance just restarted) is taken
 * into the form's values as it registers its fields, but nothing that watches a field hears of it: a
 * gender chosen then suggested no salutation, and a date of birth showed no age. As the form arrives,
 * if its values are not where it started, it is reset to them, which every watcher reads again. A form
 * filled after the page answered has nothing to do here.
 */
export function useEarlyInput<T extends FieldValues>(form: UseFormReturn<T>, start: T): void {
  useEffect(() => {
    const now = form.getValues();
    if (Object.keys(start).some((name) => typeof start[name] === "string" && now[name] !== start[name])) form.reset(now, { keepDefaultValues: true });
    // Once, when the form's fields are first on the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
