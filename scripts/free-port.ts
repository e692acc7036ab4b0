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
