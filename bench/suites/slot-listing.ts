/** Slot listing through the BFF: a busy doctor's 10-day window and a week, one request at a time. */
import autocannon from "autocannon";
import { signIn, startApp } from "../harness";
import type { SuiteResult } from "../report";

const DURATION_S = 6;

async function latency(url: string, headers: Record<string, string>, connections: number) {
  const r = await autocannon({ url, connections, duration: DURATION_S, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function slotListing(): Promise<SuiteResult> {
  const app = await startApp({});
  try {
    const cookie = await signIn(app.appUrl, "reception@demo.clinic", "sandbox-reception");
    // Dr. Meera Iyer at Andheri West: three services, six days a week, the busiest demo calendar.
    const q = (from: string, to: string) => `${app.appUrl}/api/slots?doctorId=dr-meera-iyer&clinicId=cl-andheri-west&from=${from}&to=${to}`;
    const warm = await fetch(q(day(7), day(16)), { headers: { cookie } });
    const slots = ((await warm.json()) as { slots: unknown[] }).slots.length;
    const tenDays = await latency(q(day(7), day(16)), { cookie }, 1);
    const week = await latency(q(day(21), day(27)), { cookie }, 1);
    const month = await latency(q(day(30), day(59)), { cookie }, 1);
    const loaded = await latency(q(day(7), day(16)), { cookie }, 10);
    return {
      title: "Slot listing through the BFF (GET /api/slots)",
      note: `autocannon, ${DURATION_S} s each, production build, embedded PGlite; a 10-day window holds ${slots} slots. 30 days = 3 platform windows fetched in parallel.`,
      columns: ["range", "connections", "requests/s", "p50 ms", "p99 ms"],
      rows: [
        ["10 days", "1", tenDays.rps.toFixed(0), tenDays.p50.toFixed(2), tenDays.p99.toFixed(2)],
        ["7 days (one calendar week)", "1", week.rps.toFixed(0), week.p50.toFixed(2), week.p99.toFixed(2)],
        ["30 days", "1", month.rps.toFixed(0), month.p50.toFixed(2), month.p99.toFixed(2)],
        ["10 days", "10", loaded.rps.toFixed(0), loaded.p50.toFixed(2), loaded.p99.toFixed(2)],
      ],
      targets: [
        { name: "10-day window of a busy doctor, p50 ≤ 25 ms", value: `${tenDays.p50.toFixed(2)} ms`, met: tenDays.p50 <= 25 },
        { name: "a fresh week within 300 ms (p99, server side)", value: `${week.p99.toFixed(2)} ms`, met: week.p99 <= 300 },
      ],
    };
  } finally {
    await app.stop();
  }
}
