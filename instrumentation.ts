/** Next calls register() once per server start: traces are set up here, before the first request. */
export async function register() {
  // eslint-disable-next-line no-restricted-properties -- NEXT_RUNTIME is Next's build-time constant, not configuration: the edge bundle skips the Node-only setup.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ env }, { startTelemetry }] = await Promise.all([import("./lib/env"), import("./lib/server/telemetry")]);
  await startTelemetry(env().otlpEndpoint);
}
