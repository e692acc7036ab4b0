"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { useUhidAvailability } from "@/lib/api-client/patients";
import { Uhid } from "@/lib/schemas/patient-fields";

/**
 * Says, before submitting, whether the typed UHID already belongs to a patient the clinic knows. Once the
 * field has its own error (e.g. the platform refused the UHID as taken) that one message stands alone.
 */
export function UhidStatus({ uhid, ownUhid, fieldHasError }: { uhid: string; ownUhid?: string | null; fieldHasError?: boolean }) {
  const t = useTranslations("patients.register");
  const valid = Uhid.safeParse(uhid).success;
  const check = useUhidAvailability(valid ? uhid : "");
  if (!valid || !uhid.trim() || uhid.trim() === ownUhid || fieldHasError) return null;
  return (
    <p aria-live="polite" className="mt-1 text-xs">
      {check.isFetching && !check.data ? (
        <span className="text-ink-muted">{t("uhidChecking")}</span>
      ) : check.data && check.data.uhid.toLowerCase() === uhid.trim().toLowerCase() ? (
        check.data.available ? (
          <span className="text-success-soft-ink">{t("uhidAvailable")}</span>
        ) : check.data.usedBy ? (
          <span className="text-danger-soft-ink">
            {t.rich("uhidTaken", {
              name: check.data.usedBy.name,
              link: (chunks) => (
                <Link className="font-medium underline" href={`/patients/${check.data!.usedBy!.id}`}>
                  {chunks}
                </Link>
              ),
            })}
          </span>
        ) : null
      ) : null}
    </p>
  );
}
