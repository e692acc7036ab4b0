"use client";

import { useTranslations } from "use-intl";
import { deskLineKey } from "@/lib/billing/bill-lines";

/** A bill line's name in the page's language: the desk's own names translated, the platform's and the clinic's as given. */
export function useLineName(): (line: { kind: string; label: string }) => string {
  const t = useTranslations("billing.lineNames");
  return (line) => {
    const key = deskLineKey(line);
    return key ? t(key) : line.label;
  };
}
