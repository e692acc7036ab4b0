"use client";

import { useCallback } from "react";
import { useTranslations } from "use-intl";
import { PATIENT_ERROR_PREFIX, patientError, readMessage } from "@/lib/schemas/patient-messages";
import { UNSTORABLE_TEXT_MESSAGE } from "@/lib/schemas/storable-text";

/**
 * A field message as the desk shows it: catalogue keys (from the zod rules, the BFF's problem+json
 * or the sandbox) in the chosen language; a plain sentence from elsewhere (the real platform) as it came.
 * Every key is one of the patient messages (`patients.errors.…`, lib/schemas/patient-messages.ts):
 * the patients namespace is the one its pages load (lib/i18n/features.ts).
 */
export function useErrorText() {
  const t = useTranslations("patients");
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      // The text policy speaks one sentence for every feature; the patient forms show it from the catalogue.
      const read = readMessage(message === UNSTORABLE_TEXT_MESSAGE ? patientError("text.unstorable") : message);
      if ("text" in read) return read.text;
      // Keys are checked at run time: they arrive from the server as data.
      if (!read.key.startsWith(PATIENT_ERROR_PREFIX)) return message;
      const key = read.key.slice("patients.".length) as Parameters<typeof t>[0];
      if (!t.has(key)) return message;
      return t(key, read.values as Parameters<typeof t>[1]);
    },
    [t],
  );
}
