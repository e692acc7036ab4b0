import "server-only";
import { asc, eq } from "drizzle-orm";
import { env } from "@/lib/env";
import { database } from "../db";
import { directoryEntries } from "../db/schema";
import { problemResponse } from "../errors";
import { drainSoon } from "../desk-outbox";
import { clientAddress } from "../request-info";
import { queueHub } from "../queue";
import { clinicTimeZone } from "../queue/desk-bookings";
import { receiveShare } from "./share-callback";
import { announceShare } from "./share-announce";
import { gateway } from "./gateway";

export { gateway } from "./gateway";

/** The gateway's share callback, end to end: verify and store (with the on-share owed, in the outbox), answer 202, then send `on-share` with the token. */
export async function handleShareCallback(req: Request): Promise<Response> {
  const gw = gateway();
  if (!gw) return new Response(null, { status: 404 });
  try {
    const db = (await database()).db;
    const counters = { ...env().abdm.counters };
    if (!counters["*"]) {
      // No counters configured: every counter belongs to the desk's first clinic.
      const [first] = await db.select({ id: directoryEntries.platformId }).from(directoryEntries).where(eq(directoryEntries.kind, "clinic")).orderBy(asc(directoryEntries.platformId)).limit(1);
      if (first) counters["*"] = first.id;
    }
    const anyClinic = counters["*"] ?? Object.values(counters)[0];
    const timeZone = anyClinic ? await clinicTimeZone(db, anyClinic) : "Asia/Kolkata";
    const hub = await queueHub();
    const out = await receiveShare(
      {
        db,
        keys: gw.keys,
        issuer: gw.issuer,
        hipId: gw.hipId,
        counters,
        timeZone,
        // The receptionists' list gets the row itself on the clinic's queue stream (lib/server/abdm/share-announce.ts).
        onShared: (s) => void announceShare(db, hub, s),
      },
      req,
      clientAddress(req.headers) ?? null,
    );
    // Sent by the outbox's drain now, and again with backoff until the gateway has it (lib/server/abdm/on-share.ts).
    drainSoon(db);
    return Response.json(out.acknowledgement, { status: out.status, headers: { "cache-control": "no-store" } });
  } catch (err) {
    return problemResponse(err);
  }
}
