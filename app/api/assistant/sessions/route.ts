import { requireDoctor } from "@/lib/server/slots/assistant-access";
import { recentAssistantSessions } from "@/lib/server/slots/assistant-recent";
import { withStaff } from "@/lib/server/with-staff";

/** The sessions this doctor looked up or refreshed lately, to pick instead of typing an id. */
export const GET = withStaff({ feature: "slots" }, async ({ staff, db }) => {
  requireDoctor(staff);
  return Response.json({ sessions: await recentAssistantSessions(db, staff.id) }, { headers: { "cache-control": "no-store" } });
});
