import { accountsCsv } from "@/lib/billing/accounts-csv";
import { DashboardQuery } from "@/lib/schemas/dashboard";
import { readAccountLines } from "@/lib/server/billing/accounts-export";
import { dashboardPeriod } from "@/lib/server/billing/dashboard";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

/** The period's receipts and credit notes as a CSV an accountant imports; it names patients, so it is audited. */
export const GET = withStaff({ action: "billing.dashboard", query: DashboardQuery }, async ({ db, query, audit }) => {
  const period = await dashboardPeriod(db, query);
  const lines = await readAccountLines(db, { clinicId: query.clinicId, ...period });
  await audit({ action: "billing-export", resource: "billing", resourceId: query.clinicId, outcome: "ok", detail: { ...period, lines: lines.length } });
  const name = `collections-${query.clinicId.replace(/[^A-Za-z0-9_-]/g, "_")}-${period.from}-to-${period.to}.csv`;
  return new Response(accountsCsv(lines), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}"`, "cache-control": "no-store", "x-content-type-options": "nosniff" },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
