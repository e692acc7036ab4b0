import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { silentLogger, type Logger } from "./log";
import { Store } from "./store";
import { tempDir } from "./test-support";

describe("Store", () => {
  it("persists collections and secrets across reopen", async () => {
    const dir = await tempDir();
    const a = await Store.open(dir.dir, silentLogger);
    a.collection<{ name: string }>("patients").set("p1", { name: "Asha" });
    const secret = a.persistentSecret("signing");
    await a.close();
    const b = await Store.open(dir.dir, silentLogger);
    expect(b.collection<{ name: string }>("patients").get("p1")).toEqual({ name: "Asha" });
    expect(b.persistentSecret("signing")).toBe(secret);
    await b.close();
    await dir.remove();
  });

  it("saves a burst of changes on its own, without flush, and leaves no temp files", async () => {
    const dir = await tempDir();
    const store = await Store.open(dir.dir, silentLogger);
    const slots = store.collection<number>("slots");
    for (let i = 0; i < 500; i++) slots.set(`s${i}`, i);
    await expect.poll(async () => Object.keys(JSON.parse(await readFile(store.file, "utf8").catch(() => '{"collections":{"slots":{}}}')).collections.slots).length, { timeout: 3000 }).toBe(500);
    slots.deleteWhere((v) => v % 2 === 0);
    await store.flush();
    const after = JSON.parse(await readFile(store.file, "utf8"));
    expect(Object.keys(after.collections.slots)).toHaveLength(250);
    expect((await readdir(dir.dir)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    await store.close();
    await dir.remove();
  });

  it("close saves a change made while a write was under way and writes nothing after it returns", async () => {
    const dir = await tempDir();
    const errors: string[] = [];
    const log: Logger = (level, message) => void (level === "error" && errors.push(message));
    const store = await Store.open(dir.dir, log);
    const slots = store.collection<number>("slots");
    slots.set("a", 1);
    // Let the coalescing timer start a write, then change the state while that write is under way.
    await expect.poll(() => (store as unknown as { writing?: Promise<void> }).writing !== undefined, { interval: 1 }).toBe(true);
    slots.set("b", 2);
    await store.close();
    expect(Object.keys(JSON.parse(await readFile(store.file, "utf8")).collections.slots).sort()).toEqual(["a", "b"]);
    await dir.remove();
    await new Promise((r) => setTimeout(r, 100));
    expect(errors).toEqual([]);
  });

  it("moves a damaged file aside and starts empty", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir.dir, "sandbox-state.json"), "{ not json");
    const warnings: string[] = [];
    const log: Logger = (level, message) => void (level === "warn" && warnings.push(message));
    const store = await Store.open(dir.dir, log);
    expect(store.collection("x").size).toBe(0);
    expect(warnings.join()).toMatch(/moved aside/);
    expect((await readdir(dir.dir)).some((f) => f.includes(".damaged-"))).toBe(true);
    await store.close();
    await dir.remove();
  });
});
