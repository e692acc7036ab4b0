import type { QueryClient } from "@tanstack/react-query";
import { CounterShareMessage, type CounterShares } from "@/lib/schemas/abdm-shares";
import { queueKeys } from "./queue-keys";

/** Under the day's queue key: a refetch of the day (the stream's reopening) reads the list again too. */
export const shareKeys = { day: (clinicId: string, day: string) => [...queueKeys.day(clinicId, day), "abdm-shares"] as const };

/**
 * A `counter-share` message from the clinic's queue stream: the new share's row goes straight into
 * the day's list (newest first; the same share again replaces itself), validated with the list's own
 * schema. The list is marked stale so its next read reconciles with the server. When the message
 * cannot be used (unreadable, no row, another clinic's, or the day's list not loaded yet) the list is
 * refetched instead, as before.
 */
export function putCounterShare(client: QueryClient, clinicId: string, data: string): void {
  let parsed: ReturnType<typeof CounterShareMessage.safeParse> | undefined;
  try {
    parsed = CounterShareMessage.safeParse(JSON.parse(data));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success || parsed.data.clinicId !== clinicId) {
    void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === "queue" && q.queryKey[1] === clinicId && q.queryKey[3] === "abdm-shares" });
    return;
  }
  const { day, share } = parsed.data;
  const key = shareKeys.day(clinicId, day);
  const list = client.getQueryData<CounterShares>(key);
  if (!share || !list) {
    void client.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  const shares = [share, ...list.shares.filter((s) => s.id !== share.id)].sort((a, b) => Date.parse(b.sharedAt) - Date.parse(a.sharedAt));
  client.setQueryData<CounterShares>(key, { ...list, shares });
  void client.invalidateQueries({ queryKey: key, exact: true, refetchType: "none" });
}
