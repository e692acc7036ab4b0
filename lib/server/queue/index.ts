import "server-only";
import { env } from "@/lib/env";
import { database } from "../db";
import { processSingletonAsync } from "../process-singleton";
import { createQueueHub, type QueueHub } from "./queue-hub";

/** This instance's queue-change hub, created once per process. */
export function queueHub(): Promise<QueueHub> {
  return processSingletonAsync("__clinicQueueHub", async () => {
    const { db } = await database();
    return createQueueHub({ db, databaseUrl: env().databaseUrl });
  });
}
