import { writeFileSync } from "node:fs";
import os from "node:os";

export interface SuiteResult {
  title: string;
  note: string;
  columns: string[];
  rows: string[][];
  targets: { name: string; value: string; met: boolean }[];
  /** When this suite ran (ISO time): suites run separately keep their own time. */
  measuredAt?: string;
}

function table(columns: string[], rows: string[][]): string {
  return [`| ${columns.join(" | ")} |`, `|${columns.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}

export function writeReport(results: SuiteResult[], file = "bench/results.md") {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const header = `# Benchmark results\n\nEach section says when it ran; machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}. Regenerate with \`npm run bench\`. Before → after figures of single changes, measured in close succession, with what the machine was doing: bench/comparisons.md.\n`;
  const sections = results.map(
    (r) =>
      `## ${r.title}\n\n${r.measuredAt ? `Measured ${r.measuredAt}. ` : ""}${r.note}\n\n${table(r.columns, r.rows)}\n\n${table(
        ["target", "measured", "met"],
        r.targets.map((t) => [t.name, t.value, t.met ? "yes" : "**no**"]),
      )}\n`,
  );
  writeFileSync(file, [header, ...sections].join("\n"));
  writeFileSync(file.replace(/\.md$/, ".json"), JSON.stringify({ writtenAt: new Date().toISOString(), results }, null, 2) + "\n");
}
