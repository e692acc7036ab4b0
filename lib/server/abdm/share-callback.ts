import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { ABDM_HEADERS, SHARE_MAX_AGE_MS, SHARE_VALIDITY_MINUTES, ShareRequest, type OnShareRequest } from "@/lib/abdm/wire/share";
import { normaliseAbhaAddress } from "@/lib/schemas/abha";
import { clinicDay } from "@/lib/slots/clinic-time";
import * as clock from "@/lib/clock";
import type { Db } from "../db/connect";
import { abdmShareRequests, abdmShares } from "../db/schema";
import { recordAudit } from "../audit";
import { AppError, PayloadTooLargeError, ValidationError } from "../errors";
import { log } from "../log";
import { readLimitedBody } from "../read-body";
import { issueToken } from "../queue/token-issue";
import { queueDeskWrite } from "../desk-outbox";
import { randomUUID } from "node:crypto";
import { onShareOwed } from "./on-share";

/** The gateway's share callback body is a small profile; anything larger is not one. */
export const SHARE_BODY_LIMIT = 16 * 1024;
/** Share tokens come from the OPD token counter under this desk-own "doctor": one gapless run per clinic and day. */
export const SHARE_COUNTER = "abdm-share";
export const SHARE_TOKEN_FORMAT = "S-{n:3}";
/** A TIMESTAMP this far ahead of the desk's clock is refused too (clocks drift, not by minutes). */
const FUTURE_SKEW_MS = 60_000;

export interface ShareDesk {
  db: Db;
  /** The gateway's published keys (its certs endpoint; the emulator's JWKS in sandbox). */
  keys: JWTVerifyGetKey;
  issuer: string;
  /** This facility's HIP id: a share for another facility is refused. */
  hipId: string;
  /** Counter id (the QR's context) → the clinic whose desk serves it; `*` for any other counter. */
  counters: Record<string, string>;
  timeZone: string;
  /** Told of each new share, so the receptionists' list updates live. */
  onShared?: (share: typeof abdmShares.$inferSelect) => void;
}

export interface ShareOutcome {
  status: number;
  acknowledgement: OnShareRequest;
  /** The share is new (false: a repeat within validity answered with the same token). */
  created: boolean;
}

const refused = (status: number, title: string, detail: string, code: string) => new AppError(status, title, detail, { code });

async function refuse(desk: ShareDesk, err: AppError, requestId: string | null, ip: string | null): Promise<never> {
  log().warn({ requestId, code: err.extra.code, status: err.status }, "ABDM share callback refused");
  await recordAudit(desk.db, { action: "abdm.share", resource: "abdm_share", resourceId: requestId?.slice(0, 80) ?? null, outcome: "denied", ip, detail: { code: err.extra.code } });
  throw err;
}

/**
 * The gateway's "patient shared their profile at counter N" call: authenticated by the gateway's
 * bearer JWT (checked against its key set), refused when unsigned, replayed (a REQUEST-ID seen
 * before) or stale (a TIMESTAMP more than five minutes old); stored, and answered with a share
 * token valid for 30 minutes. The same ABHA address sharing again within that time gets the same
 * token back.
 */
export async function receiveShare(desk: ShareDesk, req: Request, ip: string | null = null, now = clock.now()): Promise<ShareOutcome> {
  const requestId = req.headers.get(ABDM_HEADERS.requestId)?.trim() || null;
  const bearer = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(req.headers.get(ABDM_HEADERS.authorization) ?? "")?.[1];
  if (!bearer) return refuse(desk, refused(401, "Not signed", "The call carries no gateway bearer token.", "unsigned"), requestId, ip);
  try {
    await jwtVerify(bearer, desk.keys, { issuer: desk.issuer, currentDate: new Date(now), algorithms: ["RS256", "RS512", "ES256"] });
  } catch (err) {
    const code = err instanceof joseErrors.JWTExpired ? "token_expired" : "bad_signature";
    return refuse(desk, refused(401, "Not signed by the gateway", "The bearer token is not the gateway's.", code), requestId, ip);
  }
  if (!requestId || requestId.length > 80 || !/^[A-Za-z0-9-]+$/.test(requestId)) {
    return refuse(desk, new ValidationError({ [ABDM_HEADERS.requestId]: "must be the gateway's request id" }), requestId, ip);
  }
  const stamp = Date.parse(req.headers.get(ABDM_HEADERS.timestamp) ?? "");
  if (!Number.isFinite(stamp)) return refuse(desk, new ValidationError({ [ABDM_HEADERS.timestamp]: "must be an ISO date-time" }), requestId, ip);
  if (now - stamp > SHARE_MAX_AGE_MS || stamp - now > FUTURE_SKEW_MS) {
    return refuse(desk, refused(400, "Stale request", "The call's TIMESTAMP is more than five minutes from now.", "stale"), requestId, ip);
  }
  const raw = await readLimitedBody(req, SHARE_BODY_LIMIT);
  if (raw === null) throw new PayloadTooLargeError(SHARE_BODY_LIMIT);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
  } catch {
    return refuse(desk, new ValidationError({ body: "must be JSON" }), requestId, ip);
  }
  const parsed = ShareRequest.safeParse(json);
  if (!parsed.success) return refuse(desk, ValidationError.fromZod(parsed.error), requestId, ip);
  const body = parsed.data;
  const address = normaliseAbhaAddress(body.profile.patient.abhaAddress);
  if (!address) return refuse(desk, new ValidationError({ "profile.patient.abhaAddress": "is not an ABHA address" }), requestId, ip);
  if (body.metaData.hipId !== desk.hipId || req.headers.get(ABDM_HEADERS.hipId) !== desk.hipId) {
    return refuse(desk, new ValidationError({ "metaData.hipId": "is not this facility" }), requestId, ip);
  }
  const counter = body.metaData.context;
  const clinicId = desk.counters[counter] ?? desk.counters["*"];
  if (!clinicId) return refuse(desk, new ValidationError({ "metaData.context": "is not one of this facility's counters" }), requestId, ip);

  const at = new Date(now);
  const day = clinicDay(now, desk.timeZone);
  const outcome = await desk.db.transaction(async (tx) => {
    const [fresh] = await tx.insert(abdmShareRequests).values({ requestId, receivedAt: at }).onConflictDoNothing().returning();
    if (!fresh) return null;
    const [open] = await tx
      .select()
      .from(abdmShares)
      .where(and(eq(abdmShares.abhaAddress, address), gt(abdmShares.expiresAt, at)))
      .orderBy(asc(abdmShares.sharedAt))
      .limit(1);
    if (open) {
      await owe(tx, open, requestId);
      return { share: open, created: false };
    }
    const token = await issueToken(tx, { clinicId, doctorId: SHARE_COUNTER, day, format: SHARE_TOKEN_FORMAT, at });
    const [share] = await tx
      .insert(abdmShares)
      .values({
        abhaAddress: address,
        abhaNumber: body.profile.patient.abhaNumber ?? null,
        counter,
        hipId: desk.hipId,
        clinicId,
        day,
        tokenNumber: token.label,
        profile: { ...body.profile.patient, abhaAddress: address },
        firstRequestId: requestId,
        sharedAt: at,
        expiresAt: new Date(now + SHARE_VALIDITY_MINUTES * 60_000),
      })
      .returning();
    await owe(tx, share!, requestId);
    return { share: share!, created: true };
  });
  if (!outcome) return refuse(desk, refused(409, "Replayed request", "This REQUEST-ID was already received.", "replayed"), requestId, ip);
  const { share, created } = outcome;
  await recordAudit(desk.db, { action: "abdm.share", resource: "abdm_share", resourceId: share.id, outcome: "ok", ip, detail: { counter, repeat: !created } });
  if (created) desk.onShared?.(share);
  return { status: 202, created, acknowledgement: acknowledgementOf(share, requestId) };
}

/** The gateway's acknowledgement for one share call: the token, valid for what is left of its 30 minutes (in seconds, as ABDM's v3 document types it). */
function acknowledgementOf(share: typeof abdmShares.$inferSelect, requestId: string): OnShareRequest {
  return {
    acknowledgement: { status: "SUCCESS", abhaAddress: share.abhaAddress, profile: { context: share.counter, tokenNumber: share.tokenNumber, expiry: SHARE_VALIDITY_MINUTES * 60 } },
    response: { requestId },
  };
}

/** The on-share owed for this call, queued with the share (the same transaction), under its own REQUEST-ID for every try. */
async function owe(tx: Db, share: typeof abdmShares.$inferSelect, requestId: string) {
  await queueDeskWrite(tx, onShareOwed({ shareId: share.id, requestId: randomUUID(), until: share.expiresAt.toISOString(), ack: acknowledgementOf(share, requestId) }));
}
