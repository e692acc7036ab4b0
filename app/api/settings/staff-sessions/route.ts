import { env } from "@/lib/env";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";
import { listStaffSessions } from "@/lib/server/auth/staff-session-admin";

export const GET = withStaff({ action: "settings.read" }, async ({ db }) => Response.json(await listStaffSessions(db, env().sessions)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
