import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildWhenNeeded, type BuildPlace } from "./build-if-needed";

describe("a failed build heals (issue 27)", () => {
  let dir: string;
  const place = (): BuildPlace => ({ outDir: path.join(dir, ".next"), marker: path.join(dir, "cache", "build-incomplete") });
  const cachedJunk = () => path.join(dir, ".next", "cache", "resolved-modules.json");
  const succeed = () => {
    mkdirSync(path.join(dir, ".next"), { recursive: true });
    writeFileSync(path.join(dir, ".next", "BUILD_ID"), "ok");
    return 0;
  };
  const source = () => 1;
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("a build that fails leaves no output behind, so the next one starts clean and succeeds", () => {
    dir = mkdtempSync(path.join(tmpdir(), "build-heal-"));
    const failing = () => {
      mkdirSync(path.dirname(cachedJunk()), { recursive: true });
      writeFileSync(cachedJunk(), "Cannot find module '@tailwindcss/postcss'");
      return 1;
    };
    expect(buildWhenNeeded(place(), failing, source)).toBe(1);
    expect(existsSync(path.join(dir, ".next"))).toBe(false);
    expect(buildWhenNeeded(place(), succeed, source)).toBe(0);
    expect(existsSync(place().marker)).toBe(false);
    // Built and unchanged: nothing to do.
    expect(buildWhenNeeded(place(), () => 99, source)).toBe(0);
  });

  it("a build killed half-way (its marker still there) is cleared before the next start builds again", () => {
    dir = mkdtempSync(path.join(tmpdir(), "build-heal-"));
    // What a killed build leaves: a marker, a cache, and even a BUILD_ID newer than the sources.
    mkdirSync(path.dirname(place().marker), { recursive: true });
    writeFileSync(place().marker, "pid 1");
    mkdirSync(path.dirname(cachedJunk()), { recursive: true });
    writeFileSync(cachedJunk(), "half");
    writeFileSync(path.join(dir, ".next", "BUILD_ID"), "stale");
    let built = 0;
    expect(buildWhenNeeded(place(), () => (built++, existsSync(cachedJunk()) ? 1 : succeed()), source)).toBe(0);
    expect(built).toBe(1);
    expect(existsSync(place().marker)).toBe(false);
  });
});
