/**
 * Next calls register() once per server start: traces are set up here, before the first request,
 * and the signals that stop the server end its live streams too (lib/server/shutdown.ts).
 */
export async function register() {
  // eslint-disable-next-line no-restricted-properties -- NEXT_RUNTIME is Next's build-time constant, not configuration: the edge bundle skips the Node-only setup.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ env }, { startTelemetry }, { stopOnSignals }] = await Promise.all([import("./lib/env"), import("./lib/server/telemetry"), import("./lib/server/shutdown")]);
  stopOnSignals();
  await startTelemetry(env().otlpEndpoint);
  // Background work (the outbox, the registration reconciler) starts with the server, not with its first request.
  void import("./lib/server/services").then(({ services }) => services()).catch(() => undefined);
}
