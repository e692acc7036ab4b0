import { ClaimDisplayInput } from "@/lib/schemas/displays";
import { claimPairing, listDisplays } from "@/lib/server/displays/displays";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/** The clinic's paired waiting-room displays: name, clinic, doctors and rooms, last seen. */
export const GET = withStaff({ action: "settings.read" }, async ({ db }) => Response.json(await listDisplays(db), { headers: { "cache-control": "no-store" } }));

/** Pairs the TV showing `code` with a clinic (and doctors with rooms): the code is used up. */
export const POST = withStaff({ action: "settings.write", body: ClaimDisplayInput, bodyLimit: 8 * 1024 }, async ({ db, body, staff, audit }) => {
  try {
    const display = await claimPairing(db, body, staff.id);
    await audit({ action: "pair", resource: "display", resourceId: display.id, outcome: "ok", detail: { name: display.name, clinicId: display.clinicId, doctors: display.doctors.length } });
    return Response.json({ id: display.id, name: display.name }, { status: 201 });
  } catch (err) {
    await audit({ action: "pair", resource: "display", outcome: "failed", detail: { clinicId: body.clinicId, error: (err as Error).message } });
    throw err;
  }
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
