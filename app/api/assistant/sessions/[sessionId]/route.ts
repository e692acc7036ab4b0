import { AssistantSessionParams } from "@/lib/schemas/assistant-session";
import { NotFoundError, ValidationError } from "@/lib/server/errors";
import { storedSessionToken } from "@/lib/server/slots/assistant-session-tokens";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "assistant.sessions" }, async ({ params, platform, db, audit }) => {
  const id = AssistantSessionParams.safeParse({ sessionId: params.sessionId ?? "" });
  if (!id.success) throw ValidationError.fromZod(id.error, "The session id is not valid.");
  try {
    const session = await platform.assistantSessions.lookup(id.data.sessionId);
    const deskHoldsToken = (await storedSessionToken(db, session.sessionId)) !== undefined;
    // Also what "Recent sessions" offers the doctor next time.
    await audit({ action: "lookup", resource: "assistant_session", resourceId: session.sessionId, outcome: "ok", detail: { expiresAt: session.expiresAt } });
    return Response.json({ ...session, deskHoldsToken }, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    if (err instanceof NotFoundError) await audit({ action: "lookup", resource: "assistant_session", resourceId: id.data.sessionId, outcome: "failed", detail: { reason: "not found" } });
    throw err;
  }
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
