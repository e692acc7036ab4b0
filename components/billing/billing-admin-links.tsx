import Link from "next/link";
import { getTranslator } from "@/lib/i18n/server";
import { buttonClasses } from "@/components/ui/button";

/** An admin's ways from Billing to reconciling the platform's receipts and reviewing every cashier's days. */
export async function BillingAdminLinks({ clinicId, reconcile, dayCloses }: { clinicId: string | null; reconcile: boolean; dayCloses: boolean }) {
  if (!reconcile && !dayCloses) return null;
  const t = await getTranslator("billingAdmin.links");
  const q = clinicId ? `?clinic=${encodeURIComponent(clinicId)}` : "";
  return (
    <nav aria-label={t("label")} className="flex flex-wrap gap-2">
      {reconcile ? (
        <Link href={`/billing/reconcile${q}`} className={buttonClasses({ variant: "secondary" })}>
          {t("reconcile")}
        </Link>
      ) : null}
      {dayCloses ? (
        <Link href={`/billing/day-closes${q}`} className={buttonClasses({ variant: "secondary" })}>
          {t("dayCloses")}
        </Link>
      ) : null}
    </nav>
  );
}
