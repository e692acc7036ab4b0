import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pacedReader, readLimitedBody } from "./read-body";

// Every wait below is on a timer this file moves: paces and deadlines are measured in exact
// milliseconds, the same on a loaded machine as on an idle one, and no test sleeps for real.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * Runs `work` to its end, moving the fake clock from one timer to the next (all promise callbacks
 * run between two timers); answers how it ended and how many milliseconds passed meanwhile.
 */
async function inFakeTime<T>(work: () => Promise<T>): Promise<{ outcome: PromiseSettledResult<T>; ms: number }> {
  const started = Date.now();
  let outcome: PromiseSettledResult<T> | undefined;
  work().then(
    (value) => (outcome = { status: "fulfilled", value }),
    (reason: unknown) => (outcome = { status: "rejected", reason }),
  );
  for (let idle = 0; !outcome; ) {
    if (vi.getTimerCount() > 0) await vi.advanceTimersToNextTimerAsync();
    else if (++idle > 100) throw new Error("the work waits on nothing a timer would end");
    else await new Promise((r) => setImmediate(r));
  }
  return { outcome, ms: Date.now() - started };
}

/** The error `work` failed with, after how long. */
async function failure(work: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const { outcome, ms } = await inFakeTime(work);
  if (outcome.status === "fulfilled") throw new Error("expected the work to fail");
  return { error: outcome.reason, ms };
}

const readToEnd = (read: () => Promise<ReadableStreamReadResult<Uint8Array>>) => async () => {
  let bytes = 0;
  for (;;) {
    const r = await read();
    if (r.done) return bytes;
    bytes += r.value.byteLength;
  }
};

/** A body that sends `chunks` pieces of `size` bytes, one every `everyMs`, then (unless `stall`) ends. */
function trickle(chunks: number, size: number, everyMs: number, stall = false) {
  let sent = 0;
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    async pull(c) {
      if (sent >= chunks) {
        if (stall) await new Promise(() => {});
        return c.close();
      }
      await new Promise((r) => setTimeout(r, everyMs));
      sent++;
      c.enqueue(new Uint8Array(size).fill(0x20));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

const post = (body: ReadableStream<Uint8Array>) => new Request("http://localhost/x", { method: "POST", body, duplex: "half" } as RequestInit);

describe("a body read whole is cut at its deadline", () => {
  it("answers 408 to a body that stalls, and cancels it", async () => {
    const { stream, state } = trickle(1, 10, 1, true);
    const { error, ms } = await failure(() => readLimitedBody(post(stream), 1024, 200));
    expect(error).toMatchObject({ status: 408 });
    expect(ms).toBe(200);
    expect(state.cancelled).toBe(true);
  });

  it("answers 408 to a body that keeps trickling past the deadline", async () => {
    const { stream } = trickle(1000, 1, 20);
    const { error, ms } = await failure(() => readLimitedBody(post(stream), 1024, 300));
    expect(error).toMatchObject({ status: 408 });
    expect(ms).toBeLessThan(1000);
    // At the deadline, or with the byte that was already on its way when it passed (one every 20 ms).
    expect(ms).toBeGreaterThanOrEqual(300);
    expect(ms).toBeLessThanOrEqual(320);
  });

  it("reads a body that arrives in time", async () => {
    const { stream } = trickle(5, 10, 5);
    const { outcome, ms } = await inFakeTime(() => readLimitedBody(post(stream), 1024, 1000));
    expect(outcome).toMatchObject({ status: "fulfilled" });
    expect((outcome as PromiseFulfilledResult<Buffer | null>).value?.length).toBe(50);
    expect(ms).toBe(25);
  });
});

describe("a long body must keep a pace", () => {
  it("cuts a stalled body at the end of its window", async () => {
    const { stream, state } = trickle(2, 100, 1, true);
    const read = pacedReader(stream.getReader(), { windowMs: 200, minBytes: 1000 });
    const { error, ms } = await failure(readToEnd(read));
    expect(error).toMatchObject({ status: 408 });
    expect(ms).toBeLessThan(600);
    expect(ms).toBe(200);
    expect(state.cancelled).toBe(true);
  });

  it("cuts a trickle that brings less than the minimum in a window, even though bytes keep coming", async () => {
    const { stream } = trickle(1000, 10, 20);
    const read = pacedReader(stream.getReader(), { windowMs: 200, minBytes: 1000 });
    const { error, ms } = await failure(readToEnd(read));
    expect(error).toMatchObject({ status: 408 });
    expect(ms).toBeLessThan(700);
    expect(ms).toBe(200);
  });

  it("lets a body that keeps the pace run past many windows", async () => {
    const { stream } = trickle(40, 500, 20);
    const read = pacedReader(stream.getReader(), { windowMs: 100, minBytes: 1000 });
    const { outcome, ms } = await inFakeTime(readToEnd(read));
    expect(outcome).toEqual({ status: "fulfilled", value: 20_000 });
    // 8 windows' worth of waiting, each bringing 2,500 bytes against the 1,000 asked.
    expect(ms).toBe(800);
  });

  it("does not count the time the consumer holds the bytes back", async () => {
    const { stream } = trickle(6, 2000, 1);
    const read = pacedReader(stream.getReader(), { windowMs: 100, minBytes: 1000 });
    const { outcome, ms } = await inFakeTime(async () => {
      for (;;) {
        const r = await read();
        if (r.done) break;
        await new Promise((res) => setTimeout(res, 150));
      }
    });
    expect(outcome.status).toBe("fulfilled");
    // Six holds of 150 ms, each longer than a window, and the body still read whole.
    expect(ms).toBeGreaterThanOrEqual(6 * 150);
  });
});
