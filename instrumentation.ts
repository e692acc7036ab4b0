/**
 * Next calls register() once per server start: traces are set up here, before the first request,
 * and the signals that stop the server end its live streams too (lib/server/shutdown.ts).
 */
export async function register() {
  // eslint-disable-next-line no-restricted-properties -- NEXT_RUNTIME is Next's build-time constant, not configuration: the edge bundle skips the Node-only setup.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ env, ConfigError }, { startTelemetry }, { stopOnSignals }] = await Promise.all([import("./lib/env"), import("./lib/server/telemetry"), import("./lib/server/shutdown")]);
  let config;
  try {
    config = env();
  } catch (err) {
    // Plain `next start` with a variable missing or wrong: stop with one line naming it, rather
    // than a server whose every route (health included) answers 500.
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.oneLine);
    process.exit(1);
  }
  stopOnSignals();
  await startTelemetry(config.otlpEndpoint);
  // Background work (the outbox, the registration reconciler) starts with the server, not with its first request.
  void import("./lib/server/services").then(({ services }) => services()).catch(() => undefined);
}
