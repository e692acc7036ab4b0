import { ReconcileQuery } from "@/lib/schemas/reconcile";
import { readReconciliation } from "@/lib/server/billing/platform-receipts";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

/** The platform's receipts against the desk's: what is matched, what waits for a person, and the day counted once. */
export const GET = withStaff({ action: "billing.reconcile", query: ReconcileQuery }, async ({ db, query, audit }) => {
  const view = await readReconciliation(db, { clinicId: query.clinicId, day: query.day });
  await audit({ action: "reconcile-read", resource: "billing", outcome: "ok", detail: { clinicId: query.clinicId, day: view.day, rows: view.rows.length } });
  return Response.json(view, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
