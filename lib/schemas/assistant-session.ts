import { z } from "zod";
import { storableText } from "./storable-text";

export const AssistantSessionId = storableText()
  .trim()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, "A session id looks like 5b0e8c1e-6f3a-4c2b-9d1e-2a7f4c8b9e01.")
  .transform((v) => v.toLowerCase());

/** What the doctor sees about a session; its token never leaves the server. */
export const AssistantSessionView = z.object({
  sessionId: z.string(),
  expiresAt: z.string(),
  /** The desk holds a token for it, so it can be refreshed even after it expires. */
  deskHoldsToken: z.boolean(),
});
export type AssistantSessionView = z.infer<typeof AssistantSessionView>;

export const AssistantSessionParams = z.object({ sessionId: AssistantSessionId });

/** A session the doctor looked up or refreshed lately. */
export const RecentAssistantSession = z.object({
  sessionId: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string().nullable(),
  deskHoldsToken: z.boolean(),
});
export type RecentAssistantSession = z.infer<typeof RecentAssistantSession>;
export const RecentAssistantSessions = z.object({ sessions: z.array(RecentAssistantSession) });
export type RecentAssistantSessions = z.infer<typeof RecentAssistantSessions>;

const UUID_IN_TEXT = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/;

/** What was pasted, as a session id: the UUID inside "Session: 5b0e…01 (active)", or the text trimmed. */
export function sessionIdFromPaste(text: string): string {
  return UUID_IN_TEXT.exec(text)?.[0].toLowerCase() ?? text.trim();
}
