/**
 * `npm run fuzz -- --runs N [--seed S] [--base http://localhost:3000 --sandbox http://127.0.0.1:4010]`:
 * the hostile-input suite at any size. Without --base it starts the app and the sandbox as `npm start`
 * does, on free ports with a throw-away data directory, and stops them afterwards.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "./free-port";
import { runFuzz, summarize } from "./fuzz/run";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "500" }, seed: { type: "string" }, base: { type: "string" }, sandbox: { type: "string" }, concurrency: { type: "string", default: "4" } },
});

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}) before answering`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(5000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

async function main() {
  let baseUrl = values.base;
  let sandboxUrl = values.sandbox;
  let stop = async () => {};
  if (!baseUrl) {
    const [appPort, sandboxPort] = [await freePort(), await freePort()];
    const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-fuzz-"));
    baseUrl = `http://localhost:${appPort}`;
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    console.log(`starting the app on ${baseUrl} and the sandbox on ${sandboxUrl} (data in ${dataDir})`);
    const child = spawn(process.execPath, [require.resolve("tsx/cli"), "--conditions=react-server", "scripts/start.ts"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(appPort), SANDBOX_PORT: String(sandboxPort), APP_URL: baseUrl },
    });
    stop = async () => {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(null)));
      rmSync(dataDir, { recursive: true, force: true });
    };
    await waitFor(`${baseUrl}/api/health`, child);
  }
  if (!sandboxUrl) throw new Error("--sandbox is needed with --base");
  try {
    const report = await runFuzz({
      baseUrl,
      sandboxUrl,
      runs: Number(values.runs),
      seed: values.seed === undefined ? undefined : Number(values.seed),
      concurrency: Number(values.concurrency),
      log: (line) => console.log(line),
    });
    console.log(`\n${summarize(report)}`);
    console.log("\nby route:");
    for (const [route, classes] of Object.entries(report.byRoute).sort()) console.log(`  ${route}: ${Object.entries(classes).map(([k, v]) => `${k} ${v}`).join(", ")}`);
    const disagree = report.agreement.documents.desk !== report.agreement.documents.platform || report.agreement.registrations.confirmed !== report.agreement.registrations.created || report.agreement.registrations.refusedButOnPlatform > 0;
    process.exitCode = report.failures.length || disagree ? 1 : 0;
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
