import { expect, test } from "@playwright/test";
import { runFuzz, summarize } from "../scripts/fuzz/run";
import { SANDBOX_URL } from "./fixtures";

/**
 * The hostile-input suite at its default size, against the app Playwright already built and started
 * (a vitest home would need its own `next build`). It signs in over HTTP itself, so it needs no stored
 * session. `npm run fuzz -- --runs N` runs the same suite larger.
 */
const RUNS = 250;

test("hostile requests to every API route, next-auth's, other methods and raw parser cases: never a 5xx, errors as problem+json, platform and desk agree", async ({ baseURL }) => {
  test.setTimeout(120_000);
  const report = await runFuzz({ baseUrl: baseURL!, sandboxUrl: SANDBOX_URL, runs: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261124), sharedApp: true });
  console.log(summarize(report));
  expect(report.total).toBe(RUNS);
  expect(report.failures, "requests answered wrongly").toEqual([]);
  // next-auth's routes, methods Next does not serve and what Node's parser refuses are in every run.
  for (const family of ["next-auth", "method", "parser"]) expect(report.byFamily[family] ?? 0, family).toBeGreaterThan(0);
  expect(report.agreement.documents.desk).toBe(report.agreement.documents.platform);
  expect(report.agreement.registrations.confirmed).toBe(report.agreement.registrations.created);
  expect(report.agreement.registrations.refusedButOnPlatform).toBe(0);
});
