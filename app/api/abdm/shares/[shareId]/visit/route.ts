import { z } from "zod";
import { ShareVisitRequest } from "@/lib/schemas/abdm-shares";
import { IDEMPOTENCY_HEADER, IdempotencyKey } from "@/lib/schemas/patients";
import { issueShareVisit } from "@/lib/server/abdm/shares";
import { NotFoundError, ValidationError } from "@/lib/server/errors";
import { queueHub } from "@/lib/server/queue";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";
import { counterConfig } from "@/lib/server/counter-settings/counter-config";

/** The one action on a share: the patient found by ABHA gets the chosen doctor's next OPD token (a walk-in). */
export const POST = withStaff({ action: "queue.walkIn", body: ShareVisitRequest, bodyLimit: 1024 }, async ({ req, body, params, db, staff, audit }) => {
  const shareId = z.uuid().safeParse(params.shareId);
  if (!shareId.success) throw new NotFoundError("This share is not on the list.");
  const key = IdempotencyKey.safeParse(req.headers.get(IDEMPOTENCY_HEADER) ?? "");
  if (!key.success) throw new ValidationError({ [IDEMPOTENCY_HEADER]: key.error.issues[0]!.message }, "The request has no valid Idempotency-Key header.");
  try {
    const { entry, replayed } = await issueShareVisit(db, await queueHub(), { shareId: shareId.data, doctorId: body.doctorId, key: key.data, staffId: staff.id }, await counterConfig(db));
    await audit({ action: "share-visit", resource: "appointment", resourceId: entry.appointmentId, outcome: "ok", detail: { shareId: shareId.data, patientId: entry.patientId, token: entry.tokenLabel, ...(replayed ? { replayed } : {}) } });
    return Response.json(entry, { status: replayed ? 200 : 201, headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action: "share-visit", resource: "abdm_share", resourceId: shareId.data, outcome: "failed", detail: { error: (err as Error).message } });
    throw err;
  }
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
