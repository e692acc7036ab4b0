"use client";

import Link from "next/link";
import { Users } from "lucide-react";
import { useTranslations } from "use-intl";
import { useDuplicateWarnings } from "@/lib/api-client/patients";
import { isStrongDuplicate, type DuplicateMatch, type DuplicateQuery } from "@/lib/schemas/patients";
import { todayInIndia } from "@/lib/schemas/india-today";
import { ageOn, formatIsoDate } from "@/lib/schemas/patient-age";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { formatMobile } from "./format-mobile";
import { PatientSummaryLine } from "./patient-summary-line";

/**
 * Patients the clinic already knows who look like the one being typed, with a link to each: a side
 * panel (placed by `className`) that, below the wide layout, takes no room until there is a match.
 */
export function DuplicateWarnings({ query, className }: { query: DuplicateQuery; className?: string }) {
  const t = useTranslations("patients.duplicates");
  const duplicates = useDuplicateWarnings(query);
  const matches = duplicates.data?.matches ?? [];
  const active = duplicates.fetchStatus !== "idle" || duplicates.data !== undefined;
  return (
    <aside aria-labelledby="duplicates-title" className={cn(className, matches.length > 0 ? null : "hidden xl:block")}>
      <Card className={cn("p-5", matches.length > 0 && "border-warning/60 bg-warning-soft/40")} data-testid="duplicate-warnings">
        <h2 id="duplicates-title" className="flex items-center gap-2 text-base font-semibold text-ink">
          <Users aria-hidden className="size-4" />
          {t("title")}
        </h2>
        <div aria-live="polite" className="mt-2 text-sm">
          {matches.length > 0 ? (
            <>
              <p className="text-warning-soft-ink">{t("intro")}</p>
              <ul className="mt-3 grid gap-2">
                {matches.map((m) => (
                  <li key={m.id} className={cn("min-w-0 rounded-lg border bg-surface p-3", isStrongDuplicate(m) ? "border-warning" : "border-line")}>
                    <Link href={`/patients/${m.id}`} className="block rounded focus-visible:outline-2 focus-visible:outline-focus">
                      <PatientSummaryLine patient={m} />
                    </Link>
                    <div className="mt-2 flex flex-wrap gap-1">
                      {isStrongDuplicate(m) ? <Badge tone="danger">{t("strong")}</Badge> : null}
                      {m.reasons.map((r) => (
                        <Badge key={r} tone="warning">
                          {t(`reasons.${r}`)}
                        </Badge>
                      ))}
                    </div>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-ink-muted">{active ? t("none") : t("idle")}</p>
          )}
        </div>
      </Card>
    </aside>
  );
}

/**
 * The patients a registration strongly resembles, as the confirmation step shows them: who it is
 * (name), age and sex, mobile and UHID, each with a link to open the patient.
 */
export function DuplicateConfirmList({ matches }: { matches: DuplicateMatch[] }) {
  const t = useTranslations("patients");
  const today = todayInIndia();
  return (
    <ul className="mt-3 grid gap-2" data-testid="duplicate-confirm-list">
      {matches.map((m) => {
        const facts = [
          m.gender ? t(`gender.${m.gender}`) : null,
          m.dob ? `${t("register.duplicateAge", { years: ageOn(m.dob, today).years })} (${formatIsoDate(m.dob)})` : null,
          m.mobile ? formatMobile(m.mobile) : null,
          m.uhid ? `${t("fields.uhid")} ${m.uhid}` : null,
        ].filter(Boolean);
        return (
          <li key={m.id} className="rounded-lg border border-line bg-surface-muted p-3 text-ink">
            <p className="font-medium">{m.name}</p>
            <p className="text-xs text-ink-muted">{facts.join(" · ")}</p>
            <Link href={`/patients/${m.id}`} className="mt-1 inline-block text-sm font-medium text-primary underline underline-offset-2">
              {t("duplicates.open", { name: m.name })}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
