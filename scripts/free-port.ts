import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** A loopback port nothing listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether something already listens on `port` (on any address, the way nginx binds it). */
export function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(true));
    server.listen(port, () => server.close(() => resolve(false)));
  });
}

/**
 * Why the ports a command is about to take cannot be had: two of its own that overlap, or one
 * something else already holds. Null when all are free. Each comes with what it is for, in words.
 */
export async function portsProblem(wanted: readonly (readonly [number, string])[]): Promise<string | null> {
  for (const [port, what] of wanted) {
    const other = wanted.find(([p, w]) => p === port && w !== what);
    if (other) return `Port ${port} is both ${what} and ${other[1]}: choose ports that do not overlap.`;
  }
  for (const [port, what] of wanted) {
    if (await portTaken(port)) return `Port ${port} (${what}) is already in use: stop what holds it, or choose other ports.`;
  }
  return null;
}

/**
 * `count` consecutive free loopback ports (nginx and the instances after it), found by trying
 * bases in the unprivileged range below the ephemeral one. Checked, not reserved: callers start at once.
 */
export async function freePortRun(count: number, tries = 50): Promise<number> {
  for (let i = 0; i < tries; i++) {
    const base = 20_000 + Math.floor(Math.random() * 10_000);
    let free = true;
    for (let p = base; p < base + count && free; p++) free = !(await portTaken(p));
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

/** Whether `pid` is `ancestor` or one of its descendants (Linux /proc): the bench only signals processes it started. */
export function startedBy(pid: number, ancestor: number): boolean {
  let p = pid;
  for (let hops = 0; p > 1 && hops < 64; hops++) {
    if (p === ancestor) return true;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${p}/stat`, "utf8");
    } catch {
      return false;
    }
    p = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  }
  return false;
}

/** When a process started (clock ticks since boot, /proc/<pid>/stat field 22): with its pid, names it even after its pid is reused. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}
