import "server-only";
import { env } from "@/lib/env";
import { database } from "../db";
import { createLiveHub, type LiveHub } from "./live-hub";
import { createStreamRegistry, type StreamRegistry } from "./stream-registry";

const holder = globalThis as unknown as { __clinicLiveHub?: Promise<LiveHub>; __clinicLiveStreams?: StreamRegistry };

/** This instance's open live-feed streams (LIVE_STREAMS_PER_STAFF per staff member). */
export function liveStreams(): StreamRegistry {
  holder.__clinicLiveStreams ??= createStreamRegistry(() => env().liveStreamsPerStaff);
  return holder.__clinicLiveStreams;
}

/** This instance's live-feed hub, created once per process. */
export function liveHub(): Promise<LiveHub> {
  holder.__clinicLiveHub ??= (async () => {
    const { db } = await database();
    const config = env();
    return createLiveHub({ db, databaseUrl: config.databaseUrl, reshape: { allowHttpLinks: config.sandboxMode, prefillDirectory: config.sandboxMode } });
  })().catch((err) => {
    holder.__clinicLiveHub = undefined;
    throw err;
  });
  return holder.__clinicLiveHub;
}
