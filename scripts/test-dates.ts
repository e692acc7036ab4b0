/**
 * Runs the unit suite under simulated clocks (libfaketime, Debian's `faketime` package):
 *   npm run test:dates              every suite at every date of the matrix
 *   npm run test:dates -- --quick   the date-sensitive suites at the two quick dates (part of npm test)
 *   npm run test:dates -- --date leap-day [vitest args…]
 * PostgreSQL's clock is not faked: the desk's code says which clock wins where it compares the two.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { DATE_MATRIX, DATE_SENSITIVE_SUITES, QUICK_DATES, faketimeStart } from "./dates/matrix";

const LIBFAKETIME = ["/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1", "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1", "/usr/lib/faketime/libfaketime.so.1"];

function main(argv: string[]): number {
  const quick = argv.includes("--quick");
  const picked = argv.includes("--date") ? argv[argv.indexOf("--date") + 1] : undefined;
  const rest = argv.filter((a, i) => a !== "--quick" && a !== "--date" && argv[i - 1] !== "--date");
  const library = LIBFAKETIME.find((p) => existsSync(p));
  if (!library) {
    console.error("libfaketime is not installed: `apt-get install faketime` (Debian's package; .ci/run installs it).");
    return 1;
  }
  const dates = DATE_MATRIX.filter((d) => (picked ? d.name === picked : quick ? (QUICK_DATES as readonly string[]).includes(d.name) : true));
  if (dates.length === 0) {
    console.error(`No date named ${picked}; the matrix has: ${DATE_MATRIX.map((d) => d.name).join(", ")}`);
    return 1;
  }
  const suites = rest.length ? rest : quick ? DATE_SENSITIVE_SUITES : [];
  const failed: string[] = [];
  for (const d of dates) {
    console.log(`\n── ${d.name}: ${d.at} (${d.why})`);
    const run = spawnSync(process.execPath, [path.join(path.dirname(require.resolve("vitest/package.json")), "vitest.mjs"), "run", ...suites], {
      stdio: "inherit",
      // The whole process tree (vitest's workers, the sandboxes they start) sees the same day; FAKETIME_DONT_RESET keeps each child from starting the clock again.
      env: { ...process.env, LD_PRELOAD: library, FAKETIME: faketimeStart(d.at), FAKETIME_DONT_RESET: "1" },
    });
    if (run.status !== 0) failed.push(d.name);
  }
  console.log(failed.length ? `\nFailed under: ${failed.join(", ")}` : `\nPassed under: ${dates.map((d) => d.name).join(", ")}`);
  return failed.length ? 1 : 0;
}

process.exit(main(process.argv.slice(2)));
