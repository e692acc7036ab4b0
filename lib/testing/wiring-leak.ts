import { installedWiring } from "../installed-wiring";

/**
 * Run as each test file starts (real-clock.setup.ts): a process wiring still installed then was left
 * by an earlier file in this worker. It is removed, so only this file fails, loudly, naming who left it.
 */
export function failOnLeftWiring(): void {
  const left = installedWiring() as { installedBy?: string } | undefined;
  if (!left) return;
  (globalThis as Record<symbol, unknown>)[Symbol.for("clinic.installedWiring")] = undefined;
  throw new Error(`a process wiring installed by ${left.installedBy ?? "an unknown caller"} was still in place when this test file started: an earlier file did not remove it`);
}
