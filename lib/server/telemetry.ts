/** Kept free of `server-only`: the request context, which the logger loads, starts spans here. */
import { trace, type Tracer } from "@opentelemetry/api";

export const SERVICE_NAME = "clinic-front-desk";

/** The app's tracer; a no-op until instrumentation.ts registers a provider (OTEL_EXPORTER_OTLP_ENDPOINT set). */
export const tracer = (): Tracer => trace.getTracer(SERVICE_NAME);

/** Registers the tracer provider exporting over OTLP/HTTP when an endpoint is configured; none otherwise. */
export async function startTelemetry(endpoint: string | undefined): Promise<void> {
  if (!endpoint) return;
  const [{ TracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }] = await Promise.all([
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/exporter-trace-otlp-http"),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${endpoint}/v1/traces` });
  trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new BatchSpanProcessor({ exporter })] }));
}
