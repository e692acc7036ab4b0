import { z } from "zod";
import { BillingSettingsInput } from "@/lib/schemas/billing";
import { readBillingSettings, saveBillingSettings } from "@/lib/server/billing/billing";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

const ClinicQuery = z.strictObject({ clinicId: z.string().trim().min(1, "Choose a clinic.").max(100) });

/** The clinic's price list, UPI id and receipt header (the desk's own: no platform call). */
export const GET = withStaff({ action: "billing.read", query: ClinicQuery }, async ({ db, query }) =>
  Response.json(await readBillingSettings(db, query.clinicId), { headers: { "cache-control": "no-store" } }),
);

export const PUT = withStaff({ action: "billing.configure", body: BillingSettingsInput, bodyLimit: 32 * 1024 }, async ({ db, body, staff, audit }) => {
  try {
    const saved = await saveBillingSettings(db, body, staff.id);
    await audit({ action: "billing-settings", resource: "billing", resourceId: body.clinicId, outcome: "ok", detail: { ...saved } });
    return Response.json(saved, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action: "billing-settings", resource: "billing", resourceId: body.clinicId, outcome: "failed", detail: { error: (err as Error).message } });
    throw err;
  }
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
