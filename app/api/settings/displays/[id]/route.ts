import { z } from "zod";
import { ValidationError } from "@/lib/server/errors";
import { revokeDisplay } from "@/lib/server/displays/displays";
import { services } from "@/lib/server/services";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/** Revokes a display: it shows its pairing screen again at once, wherever its stream is connected. */
export const DELETE = withStaff({ action: "settings.write" }, async ({ db, params, staff, audit }) => {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw new ValidationError({ id: "This is not a display's id." }, "This is not a display's id.");
  await revokeDisplay(db, (await services()).displayHub, id.data, staff.id);
  await audit({ action: "revoke", resource: "display", resourceId: id.data, outcome: "ok" });
  return new Response(null, { status: 204 });
});

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
