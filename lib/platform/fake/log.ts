import pino, { type DestinationStream } from "pino";

export type LogLevel = "info" | "warn" | "error";
export type Logger = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

/** Credentials never reach the sandbox's log either (its data is demo data, its tokens are real tokens). */
const REDACT_PATHS = ["token", "secret", "password", "authorization", "cookie", "key"].flatMap((k) => [k, `*.${k}`]);

/**
 * One JSON line per event on stderr, in the app's format (pino: time, level, source, msg), so one
 * request id can be followed from the app's log into the sandbox's.
 */
export function sandboxLogger(level: pino.LevelWithSilent = "info", destination?: DestinationStream): Logger {
  const logger = pino(
    {
      level,
      base: { source: "sandbox" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    },
    destination ?? pino.destination({ fd: 2, sync: false }),
  );
  return (lvl, message, fields = {}) => logger[lvl](fields, message);
}

export const silentLogger: Logger = () => {};

/** An incoming request id is logged only when it is a short token, as the app accepts it. */
export const loggableRequestId = (value: string | string[] | undefined) => (typeof value === "string" && /^[A-Za-z0-9._-]{8,64}$/.test(value) ? value : undefined);
