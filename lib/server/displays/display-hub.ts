import "server-only";
import { z } from "zod";
import type { PubSub } from "../pubsub";

export const DISPLAY_NOTIFY_CHANNEL = "waiting_room_displays";

const DisplayEvent = z.object({ kind: z.literal("revoked"), displayId: z.string() });
export type DisplayEvent = z.infer<typeof DisplayEvent>;

export interface DisplayHub {
  /** Tells every instance that a display was revoked, so its open stream closes at once wherever it is. */
  publish(event: DisplayEvent): Promise<void>;
  subscribe(listener: (event: DisplayEvent) => void): () => void;
}

/** A channel of the desk's one pub-sub (LISTEN/NOTIFY across instances with PostgreSQL). */
export function createDisplayHub(pubsub: PubSub): DisplayHub {
  const channel = pubsub.channel<DisplayEvent>(DISPLAY_NOTIFY_CHANNEL, {
    encode: (e) => JSON.stringify(e),
    decode: (payload) => {
      const parsed = DisplayEvent.safeParse(JSON.parse(payload));
      return parsed.success ? parsed.data : undefined;
    },
  });
  return { publish: (e) => channel.publish(e), subscribe: (l) => channel.subscribe(l) };
}
