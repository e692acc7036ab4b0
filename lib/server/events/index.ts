import "server-only";
import { env } from "@/lib/env";
import { database } from "../db";
import { createLiveHub, type LiveHub } from "./live-hub";
import { createStreamRegistry, type StreamRegistry } from "./stream-registry";
import { processSingleton, processSingletonAsync } from "../process-singleton";

/** This instance's open live-feed streams (LIVE_STREAMS_PER_STAFF per staff member). */
export function liveStreams(): StreamRegistry {
  return processSingleton("__clinicLiveStreams", () => createStreamRegistry(() => env().liveStreamsPerStaff));
}

/** This instance's live-feed hub, created once per process. */
export function liveHub(): Promise<LiveHub> {
  return processSingletonAsync("__clinicLiveHub", async () => {
    const { db } = await database();
    const config = env();
    // Loaded late: the services module reaches the live hub through the features it composes.
    const { platform } = await (await import("../services")).services();
    return createLiveHub({ db, databaseUrl: config.databaseUrl, reshape: { allowHttpLinks: config.sandboxMode, prefillDirectory: platform.demo } });
  });
}
