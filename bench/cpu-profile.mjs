// Preloaded into the app's `next start` process by `bench/profile.ts` (node --import; --cpu-prof
// is not allowed in NODE_OPTIONS). SIGUSR2 starts a CPU profile, the next SIGUSR2 writes it as a
// .cpuprofile (Chrome DevTools, speedscope) into BENCH_PROFILE_DIR, so warm-up stays out of it.
import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
import path from "node:path";

const dir = process.env.BENCH_PROFILE_DIR;
if (dir && process.argv.some((a) => a.endsWith("/next")) && process.argv.includes("start")) {
  const session = new Session();
  session.connect();
  let running = false;
  process.on("SIGUSR2", async () => {
    if (!running) {
      running = true;
      await session.post("Profiler.enable");
      await session.post("Profiler.setSamplingInterval", { interval: 200 });
      await session.post("Profiler.start");
      return;
    }
    running = false;
    const { profile } = await session.post("Profiler.stop");
    const file = path.join(dir, `next-start-${process.pid}-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.error(`cpu profile written: ${file}`);
  });
}
