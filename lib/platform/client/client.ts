import "server-only";
import type { Database } from "../../server/db/connect";
import type { IdentityProvider } from "../../server/auth/identity-provider";
import { jweKey } from "./jwe";
import type { SealingKeys } from "../../server/crypto/seal";
import { createPlatformHttp } from "./http";
import { identityApi } from "./identity";
import { platformTokenStore, type StaffIdentity } from "./token-store";
import { drugsApi } from "./drugs";
import { documentsApi } from "./documents";
import { patientsApi } from "./patients";
import { webhooksApi } from "./webhooks";
import { slotsApi } from "./slots";
import { assistantSessionsApi } from "./assistant-sessions";
import { appointmentsApi } from "./appointments";
import { demoCapability } from "./demo";

export interface PlatformSettings {
  baseUrl: string;
  clientId: string;
  timeoutMs: number;
  uploadTimeoutMs?: number;
  agentKey?: string;
  encryption?: { key: string; kid: string };
  fetch?: typeof fetch;
  /** The clock token freshness is judged by; tests move it instead of editing stored rows. */
  now?: () => number;
  /** The platform is the sandbox (lib/platform/fake): its demo-only calls are offered as `demo`. */
  emulator?: boolean;
}

/** Wires the typed platform client for a whole app instance; `forStaff` gives one staff member's view. */
export function createPlatform(settings: PlatformSettings, deps: { database: Database; idp: IdentityProvider; sealing?: SealingKeys }) {
  const encryption = settings.encryption ? jweKey(settings.encryption.kid, settings.encryption.key) : undefined;
  const base = { baseUrl: settings.baseUrl, clientId: settings.clientId, timeoutMs: settings.timeoutMs, uploadTimeoutMs: settings.uploadTimeoutMs, fetch: settings.fetch, encryption };
  const tokens = platformTokenStore({
    database: deps.database,
    idp: deps.idp,
    clientId: settings.clientId,
    now: settings.now,
    sealing: deps.sealing,
    identity: identityApi(createPlatformHttp(base), settings.clientId),
  });

  const demo = demoCapability(settings);

  function staffView(staff: StaffIdentity) {
    const http = createPlatformHttp({
      ...base,
      credentials: {
        accessToken: () => tokens.accessToken(staff),
        renewAfterRejection: (rejected) => tokens.renewAfterRejection(staff, rejected),
      },
    });
    return {
      drugs: drugsApi(http),
      patients: patientsApi(http),
      webhooks: webhooksApi(http),
      slots: slotsApi(http),
      assistantSessions: assistantSessionsApi(http, settings.agentKey),
      documents: documentsApi(http),
      appointments: appointmentsApi(http),
      /** Demo-only calls of the sandbox platform; undefined against a real platform. */
      demo,
    };
  }
  type StaffView = ReturnType<typeof staffView>;
  // A signed-in staff member's session object is reused for a couple of seconds (the session
  // cache), so their view is built once for it, not on every request: seven API groups of closures.
  const views = new WeakMap<StaffIdentity, StaffView>();

  return {
    tokens,
    /** Demo-only calls of the sandbox platform; undefined against a real platform. */
    demo,
    forStaff(staff: StaffIdentity): StaffView {
      let view = views.get(staff);
      if (!view) views.set(staff, (view = staffView(staff)));
      return view;
    },
  };
}
export type Platform = ReturnType<typeof createPlatform>;
export type StaffPlatform = ReturnType<Platform["forStaff"]>;
