import { AssistantSessionParams } from "@/lib/schemas/assistant-session";
import { ValidationError } from "@/lib/server/errors";
import { storedSessionToken } from "@/lib/server/slots/assistant-session-tokens";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "assistant.sessions" }, async ({ params, platform, db }) => {
  const id = AssistantSessionParams.safeParse({ sessionId: params.sessionId ?? "" });
  if (!id.success) throw ValidationError.fromZod(id.error, "The session id is not valid.");
  const session = await platform.assistantSessions.lookup(id.data.sessionId);
  const deskHoldsToken = (await storedSessionToken(db, session.sessionId)) !== undefined;
  return Response.json({ ...session, deskHoldsToken }, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
