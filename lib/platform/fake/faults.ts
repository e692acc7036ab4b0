import { FaultConfig } from "../wire/sandbox-config";

export const FaultPatch = FaultConfig.partial().strict();

/**
 * The live fault settings: start from config, changed at runtime by the control routes. Besides
 * the one shared setting, callers may add independent rules (each with its own path prefix) and
 * remove just theirs, so two tests injecting faults at once never clear each other's.
 */
export class Faults {
  private current: FaultConfig;
  private readonly rules = new Map<string, FaultConfig>();
  private nextRule = 1;

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
    this.rules.clear();
    return this.get();
  }

  addRule(patch: Partial<FaultConfig>): { id: string } & FaultConfig {
    const id = String(this.nextRule++);
    const rule = FaultConfig.parse(patch);
    this.rules.set(id, rule);
    return { id, ...rule };
  }

  removeRule(id: string): boolean {
    return this.rules.delete(id);
  }

  /** The settings that apply to a request: its path, and the id the caller sent (x-request-id). */
  private applicable(path: string, requestId = ""): FaultConfig[] {
    return [this.current, ...this.rules.values()].filter((c) => path.startsWith(c.pathPrefix) && requestId.startsWith(c.requestIdPrefix));
  }

  private roll(rate: number): boolean {
    return rate > 0 && (rate >= 1 || this.random() < rate);
  }

  latencyFor(path: string, requestId?: string): number {
    return Math.max(0, ...this.applicable(path, requestId).map((c) => c.latencyMs));
  }
  shouldHang(path: string, requestId?: string): boolean {
    return this.applicable(path, requestId).some((c) => this.roll(c.hangRate));
  }
  shouldFail(path: string, requestId?: string): boolean {
    return this.applicable(path, requestId).some((c) => this.roll(c.errorRate));
  }
  /** Whether this request meets a platform that has only what the spec documents. */
  specOnly(path: string, requestId?: string): boolean {
    return this.applicable(path, requestId).some((c) => c.specOnly);
  }
  shouldRefuseAuth(path: string, requestId?: string): boolean {
    return this.applicable(path, requestId).some((c) => this.roll(c.unauthorizedRate));
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
