import { recentAssistantSessions } from "@/lib/server/slots/assistant-recent";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/** The sessions this doctor looked up or refreshed lately, to pick instead of typing an id. */
export const GET = withStaff({ action: "assistant.sessions" }, async ({ staff, db }) => {
  return Response.json({ sessions: await recentAssistantSessions(db, staff.id) }, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
