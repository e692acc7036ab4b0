/** (c) 10 MB document uploads: BFF vs the sandbox directly, plain and JWE, time and server memory. */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { freePort } from "../../scripts/free-port";
import { procStatus as status, signIn, startApp, type RunningApp } from "../harness";
import type { SuiteResult } from "../report";

const MB = 1024 * 1024;
const FILE_BYTES = 10 * MB;
const RUNS = 5;
/** Plain uploads against the direct and the relayed ones: warm-ups, then rounds taking turns (a 10 MB upload's time swings with the machine). */
const WARM_UP_ROUNDS = 3;
const ROUNDS = 11;
const CONCURRENT = 5;
const BENCH_KEY = { PLATFORM_ENCRYPTION_KEY: "bench-key-16char", PLATFORM_ENCRYPTION_KID: "bench" };

const file = Buffer.alloc(FILE_BYTES);
file.write("%PDF-1.7\n");
for (let i = 16; i < file.length; i += 4096) file[i] = i % 251;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => (bytes / MB).toFixed(0);

// Writing 5 to clear_refs resets the peak-RSS mark, so VmHWM afterwards is the peak of what follows.
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, "5");

async function platformToken(app: RunningApp): Promise<string> {
  const res = await fetch(`${app.sandboxUrl}/connect-auth/v1/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_id: "front-desk-sandbox", client_secret: "bench-client-secret" }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** One upload's time in ms; it must be answered 201. */
export async function timed(run: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  const res = await run();
  const body = await res.text();
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${body.slice(0, 200)}`);
  return performance.now() - t0;
}

/** A 10 MB plain upload through the app, as the desk's page sends it. */
export function viaBff(app: Pick<RunningApp, "appUrl">, cookie: string, n = 0) {
  return () =>
    fetch(`${app.appUrl}/api/documents?patient=bench-patient&dt=lr&name=bench-${n}.pdf`, {
      method: "POST",
      // What a browser sends with a same-origin request; the app URL of the harness is not 127.0.0.1.
      headers: { cookie, "sec-fetch-site": "same-origin", "content-type": "application/pdf" },
      body: file,
    });
}

/** The multipart upload the platform takes, sent to `baseUrl` (the sandbox itself, or the bare relay in front of it). */
function direct(baseUrl: string, token: string) {
  return () => {
    const form = new FormData();
    form.append("file", new Blob([file]), "bench.pdf");
    return fetch(`${baseUrl}/mr/api/v2/docs?dt=lr`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  };
}

async function series(run: () => Promise<Response>): Promise<number> {
  await timed(run);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timed(run));
  return median(times);
}

/** Medians of each upload path over rounds taking turns, so every path meets the same machine. */
async function taking<T extends Array<() => Promise<Response>>>(paths: [...T]): Promise<{ [K in keyof T]: number }> {
  for (let i = 0; i < WARM_UP_ROUNDS; i++) for (const run of paths) await timed(run);
  const times = paths.map(() => [] as number[]);
  for (let i = 0; i < ROUNDS; i++) for (const [k, run] of paths.entries()) times[k]!.push(await timed(run));
  return times.map(median) as { [K in keyof T]: number };
}

/** bench/bare-relay.ts in its own process, as the desk is: the hop's own price. */
async function startBareRelay(port: number, sandboxUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [require.resolve("tsx/cli"), "bench/bare-relay.ts", String(port), sandboxUrl], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bare relay exited (${code})`)));
    child.stdout!.once("data", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function settle(pid: number): Promise<number> {
  await new Promise((r) => setTimeout(r, 1500));
  return status(pid, "VmRSS");
}

export async function documentUploads(): Promise<SuiteResult> {
  const rows: string[][] = [];
  let plainMs = 0;
  let directMs = 0;
  let relayMs = 0;
  const plain = await startApp({});
  let relay: Awaited<ReturnType<typeof startBareRelay>> | undefined;
  try {
    relay = await startBareRelay(await freePort(), plain.sandboxUrl);
    const cookie = await signIn(plain.appUrl, "reception@demo.clinic", "sandbox-reception");
    const token = await platformToken(plain);
    [directMs, relayMs, plainMs] = await taking([direct(plain.sandboxUrl, token), direct(relay.url, token), viaBff(plain, cookie)]);
    rows.push(["sandbox directly (multipart)", directMs.toFixed(0), "–", "–"]);
    rows.push([`a bare relay in front of the sandbox (passes the bytes on, nothing else), ${(relayMs / directMs).toFixed(2)}× direct`, relayMs.toFixed(0), "–", "–"]);
    rows.push([`BFF, plain (streamed multipart), ${(plainMs / directMs).toFixed(2)}× direct`, plainMs.toFixed(0), "–", "–"]);
  } finally {
    await relay?.stop();
    await plain.stop();
  }

  let jweMs = 0;
  let extraPeak = 0;
  let concurrentPeak = 0;
  const jwe = await startApp({ extraEnv: BENCH_KEY });
  try {
    const cookie = await signIn(jwe.appUrl, "reception@demo.clinic", "sandbox-reception");
    const pid = jwe.serverPid;
    jweMs = await series(viaBff(jwe, cookie));
    const before = await settle(pid);
    resetPeak(pid);
    await timed(viaBff(jwe, cookie));
    extraPeak = status(pid, "VmHWM") - before;
    rows.push(["BFF, JWE (streamed envelope)", jweMs.toFixed(0), mb(before), mb(extraPeak)]);

    const idle = await settle(pid);
    resetPeak(pid);
    const t0 = performance.now();
    await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => timed(viaBff(jwe, cookie, i))));
    const wall = performance.now() - t0;
    concurrentPeak = status(pid, "VmHWM");
    rows.push([`BFF, JWE, ${CONCURRENT} at once (wall time)`, wall.toFixed(0), mb(idle), mb(concurrentPeak - idle)]);
  } finally {
    await jwe.stop();
  }

  const ratio = plainMs / directMs;
  return {
    title: "Document upload: 10 MB through the BFF vs straight to the sandbox",
    note: `Plain, bare relay and direct: medians of ${ROUNDS} uploads each, the three taking turns, after ${WARM_UP_ROUNDS} of each untimed. The bare relay (bench/bare-relay.ts, its own process, passing the client's multipart on with undici, the desk's own HTTP client) prices the extra hop alone: on 2 cores shared by the client, the relay and the sandbox, this is what passing 10 MB through one more process costs before anything is checked, copied, hashed or recorded; what the desk adds is the difference between its row and the relay's. JWE: median of ${RUNS} uploads after one warm-up; memory is the \`next start\` process's RSS (peak from VmHWM after resetting it). Production build, embedded PGlite; the sandbox runs in the start script, outside the measured process.`,
    columns: ["path", "time ms", "server RSS before MB", "extra peak RSS MB"],
    rows,
    targets: [
      { name: "plain BFF ≤ 1.3× straight to the sandbox", value: `${ratio.toFixed(2)}× (a bare relay alone, nothing else done: ${(relayMs / directMs).toFixed(2)}×)`, met: ratio <= 1.3 },
      { name: "JWE upload ≤ 1500 ms", value: `${jweMs.toFixed(0)} ms`, met: jweMs <= 1500 },
      { name: "JWE extra peak memory ≤ 3× file (30 MB)", value: `${mb(extraPeak)} MB`, met: extraPeak <= 3 * FILE_BYTES },
      { name: `${CONCURRENT} concurrent 10 MB JWE uploads keep server RSS ≤ 350 MB`, value: `${mb(concurrentPeak)} MB`, met: concurrentPeak <= 350 * MB },
    ],
  };
}
