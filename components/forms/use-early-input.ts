"use client";

import { useEffect, type RefObject } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";

/**
 * What was typed or chosen before the page hydrated (an old PC, an instance just restarted) is on the
 * page's fields, and the form takes it as it registers them, but nothing that watches a field hears of
 * it: a gender chosen then suggested no salutation, and a date of birth showed no age. As the form
 * arrives, if any field on the page is not where the form started, the form is set to what the page
 * shows, which every watcher reads again. A form filled after the page answered has nothing to do here.
 */
export function useEarlyInput<T extends FieldValues>(form: UseFormReturn<T>, start: T, element: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const fields = element.current?.elements;
    if (!fields) return;
    const typedEarly = Object.keys(start).some((name) => {
      const field = fields.namedItem(name);
      const onPage = field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement ? field.value : undefined;
      return onPage !== undefined && typeof start[name] === "string" && onPage !== start[name];
    });
    if (typedEarly) form.reset(form.getValues(), { keepDefaultValues: true });
    // Once, when the form's fields are first on the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
