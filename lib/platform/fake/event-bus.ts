import { EventEmitter } from "node:events";
import { randomUUID } from "node:crypto";

/** One platform event as the sandbox raises it; the delivery engine turns it into webhook POSTs. */
export interface SandboxEvent {
  id: string;
  name: string;
  occurredAt: string;
  payload: Record<string, unknown>;
}

/** In-process bus: routes that change state (a booking, say) raise events here. */
export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor(private readonly now: () => number = Date.now) {}

  emit(name: string, payload: Record<string, unknown>): SandboxEvent {
    const event: SandboxEvent = { id: randomUUID(), name, occurredAt: new Date(this.now()).toISOString(), payload };
    this.emitter.emit("event", event);
    return event;
  }

  subscribe(listener: (event: SandboxEvent) => void): () => void {
    this.emitter.on("event", listener);
    return () => this.emitter.off("event", listener);
  }
}
