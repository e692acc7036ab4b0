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
