/** (a) What the BFF adds over calling the sandbox directly, next to a no-op route of the same server. */
import autocannon from "autocannon";
import { signIn, startApp } from "../harness";
import type { SuiteResult } from "../report";

const DURATION_S = 8;
const CONNECTIONS = 10;

async function load(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

export async function bffOverhead(): Promise<SuiteResult> {
  const app = await startApp({ appPort: 3301, sandboxPort: 4301 });
  try {
    const cookie = await signIn(app.appUrl, "doctor@demo.clinic", "sandbox-doctor");
    const login = await fetch(`${app.sandboxUrl}/connect-auth/v1/account/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_id: "front-desk-sandbox", client_secret: "bench-client-secret" }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    // Warm both paths once (token exchange, JIT).
    await fetch(`${app.appUrl}/api/drugs?q=paracetamol`, { headers: { cookie } });

    const direct = await load(`${app.sandboxUrl}/svc-mcp/pharmacology/v1/search?query=paracetamol&limit=20`, { authorization: `Bearer ${access_token}` });
    const bff = await load(`${app.appUrl}/api/drugs?q=paracetamol&limit=20`, { cookie });
    const noop = await load(`${app.appUrl}/api/ping`, {});
    const overheadP50 = bff.p50 - direct.p50;
    const share = bff.rps / noop.rps;
    return {
      title: "BFF overhead: GET /api/drugs vs the sandbox directly vs a no-op route",
      note: `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, query "paracetamol", production build, embedded PGlite.`,
      columns: ["path", "requests/s", "p50 ms", "p99 ms"],
      rows: [
        ["sandbox directly", direct.rps.toFixed(0), direct.p50.toFixed(2), direct.p99.toFixed(2)],
        ["BFF GET /api/drugs", bff.rps.toFixed(0), bff.p50.toFixed(2), bff.p99.toFixed(2)],
        ["no-op route GET /api/ping", noop.rps.toFixed(0), noop.p50.toFixed(2), noop.p99.toFixed(2)],
      ],
      targets: [
        { name: "BFF adds ≤ 3 ms p50 over the sandbox", value: `${overheadP50.toFixed(2)} ms`, met: overheadP50 <= 3 },
        { name: "BFF keeps ≥ 60% of the no-op route's throughput", value: `${(share * 100).toFixed(0)}%`, met: share >= 0.6 },
      ],
    };
  } finally {
    await app.stop();
  }
}
