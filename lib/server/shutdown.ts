import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { Server, ServerResponse } from "node:http";
import { env } from "@/lib/env";
import { log } from "./log";
import { processSingleton } from "./process-singleton";

/**
 * This instance being told to stop. On SIGTERM or SIGINT Next stops taking connections and waits
 * for the open ones to end; a live stream never ends by itself, so an instance asked to stop (a
 * restart, one instance fewer behind nginx, Ctrl+C) would go on serving its streams for as long as
 * any desk stayed open. Their handlers here end them: each browser reconnects through nginx to an
 * instance still running and resumes from the last event it had, while other requests drain.
 * Keep-alive connections (nginx keeps a pool to every instance) close after their next answer or
 * when nginx retires them, so new requests go to the other instances and the server's close ends.
 */
export function createStopping() {
  let stopped = false;
  const handlers = new Set<() => void>();
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const handler of [...handlers]) handler();
    handlers.clear();
  };
  return {
    stop,
    stopped: () => stopped,
    /** Calls `handler` once when the instance is told to stop (at once if it already was); answers how to take it back. */
    whenStopping(handler: () => void): () => void {
      if (stopped) {
        handler();
        return () => {};
      }
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    /** Handlers waiting (tests check that ended streams leave none behind). */
    waiting: () => handlers.size,
  };
}
export type Stopping = ReturnType<typeof createStopping>;

/** This process's. */
export const instanceStopping = (): Stopping => processSingleton("__clinicInstanceStopping", createStopping);

/**
 * Called once by instrumentation.ts, in the server only: the signals Next stops on stop this too.
 * (Next keeps its own listeners, so the process still stops as before; only its streams end first.)
 */
export function stopOnSignals(): void {
  processSingleton("__clinicStopOnSignals", () => {
    listenForStop(instanceStopping());
    return true;
  });
}

function listenForStop(stopping: Stopping): void {
  const servers = new Set<Server>();
  const behindProxy = env().trustedProxyHops > 0;
  subscribe("http.server.request.start", (message) => {
    const { server, response } = message as { server: Server; response: ServerResponse };
    if (!servers.has(server)) {
      servers.add(server);
      // Behind a proxy (nginx, `npm run cluster`), stopping: Node's server.close() would also close
      // every idle keep-alive connection at once; nginx may be sending a request down one of them at
      // that instant, and a POST that meets a closed connection is answered 502 (nginx never resends
      // one). Left open, each is either used once more (answered with Connection: close, below) or
      // closed by nginx, whose keep-alive timeout (4 s) ends before Node's (5 s). Browsers talking to
      // the app directly resend such a request themselves, so there they are closed at once.
      if (behindProxy) server.closeIdleConnections = () => {};
    }
    // Answered, then that connection closes: its next request would find this instance gone.
    if (stopping.stopped()) response.setHeader("connection", "close");
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping.stopped()) return;
    const streams = stopping.waiting();
    stopping.stop();
    log().info({ signal, streams }, "stopping: live streams ended; requests in flight finish, then the server exits");
    // Talking to browsers directly: the connections of the streams just ended are idle now too.
    if (!behindProxy) setTimeout(() => servers.forEach((server) => server.closeIdleConnections()), 100).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
