import { createServer, type Server } from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startApp } from "./harness";
import { processStart, startedBy } from "../scripts/free-port";

/** Every TypeScript file of the bench. */
function benchSources(dir = path.resolve(import.meta.dirname)): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? benchSources(path.join(dir, e.name)) : e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [path.join(dir, e.name)] : [],
  );
}

describe("the bench touches only what it started (issue 27)", () => {
  const held: Server[] = [];
  afterAll(async () => {
    for (const s of held) await new Promise((r) => s.close(r));
  });

  it("no suite names a fixed port: each takes free ones", () => {
    const fixed = benchSources().flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line, at: `${path.relative(process.cwd(), file)}:${i + 1}` }))
        .filter(({ line }) => /\b(appPort|sandboxPort|[A-Z_]*PORT)\s*[:=]\s*\d{3,5}\b/.test(line) || /startApp\(\{\s*appPort:\s*\d/.test(line)),
    );
    expect(fixed.map((f) => `${f.at}: ${f.line.trim()}`)).toEqual([]);
  });

  it("refuses to start on a port another program holds, before building anything", async () => {
    const other = createServer();
    held.push(other);
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
    const port = (other.address() as { port: number }).port;
    await expect(startApp({ appPort: port })).rejects.toThrow(`Port ${port} (the bench's app) is already in use`);
  });

  it("knows its own processes from others by ancestry and start time", () => {
    expect(startedBy(process.pid, process.ppid)).toBe(true);
    expect(startedBy(process.ppid, process.pid)).toBe(false);
    expect(processStart(process.pid)).toMatch(/^\d+$/);
    expect(processStart(2 ** 22 + 7)).toBeUndefined();
  });
});
