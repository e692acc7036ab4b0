/** (d) Registration round trip through the BFF: POST /api/patients = profile create + directory update on the sandbox. */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { signIn, startApp } from "../harness";
import type { SuiteResult } from "../report";

const RUNS = 200;

export async function registrationRoundTrip(): Promise<SuiteResult> {
  const app = await startApp({});
  try {
    const cookie = await signIn(app.appUrl, "reception@demo.clinic", "sandbox-reception");
    const register = async (i: number) => {
      const res = await fetch(`${app.appUrl}/api/patients`, {
        method: "POST",
        headers: { cookie, origin: app.appUrl, "content-type": "application/json", "idempotency-key": randomUUID() },
        body: JSON.stringify({ firstName: "Bench", lastName: `Patient${String.fromCharCode(97 + (i % 26))}`, gender: "F", dob: "1990-04-12", mobile: `+9198${String(i).padStart(8, "0")}`, uhid: `BENCH-${randomUUID().slice(0, 8)}`, address: { city: "Pune", pin: "411001" } }),
      });
      if (res.status !== 201) throw new Error(`registration answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as { directory: string };
      if (body.directory !== "done") throw new Error("directory step failed");
    };
    for (let i = 0; i < 20; i++) await register(i);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await register(1000 + i);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(RUNS / 2)]!;
    const p95 = times[Math.floor(RUNS * 0.95)]!;
    return {
      title: "Registration round trip through the BFF (profile + directory on the sandbox)",
      note: `${RUNS} sequential POST /api/patients after 20 warm-up runs, production build, embedded PGlite, receptionist session.`,
      columns: ["runs", "p50 ms", "p95 ms"],
      rows: [[String(RUNS), p50.toFixed(2), p95.toFixed(2)]],
      targets: [{ name: "registration round trip p50 ≤ 30 ms", value: `${p50.toFixed(2)} ms`, met: p50 <= 30 }],
    };
  } finally {
    await app.stop();
  }
}
