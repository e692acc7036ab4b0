/**
 * (a) What the BFF adds over calling the sandbox directly, next to a no-op route of the same server.
 *
 * The limit: with the sandbox on the same cores, one /api/drugs request costs at least one no-op
 * request of the app plus one direct sandbox call, so the most it can reach is
 * 1 / (1/no-op req/s + 1/direct req/s). The three are measured in alternating rounds of one run, so
 * other work on the machine weighs on all three alike. The app runs with its formulary answer cache
 * off (DRUG_CACHE_SECONDS=0) so that every BFF request does make its sandbox call, as the limit
 * assumes; the cache's own effect on a repeated query is measured after, on a second start.
 */
import os from "node:os";
import autocannon from "autocannon";
import { cpuMs, signIn, startApp } from "../harness";
import type { SuiteResult } from "../report";

const DURATION_S = 6;
const CONNECTIONS = 10;
const ROUNDS = 3;
const WARM_UP_S = 8;
const SEQUENTIAL_REQUESTS = 1000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function load(url: string, headers: Record<string, string>, pid?: number) {
  const cpu = pid ? cpuMs(pid) : 0;
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuMsPerRequest: pid ? (cpuMs(pid) - cpu) / r.requests.total : NaN };
}

type Figure = Awaited<ReturnType<typeof load>>;

/**
 * p50s of one request at a time (keep-alive), the paths taking turns so that both meet the same
 * machine: what each request costs without anything queued in front of it.
 */
async function oneAtATime(paths: readonly (readonly [string, Record<string, string>])[], rounds = SEQUENTIAL_REQUESTS): Promise<number[]> {
  const ms = paths.map(() => [] as number[]);
  for (let i = 0; i < rounds; i++) {
    for (const [p, [url, headers]] of paths.entries()) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      ms[p]!.push(performance.now() - started);
    }
  }
  return ms.map(median);
}

const summary = (runs: Figure[]) => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  cpu: median(runs.map((r) => r.cpuMsPerRequest)),
  all: runs.map((r) => r.rps.toFixed(0)).join(" / "),
});

export async function bffOverhead(): Promise<SuiteResult> {
  const load1 = os.loadavg()[0]!.toFixed(1);
  const app = await startApp({ extraEnv: { DRUG_CACHE_SECONDS: "0" } });
  let result: SuiteResult;
  try {
    const pid = app.serverPid;
    const cookie = await signIn(app.appUrl, "doctor@demo.clinic", "sandbox-doctor");
    const login = await fetch(`${app.sandboxUrl}/connect-auth/v1/account/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_id: "front-desk-sandbox", client_secret: "bench-client-secret" }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const paths = {
      direct: [`${app.sandboxUrl}/svc-mcp/pharmacology/v1/search?query=paracetamol&limit=20`, { authorization: `Bearer ${access_token}` }],
      bff: [`${app.appUrl}/api/drugs?q=paracetamol&limit=20`, { cookie }],
      noop: [`${app.appUrl}/api/ping`, {}],
    } as const;
    // A desk's server has been answering for hours: warm every path under load (token exchange,
    // route compilation, JIT, connection pools) before anything is timed, so no round pays for it.
    for (const [url, headers] of Object.values(paths)) await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S, headers });

    const runs = { direct: [] as Figure[], bff: [] as Figure[], noop: [] as Figure[] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.direct.push(await load(...paths.direct));
      runs.bff.push(await load(...paths.bff, pid));
      runs.noop.push(await load(...paths.noop, pid));
    }
    const [direct, bff, noop] = [summary(runs.direct), summary(runs.bff), summary(runs.noop)];
    // What the BFF adds to one request's time, with nothing queued in front of it.
    // The no-op route takes its turn too: how much of that is Next's own handling of any request.
    const [aloneDirect, aloneBff, aloneNoop] = await oneAtATime([paths.direct, paths.bff, paths.noop]);
    const alone = { direct: aloneDirect!, bff: aloneBff!, noop: aloneNoop! };
    const limit = 1 / (1 / noop.rps + 1 / direct.rps);
    const share = bff.rps / limit;
    const overheadP50 = alone.bff - alone.direct;
    const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "–");
    result = {
      title: "BFF overhead: GET /api/drugs vs the sandbox directly vs a no-op route",
      note:
        `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, ${ROUNDS} alternating rounds after ${WARM_UP_S} s of untimed load on each path (median shown, every round's req/s listed), query "paracetamol", production build, embedded PGlite, the app's formulary answer cache off (DRUG_CACHE_SECONDS=0: every BFF request calls the sandbox). ` +
        `Limit = 1 / (1/no-op + 1/direct) = ${limit.toFixed(0)} req/s: what one no-op request of the app plus one sandbox call cost on these cores. ` +
        `Server CPU is the \`next start\` process's user+system time per request (10 ms ticks over the whole round). Load average when the suite started: ${load1} on ${os.cpus().length} CPUs.`,
      columns: ["path", "requests/s (median)", "rounds req/s", "p50 ms", "p99 ms", "app CPU ms/request"],
      rows: [
        ["sandbox directly", direct.rps.toFixed(0), direct.all, ms(direct.p50), ms(direct.p99), "–"],
        ["BFF GET /api/drugs", bff.rps.toFixed(0), bff.all, ms(bff.p50), ms(bff.p99), ms(bff.cpu)],
        ["no-op route GET /api/ping", noop.rps.toFixed(0), noop.all, ms(noop.p50), ms(noop.p99), ms(noop.cpu)],
      ],
      targets: [
        { name: "BFF reaches ≥ 80% of the limit (no-op + sandbox call in series)", value: `${(share * 100).toFixed(0)}% (${bff.rps.toFixed(0)} of ${limit.toFixed(0)} req/s)`, met: share >= 0.8 },
        {
          name: "BFF adds ≤ 3 ms p50 over the sandbox (one request at a time; at 10 connections the p50s above are mostly queueing)",
          value: `${overheadP50.toFixed(2)} ms (p50 ${alone.bff.toFixed(2)} vs ${alone.direct.toFixed(2)} ms over ${SEQUENTIAL_REQUESTS} requests each, taking turns; the no-op route alone: ${alone.noop.toFixed(2)} ms)`,
          met: overheadP50 <= 3,
        },
      ],
    };
  } finally {
    await app.stop();
  }
  // The same query again and again with the answer cache on (its default 60 s): what a desk's repeated lookups cost.
  const cached = await startApp({});
  try {
    const pid = cached.serverPid;
    const cookie = await signIn(cached.appUrl, "doctor@demo.clinic", "sandbox-doctor");
    await autocannon({ url: `${cached.appUrl}/api/drugs?q=paracetamol&limit=20`, connections: CONNECTIONS, duration: WARM_UP_S, headers: { cookie } });
    const hit = await load(`${cached.appUrl}/api/drugs?q=paracetamol&limit=20`, { cookie }, pid);
    result.rows.push(["BFF GET /api/drugs, answer cache on (a repeated query; not part of the limit)", hit.rps.toFixed(0), "1 round", hit.p50.toFixed(2), hit.p99.toFixed(2), hit.cpuMsPerRequest.toFixed(2)]);
  } finally {
    await cached.stop();
  }
  return result;
}
