import { env } from "@/lib/env";
import { withStaff } from "@/lib/server/with-staff";
import { listStaffSessions } from "@/lib/server/auth/staff-session-admin";

export const GET = withStaff({ feature: "settings" }, async ({ db }) => Response.json(await listStaffSessions(db, env().sessions)));
