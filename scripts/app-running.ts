import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** Whether `npm start` is running on this data directory (PGlite serves one process at a time). */
export function appIsRunning(dataDir: string): boolean {
  const pidFile = path.join(dataDir, "app.pid");
  if (!existsSync(pidFile)) return false;
  try {
    process.kill(Number(readFileSync(pidFile, "utf8")), 0);
    return true;
  } catch {
    return false;
  }
}
