import { DayCloseQuery, DayCloseRequest } from "@/lib/schemas/day-close";
import { closeDay, readDayClose } from "@/lib/server/billing/day-close";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

/** The signed-in cashier's day at a clinic: what the drawer should hold, and the close if made. */
export const GET = withStaff({ action: "billing.collect", query: DayCloseQuery }, async ({ db, query, staff }) =>
  Response.json(await readDayClose(db, { clinicId: query.clinicId, cashierId: staff.id }), { headers: { "cache-control": "no-store" } }),
);

/** Closes the signed-in cashier's day (counted cash by denomination); a second close is refused. */
export const POST = withStaff({ action: "billing.collect", body: DayCloseRequest, bodyLimit: 4 * 1024 }, async ({ db, body, staff, audit }) => {
  try {
    const view = await closeDay(db, { clinicId: body.clinicId, cashierId: staff.id, staffId: staff.id, denominations: body.denominations, note: body.note });
    await audit({ action: "day-close", resource: "billing", resourceId: view.close!.id, outcome: "ok", detail: { clinicId: body.clinicId, day: view.day, ...view.totals, countedCashPaise: view.close!.countedCashPaise, differencePaise: view.close!.differencePaise, note: view.close!.note } });
    return Response.json(view, { status: 201, headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action: "day-close", resource: "billing", outcome: "failed", detail: { clinicId: body.clinicId, error: (err as Error).message } });
    throw err;
  }
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
