import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // The marker package throws outside React Server bundles; tests import server modules directly.
      "server-only": path.resolve(import.meta.dirname, "lib/testing/server-only-stub.ts"),
    },
  },
  test: {
    include: ["{lib,sandbox,scripts,bench}/**/*.test.ts"],
    environment: "node",
    globalSetup: ["lib/testing/pglite-template.setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest leaves a core idle by default; the suites wait on databases and sockets as much as on CPU.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
