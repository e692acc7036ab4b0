/**
 * `npx tsx bench/profile.ts [path]`: where the app's CPU goes for one kind of request. Starts the
 * production build with its sandbox, warms up, records a CPU profile of the `next start` process
 * while autocannon sends the request (10 connections, 10 s), and prints self time by module and by
 * function. The .cpuprofile stays in bench/.tmp/profiles for DevTools or speedscope;
 * `--read <file> <requests>` summarises a saved one again. `--upload` profiles 10 MB plain
 * document uploads through the BFF instead, one at a time (as the documents suite times them).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { signIn, startApp } from "./harness";
import { timed, viaBff } from "./suites/documents";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const UPLOADS = 20;

/** Mean ms of `count` plain uploads one at a time, sent as the documents suite sends them. */
async function uploads(appUrl: string, cookie: string, count: number): Promise<number> {
  let total = 0;
  for (let i = 0; i < count; i++) total += await timed(viaBff({ appUrl }, cookie, i));
  return total / count;
}

const uploadMode = process.argv.includes("--upload");
const target = process.argv[2]?.startsWith("/") ? process.argv[2] : "/api/drugs?q=paracetamol&limit=20";
const dir = path.resolve("bench/.tmp/profiles");

/** node_modules/<package> or the app's own chunk, so the table reads by library. */
function moduleOf(url: string): string {
  if (!url) return "(native / GC / idle)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split("/");
    const pkg = rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
    if (pkg === "next") return `next/${rest.slice(1, 4).join("/")}`;
    return pkg;
  }
  if (url.startsWith("node:")) return url;
  if (url.includes("/.next/server/chunks/")) return ".next/server/chunks (app code + bundled libraries)";
  if (url.includes("/.next/")) return ".next (other)";
  return url.replace(process.cwd(), ".");
}

function summarise(profile: Profile, requests: number) {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (node.callFrame.functionName === "(idle)") continue;
    total += us;
    const m = moduleOf(node.callFrame.url);
    byModule.set(m, (byModule.get(m) ?? 0) + us);
    const f = `${node.callFrame.functionName || "(anonymous)"} ${moduleOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(f, (byFunction.get(f) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000 / requests).toFixed(3)} ms/req  ${k}`)
      .join("\n");
  console.log(`busy CPU ${(total / 1000).toFixed(0)} ms over ${requests} requests = ${(total / 1000 / requests).toFixed(2)} ms/request\n`);
  console.log(`by module:\n${top(byModule, 25)}\n\nby function (self time):\n${top(byFunction, 40)}`);
}

async function main() {
  mkdirSync(dir, { recursive: true });
  const preload = pathToFileURL(path.resolve("bench/cpu-profile.mjs")).href;
  const app = await startApp({ extraEnv: { NODE_OPTIONS: `--import=${preload}`, BENCH_PROFILE_DIR: dir } });
  try {
    const pid = app.serverPid;
    if (uploadMode) return await profileUploads(app.appUrl, pid);
    const cookie = await signIn(app.appUrl, "doctor@demo.clinic", "sandbox-doctor");
    const url = app.appUrl + target;
    await autocannon({ url, connections: 10, duration: 4, headers: { cookie } });
    const before = new Set(readdirSync(dir));
    process.kill(pid, "SIGUSR2");
    const r = await autocannon({ url, connections: 10, duration: 10, headers: { cookie } });
    process.kill(pid, "SIGUSR2");
    const file = await newProfile(before);
    console.log(`${target}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, ${r.non2xx} non-2xx; profile ${file}`);
    summarise(JSON.parse(readFileSync(file, "utf8")) as Profile, r.requests.total);
  } finally {
    await app.stop();
  }
}

async function profileUploads(appUrl: string, pid: number) {
  const cookie = await signIn(appUrl, "reception@demo.clinic", "sandbox-reception");
  await uploads(appUrl, cookie, 5);
  const before = new Set(readdirSync(dir));
  process.kill(pid, "SIGUSR2");
  const ms = await uploads(appUrl, cookie, UPLOADS);
  process.kill(pid, "SIGUSR2");
  const file = await newProfile(before);
  console.log(`10 MB plain uploads: ${ms.toFixed(0)} ms each (one at a time); profile ${file}`);
  summarise(JSON.parse(readFileSync(file, "utf8")) as Profile, UPLOADS);
}

/** The profile the app writes after the second SIGUSR2. */
async function newProfile(before: Set<string>): Promise<string> {
  let file: string | undefined;
  const until = Date.now() + 30_000;
  while (!file && Date.now() < until) {
    file = readdirSync(dir).find((f) => !before.has(f));
    if (!file) await new Promise((res) => setTimeout(res, 200));
  }
  if (!file || !existsSync(path.join(dir, file))) throw new Error("no profile was written");
  await new Promise((res) => setTimeout(res, 500));
  return path.join(dir, file);
}

const saved = process.argv.indexOf("--read");
(saved >= 0 ? Promise.resolve(summarise(JSON.parse(readFileSync(process.argv[saved + 1]!, "utf8")) as Profile, Number(process.argv[saved + 2] ?? 1))) : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
