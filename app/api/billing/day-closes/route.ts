import { CashierDaysQuery } from "@/lib/schemas/day-close";
import { listCashierDays } from "@/lib/server/billing/day-close-list";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

/** Every cashier's days at a clinic in a range of dates (admins, who may reopen one). */
export const GET = withStaff({ action: "billing.reopenDay", query: CashierDaysQuery }, async ({ db, query, audit }) => {
  const days = await listCashierDays(db, query);
  await audit({ action: "day-closes-read", resource: "billing", outcome: "ok", detail: { ...query, rows: days.length } });
  return Response.json({ days }, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
