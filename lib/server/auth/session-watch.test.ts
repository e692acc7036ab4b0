import { describe, expect, it } from "vitest";
import { createSessionWatch } from "./session-watch";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("session watch over open streams", () => {
  it("asks for every watched session in one query and ends only the streams whose session is gone", async () => {
    const held = new Set(["s1", "s2"]);
    const asked: string[][] = [];
    const watch = createSessionWatch({ everyMs: 20, held: async (sids) => (asked.push([...sids].sort()), new Set(sids.filter((s) => held.has(s)))) });
    const ended: string[] = [];
    watch.watch("s1", () => ended.push("s1 feed"));
    watch.watch("s1", () => ended.push("s1 queue"));
    watch.watch("s2", () => ended.push("s2 feed"));
    await watch.check();
    expect(asked.at(-1)).toEqual(["s1", "s2"]);
    expect(ended).toEqual([]);
    held.delete("s1");
    await wait(60);
    expect(ended.sort()).toEqual(["s1 feed", "s1 queue"]);
    expect(watch.watched()).toBe(1);
  });

  it("keeps the streams while the database cannot answer, and asks nothing once none is open", async () => {
    let failing = true;
    let calls = 0;
    const watch = createSessionWatch({
      everyMs: 10,
      log: () => {},
      held: async () => {
        calls++;
        if (failing) throw new Error("connection refused");
        return new Set<string>();
      },
    });
    let ended = 0;
    const unwatch = watch.watch("s1", () => ended++);
    await wait(40);
    expect(ended).toBe(0);
    failing = false;
    await wait(40);
    expect(ended).toBe(1);
    unwatch();
    const after = calls;
    await wait(40);
    expect(calls).toBe(after);
  });
});
