/** Kept free of `server-only` (like db/connect.ts) so CLI scripts that open the database can log. */
import pino, { type DestinationStream, type Logger } from "pino";
import { env, type LogLevel } from "@/lib/env";
import { currentRequest } from "./request-context";
import { processSingleton } from "./process-singleton";

/**
 * Fields never written to a log, at the top level and up to two levels down: credentials of every
 * kind (tokens, keys, secrets, passwords, cookies, authorization headers) and patient names.
 */
export const REDACTED_FIELDS = [
  "token", "accessToken", "access_token", "refreshToken", "refresh_token", "idToken", "id_token", "assistantToken",
  "password", "secret", "clientSecret", "client_secret", "key", "apiKey", "signingKey", "sealingKey",
  "authorization", "auth", "cookie", "set-cookie",
  "name", "patientName", "fullName", "firstName", "lastName", "fn", "mn", "ln", "fln",
] as const;

const field = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `["${name}"]`);
export const REDACT_PATHS = REDACTED_FIELDS.flatMap((name) => [field(name).replace(/^\./, ""), `*${field(name)}`, `*.*${field(name)}`]);

/** A JSON-lines logger; every line written while a request is answered carries its `requestId`. */
export function createLogger(options: { level: LogLevel; destination?: DestinationStream; instance?: string }): Logger {
  return pino(
    {
      level: options.level,
      base: { source: "app", ...(options.instance ? { instance: options.instance } : {}) },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      mixin: () => {
        const request = currentRequest();
        return request ? { requestId: request.requestId } : {};
      },
    },
    // stderr, like the sandbox: log lines never mix with the start banner on stdout.
    options.destination ?? pino.destination({ fd: 2, sync: false }),
  );
}

const holder = globalThis as unknown as { __clinicLog?: Logger };

/** The app's logger, at LOG_LEVEL. */
export function log(): Logger {
  holder.__clinicLog ??= createLogger({ level: env().logLevel, instance: env().instanceName });
  return holder.__clinicLog;
}

/** The one line every answered staff request writes. */
export interface AnsweredRequest {
  method: string;
  action: string;
  status: number;
  ms: number;
}

/**
 * The answered-request line of a logger. Its fields are fixed and none can hold a credential or a
 * name, so it skips the redaction walk, which costs ~30 µs a line over every redacted path (a
 * tenth of the app's own work on a drug search). Only these four fields are written; every other
 * line still goes through the redacting logger.
 */
export function answeredRequestLine(base: Logger): (fields: AnsweredRequest) => void {
  const logger = base.child({}, { redact: { paths: [], censor: "[redacted]" } });
  return (f) => logger.info({ method: f.method, action: f.action, status: f.status, ms: f.ms }, "request answered");
}

/** Writes the answered-request line through the app's logger (see answeredRequestLine). */
export function logAnswered(fields: AnsweredRequest): void {
  processSingleton("__clinicAnsweredLine", () => answeredRequestLine(log()))(fields);
}
