import "server-only";
import { asc, eq } from "drizzle-orm";
import { env } from "@/lib/env";
import { abdmGateway, type AbdmGateway } from "@/lib/abdm/client/gateway";
import { abdmGatewaySettings } from "@/lib/platform/client";
import { database } from "../db";
import { directoryEntries } from "../db/schema";
import { problemResponse } from "../errors";
import { log } from "../log";
import { processSingleton } from "../process-singleton";
import { clientAddress } from "../request-info";
import { queueHub } from "../queue";
import { clinicTimeZone } from "../queue/desk-bookings";
import { receiveShare, SHARE_COUNTER } from "./share-callback";

/** This instance's gateway client, or undefined when Scan & Share is not configured (the decision is the platform client's). */
export function gateway(): AbdmGateway | undefined {
  return processSingleton("__clinicAbdmGateway", () => {
    const s = abdmGatewaySettings(env().platform, env().abdm);
    return s ? abdmGateway(s) : undefined;
  });
}

/** The gateway's share callback, end to end: verify and store, answer 202, then send `on-share` with the token. */
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
        // The receptionists' list refetches with the day's queue (same hub, same stream).
        onShared: (s) => void hub.publish({ appointmentId: `${SHARE_COUNTER}:${s.clinicId}`, clinicId: s.clinicId, day: s.day, version: 0, status: "booked" }),
      },
      req,
      clientAddress(req.headers) ?? null,
    );
    void gw.onShare(out.acknowledgement).catch((err) => log().warn({ err }, "ABDM on-share could not be sent"));
    return Response.json(out.acknowledgement, { status: out.status, headers: { "cache-control": "no-store" } });
  } catch (err) {
    return problemResponse(err);
  }
}
