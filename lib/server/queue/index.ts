import "server-only";
import { env } from "@/lib/env";
import { database } from "../db";
import { createQueueHub, type QueueHub } from "./queue-hub";

const holder = globalThis as unknown as { __clinicQueueHub?: Promise<QueueHub> };

/** This instance's queue-change hub, created once per process. */
export function queueHub(): Promise<QueueHub> {
  holder.__clinicQueueHub ??= (async () => {
    const { db } = await database();
    return createQueueHub({ db, databaseUrl: env().databaseUrl });
  })().catch((err) => {
    holder.__clinicQueueHub = undefined;
    throw err;
  });
  return holder.__clinicQueueHub;
}
