import { describe, expect, it } from "vitest";
import type { LiveEvent } from "@/lib/schemas/live-events";
import type { LiveHub } from "./live-hub";
import { createStopping } from "../shutdown";
import { liveEventStream } from "./sse";
import { createStreamRegistry } from "./stream-registry";

const ev = (id: number): LiveEvent => ({
  id,
  kind: "appointment.tele.dr_joined",
  receivedAt: new Date().toISOString(),
  occurredAt: null,
  verification: "signed",
  appointmentId: "a",
  doctorId: "d",
  patientId: "p",
  patientName: null,
  doctorName: null,
  clinicName: null,
  clinicId: "c",
  clinicTimeZone: null,
  startsAt: null,
  serviceName: null,
  status: null,
  video: { hostLink: "https://meet.jit.si/r#h", meetLink: "https://meet.jit.si/r", vendor: "jitsi", blockedHostLink: null, blockedMeetLink: null },
});

function fakeHub(stored: LiveEvent[]) {
  const listeners = new Set<(e: LiveEvent) => void>();
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const hub = {
    publish: () => {},
    subscribe: (l: (e: LiveEvent) => void) => (listeners.add(l), () => listeners.delete(l)),
    since: async (after: number) => (await gate, stored.filter((e) => e.id > after)),
    history: async () => [],
    listeners: () => listeners.size,
    skipped: () => 0,
    ready: async () => {},
    close: async () => {},
  } satisfies LiveHub;
  return { hub, emit: (e: LiveEvent) => listeners.forEach((l) => l(e)), release };
}

async function readFrames(stream: ReadableStream<Uint8Array>, until: (text: string) => boolean) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  reader.releaseLock();
  return text;
}

const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

describe("live event stream (SSE)", () => {
  it("replays after Last-Event-ID, then live, with no event twice even when they overlap", async () => {
    const { hub, emit, release } = fakeHub([ev(3), ev(4), ev(5)]);
    const ctrl = new AbortController();
    const stream = liveEventStream(hub, { viewer: { role: "doctor", doctorId: "d" }, after: 3, signal: ctrl.signal });
    // Arrives live while the replay is still reading the inbox.
    emit(ev(5));
    emit(ev(6));
    release();
    const text = await readFrames(stream, (t) => ids(t).includes(6));
    expect(text.startsWith("retry: 2000")).toBe(true);
    expect(ids(text)).toEqual([4, 5, 6]);
    ctrl.abort();
    expect(hub.listeners()).toBe(0);
  });

  it("sends heartbeats, and hides the host link from everyone but doctors", async () => {
    const { hub, emit } = fakeHub([]);
    const ctrl = new AbortController();
    const stream = liveEventStream(hub, { viewer: { role: "receptionist", doctorId: null }, signal: ctrl.signal, heartbeatMs: 20 });
    emit(ev(9));
    const text = await readFrames(stream, (t) => t.includes(": heartbeat"));
    const data = JSON.parse(/^data: (.*)$/m.exec(text)![1]!) as LiveEvent;
    expect(data.video).toEqual({ hostLink: null, meetLink: "https://meet.jit.si/r", vendor: "jitsi", blockedHostLink: null, blockedMeetLink: null });
    ctrl.abort();
  });

  it("gives the host link to the consultation's own doctor only: not another doctor, an unlinked doctor, the desk or an admin", async () => {
    const hostLinkFor = async (viewer: { role: "doctor" | "receptionist" | "admin"; doctorId: string | null }) => {
      const { hub, emit } = fakeHub([]);
      const ctrl = new AbortController();
      const stream = liveEventStream(hub, { viewer, signal: ctrl.signal });
      emit({ ...ev(9), doctorId: "dr-meera-iyer" });
      const text = await readFrames(stream, (t) => t.includes("data: {"));
      ctrl.abort();
      return (JSON.parse(/^data: (.*)$/m.exec(text)![1]!) as LiveEvent).video?.hostLink ?? null;
    };
    expect(await hostLinkFor({ role: "doctor", doctorId: "dr-meera-iyer" })).toBe("https://meet.jit.si/r#h");
    expect(await hostLinkFor({ role: "doctor", doctorId: "dr-arjun-rao" })).toBeNull();
    expect(await hostLinkFor({ role: "doctor", doctorId: null })).toBeNull();
    expect(await hostLinkFor({ role: "receptionist", doctorId: null })).toBeNull();
    expect(await hostLinkFor({ role: "admin", doctorId: null })).toBeNull();
  });

  it("keeps one stream per tab and at most the cap per staff member: the oldest closes with a reason, the newest lives", async () => {
    const registry = createStreamRegistry(() => 2);
    const { hub, emit } = fakeHub([]);
    const open = (staff: string, tab: string) => {
      const ctrl = new AbortController();
      const stream = liveEventStream(hub, { viewer: { role: "doctor", doctorId: "d" }, signal: ctrl.signal, register: (close) => registry.open(staff, tab, close) });
      return { stream, ctrl };
    };
    const a = open("s1", "tab-a");
    const b = open("s1", "tab-b");
    const other = open("s2", "tab-x");
    expect(registry.count("s1")).toBe(2);
    // A third tab of the same staff member: the oldest stream is told why and ends.
    const c = open("s1", "tab-c");
    const closedA = await readFrames(a.stream, (t) => t.includes("stream-closed"));
    expect(closedA).toContain('event: stream-closed\ndata: {"reason":"too-many-streams"}');
    expect(await a.stream.getReader().read()).toMatchObject({ done: true });
    // The same tab reconnecting replaces its own old stream.
    const c2 = open("s1", "tab-c");
    expect(await readFrames(c.stream, (t) => t.includes("stream-closed"))).toContain('"reason":"replaced"');
    expect(registry.count("s1")).toBe(2);
    expect(registry.count("s2")).toBe(1);
    emit(ev(11));
    for (const live of [b, c2, other]) expect(ids(await readFrames(live.stream, (t) => ids(t).includes(11)))).toEqual([11]);
    for (const s of [b, c2, other]) s.ctrl.abort();
    expect(registry.count("s1")).toBe(0);
    expect(hub.listeners()).toBe(0);
  });

  it("ends every stream plainly when the instance is told to stop, so browsers reconnect elsewhere, and leaves nothing behind", async () => {
    const stopping = createStopping();
    const registry = createStreamRegistry(() => 5);
    const { hub, emit } = fakeHub([]);
    const open = (tab: string) => {
      const ctrl = new AbortController();
      const stream = liveEventStream(hub, { viewer: { role: "doctor", doctorId: "d" }, signal: ctrl.signal, stopping, register: (close) => registry.open("s1", tab, close) });
      return { stream, ctrl };
    };
    const a = open("tab-a");
    const b = open("tab-b");
    const gone = open("tab-gone");
    gone.ctrl.abort();
    // A stream that ended by itself no longer waits for the stop.
    expect(stopping.waiting()).toBe(2);
    emit(ev(12));
    stopping.stop();
    for (const s of [a, b]) {
      const text = await readFrames(s.stream, () => false);
      expect(text).toMatch(/^retry: \d+\n/);
      expect(ids(text)).toEqual([12]);
      // No stream-closed reason: a browser told "replaced" or "too many" would not come back.
      expect(text).not.toContain("stream-closed");
    }
    expect(hub.listeners()).toBe(0);
    expect(registry.count("s1")).toBe(0);
    expect(stopping.waiting()).toBe(0);
    // One opened while the instance is stopping ends at once.
    const late = open("tab-late");
    expect(await readFrames(late.stream, () => false)).toMatch(/^retry: \d+\n: connected\n\n$/);
    expect(hub.listeners()).toBe(0);
  });
});
