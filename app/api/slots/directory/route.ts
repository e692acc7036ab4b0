import { readClinicDirectory } from "@/lib/server/slots/clinic-directory";
import { withStaff } from "@/lib/server/with-staff";

export const GET = withStaff({ feature: "slots" }, async ({ db }) =>
  Response.json(await readClinicDirectory(db), { headers: { "cache-control": "private, no-store" } }),
);
