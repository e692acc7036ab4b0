import { FaultConfig } from "../lib/schemas/sandbox-config";

export const FaultPatch = FaultConfig.partial().strict();

/** The live fault settings: start from config, changed at runtime by the control routes. */
export class Faults {
  private current: FaultConfig;

  constructor(
    private readonly initial: FaultConfig,
    private readonly random: () => number = Math.random,
  ) {
    this.current = { ...initial };
  }

  get(): FaultConfig {
    return { ...this.current };
  }

  update(patch: Partial<FaultConfig>): FaultConfig {
    this.current = FaultConfig.parse({ ...this.current, ...patch });
    return this.get();
  }

  reset(): FaultConfig {
    this.current = { ...this.initial };
    return this.get();
  }

  private applies(path: string): boolean {
    return path.startsWith(this.current.pathPrefix);
  }

  private roll(rate: number): boolean {
    return rate > 0 && (rate >= 1 || this.random() < rate);
  }

  latencyFor(path: string): number {
    return this.applies(path) ? this.current.latencyMs : 0;
  }
  shouldHang(path: string): boolean {
    return this.applies(path) && this.roll(this.current.hangRate);
  }
  shouldFail(path: string): boolean {
    return this.applies(path) && this.roll(this.current.errorRate);
  }
  shouldRefuseAuth(path: string): boolean {
    return this.applies(path) && this.roll(this.current.unauthorizedRate);
  }
}

/** Requests per route name, so tests can prove e.g. that exactly one refresh happened. */
export class RequestStats {
  private counts = new Map<string, number>();

  count(name: string): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }
  snapshot(): Record<string, number> {
    return Object.fromEntries([...this.counts].sort(([a], [b]) => a.localeCompare(b)));
  }
  reset(): void {
    this.counts.clear();
  }
}
