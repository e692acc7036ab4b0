import "server-only";
import { env } from "@/lib/env";
import { database } from "../db";
import { createLiveHub, type LiveHub } from "./live-hub";

const holder = globalThis as unknown as { __clinicLiveHub?: Promise<LiveHub> };

/** This instance's live-feed hub, created once per process. */
export function liveHub(): Promise<LiveHub> {
  holder.__clinicLiveHub ??= (async () => {
    const { db } = await database();
    return createLiveHub({ db, databaseUrl: env().databaseUrl });
  })().catch((err) => {
    holder.__clinicLiveHub = undefined;
    throw err;
  });
  return holder.__clinicLiveHub;
}
