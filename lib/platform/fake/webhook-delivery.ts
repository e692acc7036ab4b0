import { DELIVERY_ID_HEADER, DEFAULT_SIGNATURE_HEADER, type WebhookProtocol } from "../wire/webhook-names";
import { signatureHeader } from "../wire/webhook-signature";
import type { Services } from "./context";
import type { SandboxEvent } from "./event-bus";

export interface StoredSubscription {
  id: string;
  clientId: string;
  endpoint: string;
  eventNames: string[];
  protocol: WebhookProtocol;
  signingKey?: string;
  createdAt: string;
}

export interface DeliveryAttempt {
  at: string;
  durationMs: number;
  status?: number;
  error?: string;
}

export type DeliveryState = "pending" | "delivered" | "failed" | "not_deliverable";

export interface DeliveryRecord {
  id: string;
  eventId: string;
  event: string;
  subscriptionId: string;
  endpoint: string;
  protocol: WebhookProtocol;
  state: DeliveryState;
  createdAt: string;
  nextAttemptAt?: string;
  note?: string;
  /** The exact JSON text sent on every attempt, so retries are byte-identical. */
  body: string;
  attempts: DeliveryAttempt[];
}

export interface DeliverySchedule {
  /** Delay before retry n (after the first failed attempt); its length is the number of retries. */
  retryDelaysMs: number[];
  timeoutMs: number;
}

// Platform notes: industry practice (Standard Webhooks, Svix) — 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
export const DEFAULT_SCHEDULE: DeliverySchedule = {
  retryDelaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
  timeoutMs: 10_000,
};

export const SUBSCRIPTIONS = "webhookSubscriptions";
export const DELIVERIES = "webhookDeliveries";
const MAX_KEPT_DELIVERIES = 5_000;

/** What the platform POSTs for an event: a full body when the source built one (spec 6.2), else an envelope around the payload. */
export function webhookBody(event: SandboxEvent, defaultClientId: string): Record<string, unknown> {
  const p = event.payload;
  if (typeof p.event === "string" && typeof p.data === "object" && p.data !== null) return p;
  const seconds = Math.floor(Date.parse(event.occurredAt) / 1000);
  const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);
  return {
    service: event.name.split(".")[0],
    event: event.name,
    transaction_id: str(p.transaction_id) ?? str(p.appointment_id) ?? str(p.id) ?? event.id,
    event_time: seconds,
    timestamp: seconds,
    business_id: str(p.business_id) ?? "sandbox-business",
    client_id: str(p.client_id) ?? defaultClientId,
    data: p,
  };
}

/**
 * Turns bus events into signed webhook POSTs, one delivery per matching subscription, with
 * a stable delivery id (the receiver's duplicate key), a timeout and growing retry delays.
 */
export class WebhookDelivery {
  schedule: DeliverySchedule = structuredClone(DEFAULT_SCHEDULE);
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly s: Services) {
    this.unsubscribe = s.events.subscribe((event) => this.enqueue(event));
    // Retries survive a restart: whatever was still pending is picked up at its due time.
    for (const d of this.deliveries.values()) {
      if (d.state === "pending") this.scheduleAttempt(d.id, Math.max(0, Date.parse(d.nextAttemptAt ?? d.createdAt) - this.s.now()));
    }
  }

  private scheduleAttempt(id: string, delayMs: number) {
    const handle = setTimeout(() => this.track(this.attempt(id)), delayMs);
    handle.unref();
    this.timers.set(id, handle);
  }

  private get deliveries() {
    return this.s.store.collection<DeliveryRecord>(DELIVERIES);
  }

  enqueue(event: SandboxEvent): DeliveryRecord[] {
    if (this.stopped) return [];
    const defaultClient = this.s.config.clients[0]!.clientId;
    const body = webhookBody(event, defaultClient);
    const text = JSON.stringify(body);
    const forClient = typeof body.client_id === "string" ? body.client_id : undefined;
    const subs = this.s.store
      .collection<StoredSubscription>(SUBSCRIPTIONS)
      .values()
      .filter((sub) => sub.eventNames.includes(event.name) && (!forClient || sub.clientId === forClient));
    const created: DeliveryRecord[] = [];
    for (const sub of subs) {
      const deliverable = sub.protocol === "http" || sub.protocol === "https";
      const record: DeliveryRecord = {
        id: `evt_${event.id.replaceAll("-", "")}_${sub.id}`,
        eventId: event.id,
        event: event.name,
        subscriptionId: sub.id,
        endpoint: sub.endpoint,
        protocol: sub.protocol,
        state: deliverable ? "pending" : "not_deliverable",
        createdAt: new Date(this.s.now()).toISOString(),
        note: deliverable ? undefined : `The sandbox cannot reach ${sub.protocol.toUpperCase()}; this event was recorded but not delivered.`,
        body: text,
        attempts: [],
      };
      this.deliveries.set(record.id, record);
      created.push(record);
      if (deliverable) this.track(this.attempt(record.id));
    }
    this.prune();
    return created;
  }

  private track(p: Promise<void>) {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  private async attempt(id: string): Promise<void> {
    this.timers.delete(id);
    const record = this.deliveries.get(id);
    if (!record || this.stopped || record.state !== "pending") return;
    const sub = this.s.store.collection<StoredSubscription>(SUBSCRIPTIONS).get(record.subscriptionId);
    const t = Math.floor(this.s.now() / 1000);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "user-agent": "svc-webhooks-sandbox/1",
      [DELIVERY_ID_HEADER]: record.id,
    };
    if (sub?.signingKey) headers[DEFAULT_SIGNATURE_HEADER] = signatureHeader([sub.signingKey], t, record.body);
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(), this.schedule.timeoutMs);
    const started = performance.now();
    const attempt: DeliveryAttempt = { at: new Date(this.s.now()).toISOString(), durationMs: 0 };
    try {
      const res = await this.s.fetch(record.endpoint, { method: "POST", headers, body: record.body, signal: controller.signal, redirect: "manual" });
      await res.arrayBuffer().catch(() => undefined);
      attempt.status = res.status;
      if (!res.ok) attempt.error = `HTTP ${res.status}`;
    } catch (err) {
      attempt.error = controller.signal.aborted ? `no answer within ${this.schedule.timeoutMs} ms` : `could not connect: ${(err as Error).cause ?? (err as Error).message}`;
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
    attempt.durationMs = Math.round(performance.now() - started);
    if (this.stopped) return;
    const ok = attempt.error === undefined;
    const retry = this.schedule.retryDelaysMs[record.attempts.length];
    const next = ok ? undefined : retry;
    const updated = this.deliveries.update(id, (r) => ({
      ...r,
      attempts: [...r.attempts, attempt],
      state: ok ? "delivered" : next === undefined ? "failed" : "pending",
      nextAttemptAt: next === undefined ? undefined : new Date(this.s.now() + next).toISOString(),
    }));
    this.s.log(ok ? "info" : "warn", "webhook delivery attempt", {
      delivery: id,
      event: record.event,
      endpoint: record.endpoint,
      attempt: updated?.attempts.length,
      status: attempt.status,
      error: attempt.error,
      nextInMs: next,
    });
    if (next !== undefined) this.scheduleAttempt(id, next);
  }

  /** Every delivery, newest first. */
  list(filter: { event?: string; subscriptionId?: string } = {}): DeliveryRecord[] {
    return this.deliveries
      .values()
      .filter((d) => (!filter.event || d.event === filter.event) && (!filter.subscriptionId || d.subscriptionId === filter.subscriptionId))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Runs pending retries now (tests and demos skip the waiting). */
  retryNow(): number {
    const ids = [...this.timers.keys()];
    for (const id of ids) {
      clearTimeout(this.timers.get(id));
      this.track(this.attempt(id));
    }
    return ids.length;
  }

  /** Resolves when no attempt is running (scheduled retries may remain). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private prune() {
    const all = this.deliveries.values();
    if (all.length <= MAX_KEPT_DELIVERIES) return;
    const keep = new Set(all.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, MAX_KEPT_DELIVERIES).map((d) => d.id));
    this.deliveries.deleteWhere((d) => !keep.has(d.id) && d.state !== "pending");
  }

  stop() {
    this.stopped = true;
    this.unsubscribe();
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const c of this.inFlight) c.abort();
  }
}
