import { readClinicDirectory } from "@/lib/server/slots/clinic-directory";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "slots.read" }, async ({ db }) =>
  Response.json(await readClinicDirectory(db), { headers: { "cache-control": "private, no-store" } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
