import { describe, expect, it } from "vitest";
import { inProcessFetch } from "./in-process-fetch";

/** A body handed over in pieces, recording when its last piece was taken. */
function pieces(n: number, opts: { failAt?: number } = {}) {
  const state = { taken: 0, lastTaken: false };
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (state.taken === opts.failAt) return c.error(new Error("socket hang up"));
      if (state.taken === n) {
        state.lastTaken = true;
        return c.close();
      }
      state.taken++;
      c.enqueue(new Uint8Array(1024).fill(state.taken));
    },
  });
  return { body, state };
}

describe("in-process fetch (the unit suites' stand-in for a socket)", () => {
  it("answers by origin with a real Request, and refuses an origin nobody serves as a refused connection", async () => {
    const seen: Request[] = [];
    const f = inProcessFetch({ "http://a.test": (req) => (seen.push(req), Response.json({ path: new URL(req.url).pathname, q: new URL(req.url).searchParams.get("q") }, { status: 201 })) });
    const res = await f("http://a.test/x/y?q=1", { method: "POST", headers: { "x-request-id": "r1" }, body: JSON.stringify({ a: 1 }) });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ path: "/x/y", q: "1" });
    expect(seen[0]!.method).toBe("POST");
    expect(seen[0]!.headers.get("x-request-id")).toBe("r1");
    expect(await seen[0]!.json()).toEqual({ a: 1 });
    const refused = await f("http://b.test/").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as TypeError).cause).toMatchObject({ code: "ECONNREFUSED" });
  });

  it("hands other origins to the fallback when one is given", async () => {
    const f = inProcessFetch({}, { otherwise: async (input) => new Response(`fallback for ${(input as Request).url}`) });
    expect(await (await f("http://elsewhere.test/p")).text()).toBe("fallback for http://elsewhere.test/p");
  });

  it("rejects at once when the caller aborts, and the held handler sees its request aborted", async () => {
    let handlerSaw: AbortSignal | undefined;
    const f = inProcessFetch({
      "http://slow.test": (req) =>
        new Promise<Response>((resolve) => {
          handlerSaw = req.signal;
          req.signal.addEventListener("abort", () => resolve(new Response(null, { status: 503 })));
        }),
    });
    const gone = new AbortController();
    const call = f("http://slow.test/", { signal: gone.signal });
    setTimeout(() => gone.abort(), 20);
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(handlerSaw?.aborted).toBe(true);
    await expect(f("http://slow.test/", { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
  });

  it("a handler that throws is a failed fetch, as a reset connection is", async () => {
    const f = inProcessFetch({ "http://broken.test": () => Promise.reject(new Error("boom")) });
    await expect(f("http://broken.test/")).rejects.toMatchObject({ name: "TypeError", message: "fetch failed", cause: { message: "boom" } });
  });

  it("takes a streamed body whole as it is produced, even while the handler has not read it (as a socket's buffers do)", async () => {
    const { body, state } = pieces(40);
    let release!: () => void;
    const handlerMayRead = new Promise<void>((r) => (release = r));
    const f = inProcessFetch({
      "http://upload.test": async (req) => {
        await handlerMayRead;
        return new Response(String((await req.arrayBuffer()).byteLength));
      },
    });
    const call = f("http://upload.test/", { method: "POST", body, duplex: "half" } as RequestInit);
    await expect.poll(() => state.lastTaken).toBe(true);
    release();
    expect(await (await call).text()).toBe(String(40 * 1024));
  });

  it("a body that fails while being sent fails the call", async () => {
    const { body } = pieces(10, { failAt: 3 });
    const f = inProcessFetch({ "http://upload.test": () => new Promise<Response>(() => {}) });
    await expect(f("http://upload.test/", { method: "POST", body, duplex: "half" } as RequestInit)).rejects.toMatchObject({ name: "TypeError", message: "fetch failed" });
  });
});
