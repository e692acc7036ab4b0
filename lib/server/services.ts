import "server-only";
import { env } from "@/lib/env";
import { database } from "./db";
import { identityProvider, type IdentityProvider } from "./auth/identity-provider";
import { createPlatform, type Platform } from "@/lib/platform/client";
import { drainDeskOutbox } from "./desk-outbox";
import { startRegistrationReconciler } from "./patients/registration-reconciler";
import { startErasureSweeper } from "./erasure/erase-patient";
import { startShareCleanup } from "./abdm/share-cleanup";
// Registers the outbox's "abdm.on-share" kind in every process, so acknowledgements owed before a restart are sent.
import "./abdm/on-share";
import { createPubSub, type PubSub } from "./pubsub";
import { createLiveHub, type LiveHub } from "./events/live-hub";
import { createStreamRegistry, type StreamRegistry } from "./events/stream-registry";
import { createQueueHub, type QueueHub } from "./queue/queue-hub";
import { createDisplayHub, type DisplayHub } from "./displays/display-hub";
import { signingKeyStore, type SigningKeyStore } from "./webhooks/signing-keys";
import { log } from "./log";
import { processSingletonAsync } from "./process-singleton";
import { installedWiring } from "@/lib/installed-wiring";

export interface Services {
  idp: IdentityProvider;
  platform: Platform;
  /** The one LISTEN/NOTIFY connection of this instance; the live feed and the queue are channels of it. */
  pubsub: PubSub;
  liveHub: LiveHub;
  queueHub: QueueHub;
  /** Waiting-room displays: a revocation reaches the display's stream on whichever instance holds it. */
  displayHub: DisplayHub;
  /** This instance's open live-feed streams (LIVE_STREAMS_PER_STAFF per staff member). */
  liveStreams: StreamRegistry;
  /** Webhook signing keys, sealed in the database and cached briefly. */
  signingKeys: SigningKeyStore;
}

/**
 * The composition root: the app instance's long-lived services, built once per process from the
 * configuration and the database, and wired to each other here rather than each finding its own.
 * Accessors such as liveHub() and queueHub() read from it. It is the one process-wide slot the
 * services need (see process-singleton.ts for why a slot, and for the few others that remain).
 */
export function services(): Promise<Services> {
  // A test's services (lib/installed-wiring.ts); never set in production.
  const installed = installedWiring()?.services;
  if (installed) return installed();
  return processSingletonAsync("__clinicServices", async () => {
    const config = env();
    const db = await database();
    const idp = identityProvider(db.db, config.appUrl);
    const platform = createPlatform(config.platform, { database: db, idp, sealing: config.sealing });
    const pubsub = createPubSub({ db: db.db, databaseUrl: config.databaseUrl });
    const liveHub = createLiveHub({ db: db.db, pubsub, reshape: { allowHttpLinks: Boolean(platform.demo), prefillDirectory: platform.demo } });
    const queueHub = createQueueHub({ pubsub });
    const displayHub = createDisplayHub(pubsub);
    const liveStreams = createStreamRegistry(() => env().liveStreamsPerStaff);
    // Keys sealed before DATA_SEALING_KEY existed were sealed under the auth secret: it still opens them.
    const signingKeys = signingKeyStore(db.db, { current: config.sealing.current, previous: [...config.sealing.previous, config.authSecret] });
    // Desk writes queued before a crash or restart are settled once at start.
    void drainDeskOutbox(db.db).catch((err) => log().warn({ err }, "desk outbox could not be drained at start"));
    // Registrations whose platform answer was lost (a timeout, a crash) are settled by asking the platform.
    startRegistrationReconciler(db.db, (member) => platform.forStaff(member).patients);
    // Patient erasures cut short (a crash, the database gone) finish after a restart, within a minute.
    startErasureSweeper(db.db);
    // Scan & Share arrivals nobody handled in 30 minutes: marked expired, deleted after the retention period.
    startShareCleanup(db.db, () => env().abdm.shareRetentionDays);
    return { idp, platform, pubsub, liveHub, queueHub, displayHub, liveStreams, signingKeys };
  });
}
