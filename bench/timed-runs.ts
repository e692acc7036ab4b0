import { performance } from "node:perf_hooks";

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `run(i)` `warmups` times untimed, then `runs` times timed one after another; p50 and p95 in ms. */
export async function timedRuns(label: string, run: (i: number) => Promise<unknown>, { warmups, runs }: { warmups: number; runs: number }) {
  for (let i = 0; i < warmups; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { label, p50: percentile(times, 50), p95: percentile(times, 95) };
}
