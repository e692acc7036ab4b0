import { spawn } from "node:child_process";

export interface ScriptRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `scripts/<script>` as an operator's npm command does (node with the tsx loader), with the given
 * variables over this process's environment and standard input closed at once (piped, and empty); killed
 * after 60 s. For tests of what the scripts print and how they exit.
 */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", `scripts/${script}`, ...args], {
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stdin.end();
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.once("error", reject);
    child.once("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
