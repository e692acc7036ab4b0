import { IDEMPOTENCY_HEADER, IdempotencyKey } from "@/lib/schemas/patients";
import { CreditNoteRequest } from "@/lib/schemas/billing";
import { issueCreditNote } from "@/lib/server/billing/billing";
import { NotFoundError, ValidationError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Gives part or all of a receipt back as a credit note; the receipt itself is never edited. */
export const POST = withStaff({ action: "billing.refund", body: CreditNoteRequest, bodyLimit: 4 * 1024 }, async ({ req, db, body, params, staff, audit }) => {
  if (!UUID.test(params.id!)) throw new NotFoundError("The desk has no receipt with this id.");
  const key = IdempotencyKey.safeParse(req.headers.get(IDEMPOTENCY_HEADER) ?? "");
  if (!key.success) throw new ValidationError({ [IDEMPOTENCY_HEADER]: key.error.issues[0]!.message }, "The request has no valid Idempotency-Key header.");
  try {
    const note = await issueCreditNote(db, { receiptId: params.id!, key: key.data, staffId: staff.id, request: body });
    await audit({ action: "credit-note", resource: "billing", resourceId: params.id!, outcome: "ok", detail: { ...note, request: body } });
    return Response.json(note, { status: note.replayed ? 200 : 201, headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action: "credit-note", resource: "billing", resourceId: params.id!, outcome: "failed", detail: { request: body, error: (err as Error).message } });
    throw err;
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
