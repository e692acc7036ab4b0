import { erasureLog } from "@/lib/server/erasure/erase-patient";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/** The erasure log for admins: pseudonyms, who asked and why, when, and what was erased. */
export const GET = withStaff({ action: "patients.erase" }, async ({ db }) => Response.json({ entries: await erasureLog(db) }, { headers: { "cache-control": "private, no-store" } }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
