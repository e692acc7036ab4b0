import { DashboardQuery } from "@/lib/schemas/dashboard";
import { dashboardPeriod, readDashboard } from "@/lib/server/billing/dashboard";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

/** The owner's dashboard for a clinic and period (the desk's own records: no platform call). */
export const GET = withStaff({ action: "billing.dashboard", query: DashboardQuery }, async ({ db, query, audit }) => {
  const period = await dashboardPeriod(db, query);
  const dashboard = await readDashboard(db, { clinicId: query.clinicId, ...period });
  await audit({ action: "billing-dashboard", resource: "billing", resourceId: query.clinicId, outcome: "ok", detail: period });
  return Response.json(dashboard, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
