import { describe, expect, it } from "vitest";
import { pacedReader, readLimitedBody } from "./read-body";

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
    await expect(readLimitedBody(post(stream), 1024, 200)).rejects.toMatchObject({ status: 408 });
    expect(state.cancelled).toBe(true);
  });

  it("answers 408 to a body that keeps trickling past the deadline", async () => {
    const { stream } = trickle(1000, 1, 20);
    const started = Date.now();
    await expect(readLimitedBody(post(stream), 1024, 300)).rejects.toMatchObject({ status: 408 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("reads a body that arrives in time", async () => {
    const { stream } = trickle(5, 10, 5);
    expect((await readLimitedBody(post(stream), 1024, 1000))?.length).toBe(50);
  });
});

describe("a long body must keep a pace", () => {
  it("cuts a stalled body at the end of its window", async () => {
    const { stream, state } = trickle(2, 100, 1, true);
    const read = pacedReader(stream.getReader(), { windowMs: 200, minBytes: 1000 });
    const started = Date.now();
    await expect((async () => {
      for (;;) if ((await read()).done) return;
    })()).rejects.toMatchObject({ status: 408 });
    expect(Date.now() - started).toBeLessThan(600);
    expect(state.cancelled).toBe(true);
  });

  it("cuts a trickle that brings less than the minimum in a window, even though bytes keep coming", async () => {
    const { stream } = trickle(1000, 10, 20);
    const read = pacedReader(stream.getReader(), { windowMs: 200, minBytes: 1000 });
    const started = Date.now();
    await expect((async () => {
      for (;;) if ((await read()).done) return;
    })()).rejects.toMatchObject({ status: 408 });
    expect(Date.now() - started).toBeLessThan(700);
  });

  it("lets a body that keeps the pace run past many windows", async () => {
    const { stream } = trickle(40, 500, 20);
    const read = pacedReader(stream.getReader(), { windowMs: 100, minBytes: 1000 });
    let bytes = 0;
    for (;;) {
      const r = await read();
      if (r.done) break;
      bytes += r.value.byteLength;
    }
    expect(bytes).toBe(20_000);
  });

  it("does not count the time the consumer holds the bytes back", async () => {
    const { stream } = trickle(6, 2000, 1);
    const read = pacedReader(stream.getReader(), { windowMs: 100, minBytes: 1000 });
    for (;;) {
      const r = await read();
      if (r.done) break;
      await new Promise((res) => setTimeout(res, 150));
    }
  });
});
