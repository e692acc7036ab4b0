import "server-only";
import { z } from "zod";
import { PlatformUnavailableError } from "../../server/errors";

const Emitted = z.object({ event_id: z.string(), deliveries: z.array(z.object({ id: z.string(), state: z.string() })) });

/** Sandbox mode only: asks the sandbox platform to raise an event, as a real doctor joining would. */
export async function emitSandboxEvent(sandboxBaseUrl: string, event: string, data: Record<string, unknown> = {}) {
  let res: Response;
  try {
    res = await fetch(`${sandboxBaseUrl}/__sandbox/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event, data }),
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    throw new PlatformUnavailableError("The sandbox platform is not answering.");
  }
  const parsed = Emitted.safeParse(await res.json().catch(() => null));
  if (!res.ok || !parsed.success) throw new PlatformUnavailableError(`The sandbox platform could not raise the event (HTTP ${res.status}).`);
  return { eventId: parsed.data.event_id, deliveries: parsed.data.deliveries.length };
}
