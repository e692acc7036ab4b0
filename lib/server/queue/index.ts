import "server-only";
import { services } from "../services";
import type { QueueHub } from "./queue-hub";

/** This instance's queue-change hub, from the composition root (lib/server/services.ts). */
export async function queueHub(): Promise<QueueHub> {
  return (await services()).queueHub;
}
