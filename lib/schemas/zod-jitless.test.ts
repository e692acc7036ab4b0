import { execFileSync } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import { config } from "zod/v4/core";

/**
 * instrumentation-client.ts tells zod to parse without `Function()` (the pages' CSP forbids eval)
 * through `globalThis.__zod_globalConfig`, without importing zod. These hold zod to reading its
 * configuration from there: a zod upgrade that stopped would fail here, not as CSP reports in the
 * browser.
 */
describe("zod's configuration set without importing zod", () => {
  it("is adopted by zod when it is set before zod loads (the browser's order)", () => {
    const script = "globalThis.__zod_globalConfig = { jitless: true }; const { config } = await import('zod/v4/core'); process.stdout.write(JSON.stringify(config()));";
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({ jitless: true });
  });

  it("is what instrumentation-client sets, and it keeps what zod already holds", async () => {
    const before = config().jitless;
    try {
      config({ jitless: false });
      vi.resetModules();
      await import("../../instrumentation-client");
      expect(config().jitless).toBe(true);
    } finally {
      config({ jitless: before });
    }
  });
});
