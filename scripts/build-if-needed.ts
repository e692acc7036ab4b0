/** The production build, rebuilt only when a source is newer than it: shared by `npm start` and `npm run cluster`. */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
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

export interface BuildPlace {
  /** Next's output directory (`.next`). */
  outDir: string;
  /** Written before a build starts and removed only when it succeeds: still there, the last build died half-way. */
  marker: string;
}

const PROJECT: BuildPlace = { outDir: ".next", marker: path.join("node_modules", ".cache", "clinic-front-desk", "build-incomplete") };

/**
 * Builds when needed. A build that failed or was killed leaves nothing behind: its half-written
 * output and cache are removed (before the next build, when it was killed), so the next start
 * builds from clean instead of failing on what the broken one cached (e.g. a module missing
 * during an interrupted `npm install`). Returns the build's exit status (0 when none was needed).
 */
export function buildWhenNeeded(place: BuildPlace, build: () => number, newestSource = () => Math.max(...SOURCES.map(newestSourceTime))): number {
  if (existsSync(place.marker)) {
    console.log("The last build did not finish: starting again from a clean build directory.");
    rmSync(place.outDir, { recursive: true, force: true });
  }
  const buildId = path.join(place.outDir, "BUILD_ID");
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (builtAt > newestSource()) return 0;
  console.log("Building the app (first start or changed sources)…");
  writeMarker(place.marker);
  const status = build();
  if (status !== 0) {
    rmSync(place.outDir, { recursive: true, force: true });
    console.error("The build failed; its partial output was removed, so the next start builds afresh.");
    return status;
  }
  rmSync(place.marker, { force: true });
  return 0;
}

function writeMarker(marker: string) {
  mkdirSync(path.dirname(marker), { recursive: true });
  writeFileSync(marker, `${new Date().toISOString()} pid ${process.pid}\n`);
}

export function buildIfNeeded() {
  const status = buildWhenNeeded(PROJECT, () => spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit" }).status ?? 1);
  if (status !== 0) process.exit(status);
}

// `npm run build:checked-alongside` (part of `npm test`, whose type check follows it): the same build.
if (require.main === module) buildIfNeeded();
