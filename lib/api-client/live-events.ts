"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { LiveEvent, LiveEventPage, LiveStreamClosed } from "@/lib/schemas/live-events";
import { apiGet, signInAgain } from "./http";

export type FeedStatus = "loading" | "live" | "reconnecting" | "error" | "paused";

// One id per page load: the server keeps one stream per tab, so a tab's reconnect replaces its old stream.
let tabId: string | undefined;
const thisTab = () => (tabId ??= typeof crypto.randomUUID === "function" ? crypto.randomUUID() : Math.random().toString(36).slice(2));

const MAX_KEPT = 300;
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
        const parsed = LiveEvent.safeParse(JSON.parse((msg as MessageEvent<string>).data));
        if (!parsed.success) return;
        lastId = Math.max(lastId, parsed.data.id);
        add([parsed.data]);
        onLiveRef.current?.(parsed.data);
      });
      // The server closed this stream for good (too many open elsewhere, or the session ended): stop.
      source.addEventListener("stream-closed", (msg) => {
        const parsed = LiveStreamClosed.safeParse(JSON.parse((msg as MessageEvent<string>).data));
        source?.close();
        if (closed || !parsed.success || parsed.data.reason === "replaced") return;
        if (parsed.data.reason === "signed-out") return signInAgain();
        setStatus("paused");
      });
      source.onerror = () => {
        source?.close();
        if (closed) return;
        setStatus("reconnecting");
        timer = setTimeout(connect, backoffMs(attempt++));
      };
    };

    apiGet("/api/events", { limit: 50 }, LiveEventPage)
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
