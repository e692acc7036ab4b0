import "server-only";
import { z } from "zod";
import { PlatformUnavailableError } from "../../server/errors";
import type { AbdmGatewaySettings } from "../../abdm/client/gateway";
import { SANDBOX_GATEWAY } from "../../abdm/wire/share";

/**
 * What only the sandbox platform (the emulator, lib/platform/fake) can do: its control routes under
 * /__sandbox/. This module is the one place that decides whether the emulator is the configured
 * platform (`demoCapability` below, the only reader of the settings' `emulator` flag): the client
 * offers the capability as `platform.demo`, and the desk asks whether it exists (the banner, the
 * demo staff, the demo day, test events, http: links, local webhook endpoints) instead of
 * branching on sandbox mode itself. lib/sandbox-mode.test.ts fails on any other reader.
 */
const Emitted = z.object({ event_id: z.string(), deliveries: z.array(z.object({ id: z.string(), state: z.string() })) });

const DemoPractice = z.object({
  doctors: z.array(z.object({ id: z.string(), name: z.string(), clinicIds: z.array(z.string()).optional() })),
  clinics: z.array(z.object({ id: z.string(), name: z.string(), timeZone: z.string() })),
});
export type DemoPractice = z.infer<typeof DemoPractice>;

const EarlierBooking = z.object({ appointment_id: z.string(), conf_id: z.string(), start_time: z.string(), end_time: z.string(), mode: z.string() });

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
    /**
     * Books a slot of today that has already begun, as a booking the patient made earlier: the demo
     * day has its morning patients whatever the hour the desk first opens it. Null when refused.
     */
    async bookEarlier(input: { doctorId: string; clinicId: string; patientId: string; confId: string; start: string; mode: string; partnerAppointmentId: string }) {
      const res = await fetchImpl(`${baseUrl}/__sandbox/slots/book-earlier`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ doctor_id: input.doctorId, clinic_id: input.clinicId, patient_id: input.patientId, conf_id: input.confId, start_time: input.start, mode: input.mode, partner_appointment_id: input.partnerAppointmentId }),
        signal: AbortSignal.timeout(5000),
      }).catch(() => null);
      if (!res?.ok) return null;
      const parsed = EarlierBooking.safeParse(await res.json().catch(() => null));
      if (!parsed.success) return null;
      const d = parsed.data;
      return { appointmentId: d.appointment_id, confId: d.conf_id, start: d.start_time, end: d.end_time, mode: d.mode };
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

/** What the decision needs of the platform's settings (PlatformSettings, or the configuration's `platform`). */
export interface DemoSettings {
  baseUrl: string;
  fetch?: typeof fetch;
  /** The platform is the emulator (the configuration's rule: no PLATFORM_BASE_URL). Read only here. */
  emulator?: boolean;
}

const capabilities = new WeakMap<DemoSettings, DemoApi>();

/**
 * The sandbox platform's demo-only capability for these settings, or undefined when they name a
 * real platform. One object per settings object: `createPlatform(settings).demo` is this very
 * object, so code that runs before the app's services exist (the database's demo staff, the root
 * layout's banner) and code that holds a platform client get the same answer.
 */
export function demoCapability(settings: DemoSettings): DemoApi | undefined {
  if (!settings.emulator) return undefined;
  let demo = capabilities.get(settings);
  if (!demo) capabilities.set(settings, (demo = demoApi(settings.baseUrl, settings.fetch)));
  return demo;
}

/** How health and the settings page name the platform: the sandbox (demo data) or a live one. */
export function platformMode(settings: DemoSettings): "sandbox" | "live" {
  return demoCapability(settings) ? "sandbox" : "live";
}

/** The ABDM gateway's settings from the configuration (lib/env.ts `abdm`). */
export interface AbdmConfig {
  gatewayUrl?: string;
  clientId?: string;
  clientSecret?: string;
  cmId: string;
  hipId?: string;
  issuer?: string;
}

/**
 * Which ABDM gateway Scan & Share talks to: the real one when ABDM_GATEWAY_URL is configured, the
 * sandbox's emulation (lib/abdm/fake, served by the sandbox platform) when the platform is the
 * emulator, or none (Scan & Share is off). Decided here, beside the platform's demo capability.
 */
export function abdmGatewaySettings(settings: DemoSettings, abdm: AbdmConfig): AbdmGatewaySettings | undefined {
  if (abdm.gatewayUrl && abdm.clientId && abdm.clientSecret && abdm.hipId) {
    return { baseUrl: abdm.gatewayUrl, clientId: abdm.clientId, clientSecret: abdm.clientSecret, cmId: abdm.cmId, hipId: abdm.hipId, issuer: abdm.issuer ?? abdm.gatewayUrl, fetch: settings.fetch };
  }
  if (!settings.emulator) return undefined;
  return { baseUrl: settings.baseUrl, clientId: "sandbox-desk", clientSecret: "sandbox-desk", cmId: SANDBOX_GATEWAY.cmId, hipId: SANDBOX_GATEWAY.hipId, issuer: SANDBOX_GATEWAY.issuer, fetch: settings.fetch };
}
