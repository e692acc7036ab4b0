import type { QueryClient } from "@tanstack/react-query";
import type { CounterShare, CounterShareMessage, CounterShares } from "@/lib/schemas/abdm-shares";
import { isJsonObject, wrongFields, type FieldKinds } from "./answer";
import { queueKeys } from "./queue-keys";
import { readAgainFromNow } from "./read-again";

/** Under the day's queue key: a refetch of the day (the stream's reopening) reads the list again too. */
export const shareKeys = { day: (clinicId: string, day: string) => [...queueKeys.day(clinicId, day), "abdm-shares"] as const };

/**
 * A `counter-share` message from the clinic's queue stream: the new share's row goes straight into
 * the day's list (newest first; the same share again replaces itself), validated with the list's own
 * fields (see readCounterShare). The list is marked stale so its next read reconciles with the server. When the message
 * cannot be used (unreadable, no row, another clinic's, or the day's list not loaded yet) the list is
 * refetched instead, as before.
 */
export function putCounterShare(client: QueryClient, clinicId: string, data: string): void {
  const message = readCounterShare(data);
  if (!message || message.clinicId !== clinicId) {
    void readAgainFromNow(client, { predicate: (q) => q.queryKey[0] === "queue" && q.queryKey[1] === clinicId && q.queryKey[3] === "abdm-shares" });
    return;
  }
  const { day, share } = message;
  const key = shareKeys.day(clinicId, day);
  const list = client.getQueryData<CounterShares>(key);
  if (!share || !list) {
    // The list's first read may still be under way, answered before this share was stored.
    void readAgainFromNow(client, { queryKey: key, exact: true });
    return;
  }
  // A read of the list still under way (the stream's catch-up read on opening) may have been answered
  // before this share was stored: landing after the row went in, it would take it off the screen. That
  // read is replaced by a fresh one; the row shows meanwhile.
  const readUnderWay = client.getQueryState(key)?.fetchStatus === "fetching";
  const shares = [share, ...list.shares.filter((s) => s.id !== share.id)].sort((a, b) => Date.parse(b.sharedAt) - Date.parse(a.sharedAt));
  client.setQueryData<CounterShares>(key, { ...list, shares });
  void client.invalidateQueries({ queryKey: key, exact: true, refetchType: readUnderWay ? "active" : "none" }, { cancelRefetch: true });
}

/** Every field of a share row (lib/schemas/abdm-shares.ts), of its kind: the row goes on screen as it came. */
const SHARE_ROW = {
  id: "string",
  counter: "string",
  tokenNumber: "string",
  name: "string",
  gender: "string",
  yearOfBirth: "integer",
  abhaAddress: "string",
  abhaNumber: "string|null",
  mobile: "string|null",
  sharedAt: "string",
  expiresAt: "string",
  patientId: "string|null",
  visitToken: "string|null",
  cardPayload: "string",
} as const satisfies FieldKinds<CounterShare>;

/** A `counter-share` message, or undefined when it is not one (checked without zod, which the queue page does not download). */
export function readCounterShare(data: string): CounterShareMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!isJsonObject(json) || wrongFields(json, { clinicId: "string", day: "string", share: "object|null" }).length) return undefined;
  const share = json.share;
  if (isJsonObject(share) && wrongFields(share, SHARE_ROW).length) return undefined;
  return json as CounterShareMessage;
}
