import "server-only";
import { z } from "zod";
import { PlatformUnavailableError } from "../../server/errors";

/**
 * What only the sandbox platform (the emulator, lib/platform/fake) can do: its control routes under
 * /__sandbox/. The client offers it as `platform.demo`, which exists only when the emulator is the
 * configured platform, so desk code asks `platform.demo?.…` instead of branching on sandbox mode.
 */
const Emitted = z.object({ event_id: z.string(), deliveries: z.array(z.object({ id: z.string(), state: z.string() })) });

const DemoPractice = z.object({
  doctors: z.array(z.object({ id: z.string(), name: z.string(), clinicIds: z.array(z.string()).optional() })),
  clinics: z.array(z.object({ id: z.string(), name: z.string(), timeZone: z.string() })),
});
export type DemoPractice = z.infer<typeof DemoPractice>;

export function demoApi(baseUrl: string, fetchImpl: typeof fetch = fetch) {
  return {
    /** Raises an event in the sandbox, as a real doctor joining would; it is delivered through the real webhook path. */
    async emitEvent(event: string, data: Record<string, unknown> = {}) {
      let res: Response;
      try {
        res = await fetchImpl(`${baseUrl}/__sandbox/events`, {
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
    },
    /** The sandbox's demo doctors and clinics (and where each doctor works), or null when it does not answer. */
    async practice(): Promise<DemoPractice | null> {
      const res = await fetchImpl(`${baseUrl}/__sandbox/practice`, { signal: AbortSignal.timeout(3000), cache: "no-store" });
      if (!res.ok) return null;
      return DemoPractice.parse(await res.json());
    },
  };
}
export type DemoApi = ReturnType<typeof demoApi>;
