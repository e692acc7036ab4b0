import "server-only";
import { services } from "../services";
import type { LiveHub } from "./live-hub";
import type { StreamRegistry } from "./stream-registry";

/** This instance's open live-feed streams (LIVE_STREAMS_PER_STAFF per staff member), from the composition root. */
export async function liveStreams(): Promise<StreamRegistry> {
  return (await services()).liveStreams;
}

/** This instance's live-feed hub, from the composition root (lib/server/services.ts). */
export async function liveHub(): Promise<LiveHub> {
  return (await services()).liveHub;
}
