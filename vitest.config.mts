import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Suites that replace modules with vi.mock need a fresh module graph of their own: found by reading
// the test files, so a new mocking suite cannot land among the shared-module ones by being forgotten here.
const TEST_ROOTS = ["lib", "scripts", "bench"];
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : testFiles(p);
    return e.name.endsWith(".test.ts") ? [p] : [];
  });
}
const MOCKING = TEST_ROOTS.flatMap((root) => testFiles(path.join(import.meta.dirname, root)))
  .filter((file) => /\bvi\.mock\(/.test(readFileSync(file, "utf8")))
  .map((file) => path.relative(import.meta.dirname, file));
const INCLUDE = ["{lib,scripts,bench}/**/*.test.ts"];

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // The marker package throws outside React Server bundles; tests import server modules directly.
      "server-only": path.resolve(import.meta.dirname, "lib/testing/server-only-stub.ts"),
    },
  },
  test: {
    environment: "node",
    globalSetup: ["lib/testing/pglite-template.setup.ts"],
    setupFiles: ["lib/testing/real-clock.setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest leaves a core idle by default; the suites wait on databases and sockets as much as on CPU.
    maxWorkers: Math.max(2, availableParallelism()),
    // The rest share a worker's loaded modules from file to file instead of importing zod, drizzle,
    // PGlite and the sandbox again for each: about a third of the suite's CPU time. Every database,
    // server and sandbox is opened by the suite that uses it; only loaded code is shared.
    projects: [
      { extends: true, test: { name: "shared-modules", include: INCLUDE, exclude: MOCKING, isolate: false } },
      { extends: true, test: { name: "isolated", include: MOCKING, isolate: true } },
    ],
  },
});
