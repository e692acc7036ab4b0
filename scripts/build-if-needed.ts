/** The production build, rebuilt only when a source is newer than it: shared by `npm start` and `npm run cluster`. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

export const nextBin = createRequire(__filename).resolve("next/dist/bin/next");
const SOURCES = ["app", "components", "lib", "public", "types", "next.config.js", "tailwind.config.ts", "postcss.config.mjs", "proxy.ts", "instrumentation.ts", "instrumentation-client.ts", "package-lock.json", "tsconfig.json"];

function newestSourceTime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestSourceTime(path.join(entry, name))));
}

export function buildIfNeeded() {
  const buildId = path.join(".next", "BUILD_ID");
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (builtAt > Math.max(...SOURCES.map(newestSourceTime))) return;
  console.log("Building the app (first start or changed sources)…");
  const result = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// `npm run build:checked-alongside` (part of `npm test`, whose type check follows it): the same build.
if (require.main === module) buildIfNeeded();
