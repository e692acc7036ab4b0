"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CounterShares } from "@/lib/schemas/abdm-shares";
import { IDEMPOTENCY_HEADER } from "@/lib/schemas/idempotency-header";
import { apiGet, ApiProblemError, objectAnswer, sendJson } from "./http";
import { QueueEntryAnswer } from "./queue";
import { shareKeys } from "./counter-share-cache";
import { useIntentKey } from "./opd-counter";
import { queueKeys } from "./queue-keys";

export { shareKeys } from "./counter-share-cache";

/**
 * The day's list. No stream of its own: the queue's live stream (useQueueLive) puts a new share's row
 * into it as it arrives, and refetches it with the day's queue (a token issued) and on reconnecting.
 */
export function useCounterShares(clinicId: string | null, day: string) {
  return useQuery({
    queryKey: shareKeys.day(clinicId ?? "", day),
    queryFn: ({ signal }) => apiGet("/api/abdm/shares", { clinicId, day }, objectAnswer<CounterShares>({ shares: "array" }), signal),
    enabled: Boolean(clinicId),
  });
}

export function useShareVisit(clinicId: string) {
  const client = useQueryClient();
  const key = useIntentKey();
  return useMutation({
    mutationFn: ({ shareId, doctorId }: { shareId: string; doctorId: string }) =>
      sendJson("POST", `/api/abdm/shares/${encodeURIComponent(shareId)}/visit`, { doctorId }, QueueEntryAnswer, { [IDEMPOTENCY_HEADER]: key.current() }),
    onSuccess: () => key.renew(),
    onError: (err) => {
      if (err instanceof ApiProblemError) key.renew();
    },
    onSettled: () => client.invalidateQueries({ queryKey: queueKeys.clinic(clinicId) }),
  });
}

/** Issues the OPD token for a share whose patient was just registered (the registration form's last step), under the hand-over's key. */
export function issueShareVisit(shareId: string, doctorId: string, key: string) {
  return sendJson("POST", `/api/abdm/shares/${encodeURIComponent(shareId)}/visit`, { doctorId }, QueueEntryAnswer, { [IDEMPOTENCY_HEADER]: key });
}
