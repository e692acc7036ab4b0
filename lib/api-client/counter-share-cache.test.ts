import { describe, expect, it } from "vitest";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import type { CounterShare, CounterShares } from "@/lib/schemas/abdm-shares";
import { putCounterShare, shareKeys } from "./counter-share-cache";

const DAY = "2026-11-27";
const row = (id: string, minute: number, over: Partial<CounterShare> = {}): CounterShare => ({
  id,
  counter: "1",
  tokenNumber: `S-${id}`,
  name: `Patient ${id}`,
  gender: "F",
  yearOfBirth: 1990,
  abhaAddress: `${id}@sbx`,
  abhaNumber: null,
  mobile: null,
  sharedAt: new Date(Date.UTC(2026, 10, 27, 5, minute)).toISOString(),
  expiresAt: new Date(Date.UTC(2026, 10, 27, 5, minute + 30)).toISOString(),
  patientId: null,
  visitToken: null,
  cardPayload: "{}",
  ...over,
});
const message = (share: CounterShare | null, clinicId = "cl-opd", day = DAY) => JSON.stringify({ clinicId, day, share });

function clientWith(shares: CounterShare[] | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
  if (shares) client.setQueryData<CounterShares>(shareKeys.day("cl-opd", DAY), { shares });
  return client;
}
const listed = (client: QueryClient) => client.getQueryData<CounterShares>(shareKeys.day("cl-opd", DAY))?.shares.map((s) => s.id);
const stale = (client: QueryClient) => client.getQueryState(shareKeys.day("cl-opd", DAY))?.isInvalidated;

describe("a counter-share message into the list's cache", () => {
  it("puts the new row first (newest first), as the message carried it, and marks the list for a later check", () => {
    const client = clientWith([row("b", 10), row("a", 5)]);
    const fresh = row("c", 20, { name: "Asha Verma", patientId: "pt-1" });
    putCounterShare(client, "cl-opd", message(fresh));
    expect(listed(client)).toEqual(["c", "b", "a"]);
    expect(client.getQueryData<CounterShares>(shareKeys.day("cl-opd", DAY))!.shares[0]).toEqual(fresh);
    expect(stale(client)).toBe(true);
  });

  it("a read of the list under way when the message comes (the stream's catch-up read) cannot take the row off again", async () => {
    const client = clientWith(undefined);
    const key = shareKeys.day("cl-opd", DAY);
    // The server's answers in turn: the first read, a catch-up read answered before the share was
    // stored (held until the message is in), then any read after it.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const answers: (() => Promise<CounterShares>)[] = [
      async () => ({ shares: [row("a", 5)] }),
      async () => (await held, { shares: [row("a", 5)] }),
    ];
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => (answers.shift() ?? (async () => ({ shares: [row("c", 20), row("a", 5)] })))() });
    const stop = observer.subscribe(() => {});
    await expect.poll(() => listed(client)).toEqual(["a"]);
    void client.invalidateQueries({ queryKey: key });
    expect(client.getQueryState(key)?.fetchStatus).toBe("fetching");
    putCounterShare(client, "cl-opd", message(row("c", 20)));
    expect(listed(client)).toEqual(["c", "a"]);
    release();
    await expect.poll(() => client.getQueryState(key)?.fetchStatus).toBe("idle");
    expect(listed(client)).toEqual(["c", "a"]);
    stop();
  });

  it("a message arriving during the list's first read (answered before the share was stored) is not lost: the list is read again after it", async () => {
    const client = clientWith(undefined);
    const key = shareKeys.day("cl-opd", DAY);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const answers: (() => Promise<CounterShares>)[] = [async () => (await held, { shares: [row("a", 5)] })];
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => (answers.shift() ?? (async () => ({ shares: [row("c", 20), row("a", 5)] })))() });
    const stop = observer.subscribe(() => {});
    expect(client.getQueryState(key)?.fetchStatus).toBe("fetching");
    putCounterShare(client, "cl-opd", message(row("c", 20)));
    release();
    await expect.poll(() => listed(client)).toEqual(["c", "a"]);
    await expect.poll(() => client.getQueryState(key)?.fetchStatus).toBe("idle");
    expect(listed(client)).toEqual(["c", "a"]);
    stop();
  });

  it("messages one after another during the first read do not cancel it: the list shows, then is read again", async () => {
    const client = clientWith(undefined);
    const key = shareKeys.day("cl-opd", DAY);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const signals: AbortSignal[] = [];
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: async ({ signal }) => {
        signals.push(signal);
        if (++reads === 1) await held;
        return { shares: reads === 1 ? [row("a", 5)] : [row("e", 30), row("d", 25), row("c", 20), row("a", 5)] };
      },
    });
    const stop = observer.subscribe(() => {});
    for (const [id, minute] of [["c", 20], ["d", 25], ["e", 30]] as const) putCounterShare(client, "cl-opd", message(row(id, minute)));
    release();
    await expect.poll(() => listed(client)).toEqual(["e", "d", "c", "a"]);
    expect(signals[0]!.aborted).toBe(false);
    stop();
  });

  it("the same share again replaces itself (two instances, a repeated message): never two rows", () => {
    const client = clientWith([row("a", 5)]);
    putCounterShare(client, "cl-opd", message(row("a", 5, { name: "Asha V." })));
    putCounterShare(client, "cl-opd", message(row("a", 5, { name: "Asha V." })));
    expect(listed(client)).toEqual(["a"]);
    expect(client.getQueryData<CounterShares>(shareKeys.day("cl-opd", DAY))!.shares[0]!.name).toBe("Asha V.");
  });

  it("an older share arriving late sorts under the newer ones", () => {
    const client = clientWith([row("b", 10)]);
    putCounterShare(client, "cl-opd", message(row("a", 5)));
    expect(listed(client)).toEqual(["b", "a"]);
  });

  it("without a row (too long for one message) the list is refetched instead, unchanged until then", () => {
    const client = clientWith([row("a", 5)]);
    putCounterShare(client, "cl-opd", message(null));
    expect(listed(client)).toEqual(["a"]);
    expect(stale(client)).toBe(true);
  });

  it("a day not loaded yet is not made up from one row: nothing cached", () => {
    const client = clientWith(undefined);
    putCounterShare(client, "cl-opd", message(row("a", 5)));
    expect(client.getQueryData(shareKeys.day("cl-opd", DAY))).toBeUndefined();
  });

  it("another clinic's message or one that does not match the schema changes no row and refetches the clinic's lists", () => {
    for (const bad of [message(row("x", 30), "cl-other"), "{not json", JSON.stringify({ clinicId: "cl-opd", day: DAY, share: { id: "x" } }), message(row("x", 30, { yearOfBirth: 1990.5 }))]) {
      const client = clientWith([row("a", 5)]);
      putCounterShare(client, "cl-opd", bad);
      expect(listed(client)).toEqual(["a"]);
      expect(stale(client)).toBe(true);
    }
  });

  it("leaves another day's list alone", () => {
    const client = clientWith([row("a", 5)]);
    putCounterShare(client, "cl-opd", message(row("z", 1), "cl-opd", "2026-11-28"));
    expect(listed(client)).toEqual(["a"]);
    expect(stale(client)).toBe(false);
  });
});
