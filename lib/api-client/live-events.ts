"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { LiveEvent, LiveEventPage, LiveStreamClosed } from "@/lib/schemas/live-events";
import { apiGet, objectAnswer, signInAgain } from "./http";
import { isJsonObject, wrongFields, type FieldKinds } from "./answer";

export type FeedStatus = "loading" | "live" | "reconnecting" | "error" | "paused";

// One id per page load: the server keeps one stream per tab, so a tab's reconnect replaces its old stream.
let tabId: string | undefined;
const thisTab = () => (tabId ??= typeof crypto.randomUUID === "function" ? crypto.randomUUID() : Math.random().toString(36).slice(2));

const MAX_KEPT = 300;

/** Every field of a live event (lib/schemas/live-events.ts) of its kind: the card shows them as they came. */
const EVENT_FIELDS = {
  id: "integer",
  kind: "string",
  receivedAt: "string",
  occurredAt: "string|null",
  verification: "string",
  appointmentId: "string|null",
  doctorId: "string|null",
  patientId: "string|null",
  patientName: "string|null",
  doctorName: "string|null",
  clinicName: "string|null",
  clinicId: "string|null",
  clinicTimeZone: "string|null",
  startsAt: "string|null",
  serviceName: "string|null",
  status: "string|null",
  video: "object|null",
} as const satisfies FieldKinds<LiveEvent>;

/** The fields the schema fills with null when absent (names looked up later, appointment details): absent, they read as null here too. */
const NULL_WHEN_ABSENT = ["doctorName", "clinicName", "clinicTimeZone", "startsAt", "serviceName", "status"] as const;

const parsed = (data: string): unknown => {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
};

/** A `platform-event` message, or undefined when it is not one (checked without zod: see answer.ts). */
export function readLiveEvent(data: string): LiveEvent | undefined {
  const json = parsed(data);
  if (!isJsonObject(json)) return undefined;
  const event = { ...Object.fromEntries(NULL_WHEN_ABSENT.map((k) => [k, null])), ...json };
  return wrongFields(event, EVENT_FIELDS).length === 0 ? (event as LiveEvent) : undefined;
}

/** A `stream-closed` message, or undefined when it is not one. */
export function readStreamClosed(data: string): LiveStreamClosed | undefined {
  const json = parsed(data);
  return isJsonObject(json) && (["too-many-streams", "replaced", "signed-out"] as unknown[]).includes(json.reason) ? (json as LiveStreamClosed) : undefined;
}
const backoffMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt) * (0.8 + Math.random() * 0.4);

/**
 * History from the database first, then live events over SSE, newest first. A dropped stream
 * reconnects with growing delays and resumes after the last event seen, so nothing is missed.
 */
export function useLiveFeed(onLive?: (event: LiveEvent) => void) {
  const [events, setEvents] = useState<LiveEvent[]>([]);
  const [status, setStatus] = useState<FeedStatus>("loading");
  const [error, setError] = useState<unknown>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const onLiveRef = useRef(onLive);
  useEffect(() => void (onLiveRef.current = onLive), [onLive]);

  useEffect(() => {
    let closed = false;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let lastId = 0;
    const add = (incoming: LiveEvent[]) =>
      setEvents((current) => {
        const byId = new Map(current.map((e) => [e.id, e]));
        for (const e of incoming) byId.set(e.id, e);
        return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, MAX_KEPT);
      });

    const connect = () => {
      if (closed) return;
      source = new EventSource(`/api/events/stream?after=${lastId}&tab=${thisTab()}`);
      source.onopen = () => {
        attempt = 0;
        setStatus("live");
      };
      source.addEventListener("platform-event", (msg) => {
        const event = readLiveEvent((msg as MessageEvent<string>).data);
        if (!event) return;
        lastId = Math.max(lastId, event.id);
        add([event]);
        onLiveRef.current?.(event);
      });
      // The server closed this stream for good (too many open elsewhere, or the session ended): stop.
      source.addEventListener("stream-closed", (msg) => {
        const closing = readStreamClosed((msg as MessageEvent<string>).data);
        source?.close();
        if (closed || !closing || closing.reason === "replaced") return;
        if (closing.reason === "signed-out") return signInAgain();
        setStatus("paused");
      });
      source.onerror = () => {
        source?.close();
        if (closed) return;
        setStatus("reconnecting");
        timer = setTimeout(connect, backoffMs(attempt++));
      };
    };

    apiGet("/api/events", { limit: 50 }, objectAnswer<LiveEventPage>({ events: "array" }))
      .then((page) => {
        if (closed) return;
        lastId = page.events[0]?.id ?? 0;
        add(page.events);
        setError(null);
        connect();
      })
      .catch((err: unknown) => {
        if (closed) return;
        setError(err);
        setStatus("error");
      });
    return () => {
      closed = true;
      source?.close();
      clearTimeout(timer);
    };
  }, [reloadKey]);

  const retry = useCallback(() => {
    setStatus("loading");
    setReloadKey((k) => k + 1);
  }, []);
  return { events, status, error, retry };
}
