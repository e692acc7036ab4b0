import { AssistantSessionParams } from "@/lib/schemas/assistant-session";
import { ValidationError } from "@/lib/server/errors";
import { keepSessionToken, storedSessionToken } from "@/lib/server/slots/assistant-session-tokens";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const POST = withStaff({ action: "assistant.sessions" }, async ({ staff, params, platform, db, audit }) => {
  const id = AssistantSessionParams.safeParse({ sessionId: params.sessionId ?? "" });
  if (!id.success) throw ValidationError.fromZod(id.error, "The session id is not valid.");
  const refreshed = await platform.assistantSessions.refresh(id.data.sessionId, await storedSessionToken(db, id.data.sessionId));
  await keepSessionToken(db, refreshed, staff.id);
  await audit({ action: "refresh", resource: "assistant_session", resourceId: refreshed.sessionId, outcome: "ok", detail: { expiresAt: refreshed.expiresAt } });
  return Response.json({ sessionId: refreshed.sessionId, expiresAt: refreshed.expiresAt, deskHoldsToken: true }, { headers: { "cache-control": "no-store" } });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
