import { describe, expect, it, vi } from "vitest";
import { createAnswerCache } from "./answer-cache";

describe("the formulary answer cache", () => {
  const clock = { t: 0 };
  const cache = (ttlMs = 1000, max = 3) => createAnswerCache({ ttlMs: () => ttlMs, max, now: () => clock.t });

  it("answers a repeated query from memory within its time, then asks again", async () => {
    const c = cache();
    const make = vi.fn(async () => ({ results: [1] }));
    expect(await c.json("a", make)).toBe('{"results":[1]}');
    clock.t += 999;
    expect(await c.json("a", make)).toBe('{"results":[1]}');
    expect(make).toHaveBeenCalledTimes(1);
    clock.t += 1;
    await c.json("a", make);
    expect(make).toHaveBeenCalledTimes(2);
  });

  it("keeps neither failures nor 'not found', and nothing when turned off", async () => {
    const c = cache();
    await expect(c.json("x", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await c.json("x", async () => ({ ok: true }))).toBe('{"ok":true}');
    const missing = vi.fn(async () => null);
    expect(await c.json("gone", missing)).toBeNull();
    expect(await c.json("gone", missing)).toBeNull();
    expect(missing).toHaveBeenCalledTimes(2);
    const off = cache(0);
    const make = vi.fn(async () => 1);
    await off.json("k", make);
    await off.json("k", make);
    expect(make).toHaveBeenCalledTimes(2);
  });

  it("holds at most its bound, dropping the least recently used first", async () => {
    const c = cache(60_000, 3);
    const made: string[] = [];
    const get = (k: string) => c.json(k, async () => (made.push(k), k));
    for (const k of ["a", "b", "c"]) await get(k);
    await get("a"); // used again: now the newest
    await get("d"); // drops b
    made.length = 0;
    for (const k of ["a", "c", "d"]) await get(k);
    expect(made).toEqual([]);
    await get("b");
    expect(made).toEqual(["b"]);
  });
});
