import "server-only";
/** The app's typed errors and their one mapping to HTTP problem details. */
import { PROBLEM_CONTENT_TYPE, type Problem } from "@/lib/schemas/problem";
import type { ZodError } from "zod";
import { log } from "./log";
import { currentProblemInstance } from "./request-context";
import { processSingleton } from "./process-singleton";
import { fieldSentence, messageWords } from "./problem-words";

/**
 * Each error class exists once per process. Next bundles pages and route handlers apart, each with
 * its own copy of this module, while the platform client is made once per process (services.ts)
 * by whichever bundle asks first. When a desk page asked first (a restart, then a signed-in desk's
 * page), every route's `instanceof` missed that copy's errors and a platform refusal went out as a
 * 500. With one class per process `instanceof` holds, whichever copy threw or checks.
 * (An edit to a class here takes effect at the next server start, in development too.)
 */
export function oneClassPerProcess<T>(name: string, make: () => T): T {
  return processSingleton(`__clinicErrorClass:${name}`, make);
}

/** A platform message "field: key-or-sentence" in words; anything else as it came. */
function platformWords(message: string): string {
  const m = /^([A-Za-z_][\w.]*):\s*(.+)$/s.exec(message);
  return m ? fieldSentence(m[1]!, m[2]!) : messageWords(message);
}

type ProblemExtra = Partial<Pick<Problem, "errors" | "retryAfter">> & { code?: string; allow?: readonly string[] };

function makeErrorClasses() {
  class AppError extends Error {
    constructor(
      readonly status: number,
      readonly title: string,
      readonly detail?: string,
      readonly extra: ProblemExtra = {},
    ) {
      super(detail ? `${title}: ${detail}` : title);
      this.name = new.target.name;
    }
  }

  class ValidationError extends AppError {
    constructor(errors: Record<string, string>, detail = "Some values are not valid.") {
      super(400, "Invalid request", detail, { errors });
    }
    static fromZod(error: ZodError, detail?: string): ValidationError {
      const errors: Record<string, string> = {};
      for (const issue of error.issues) {
        const key = issue.path.join(".") || "body";
        errors[key] ??= issue.message;
      }
      const first = Object.entries(errors)[0];
      // `errors` keeps the field keys (catalogue keys for the form); `detail` is a sentence for people.
      return new ValidationError(errors, detail ?? (first ? fieldSentence(first[0], first[1]) : undefined));
    }
  }

  class UnauthenticatedError extends AppError {
    constructor() {
      super(401, "Sign-in required", "Your session has ended. Sign in again to continue.");
    }
  }

  class ForbiddenError extends AppError {
    constructor(detail = "Your role does not allow this action.") {
      super(403, "Not allowed", detail);
    }
  }

  class NotFoundError extends AppError {
    constructor(detail = "Nothing was found at this address.") {
      super(404, "Not found", detail);
    }
  }

  /** The path exists but not for this method; `Allow` names the ones it has. */
  class MethodNotAllowedError extends AppError {
    constructor(allow: readonly string[]) {
      super(405, "Method not allowed", `This address answers ${allow.join(", ")} only.`, { allow });
    }
  }

  class ConflictError extends AppError {
    constructor(detail: string, code?: string) {
      super(409, "Conflict", detail, { code });
    }
  }

  class PayloadTooLargeError extends AppError {
    constructor(limitBytes: number) {
      super(413, "Request too large", `The request body is larger than ${Math.round(limitBytes / 1024)} KB.`);
    }
  }

  /** The body is sent as something the route does not read (a JSON route given form data, XML, UTF-16…). */
  class UnsupportedMediaTypeError extends AppError {
    constructor(expected: string) {
      super(415, "Unsupported content type", `Send the body as ${expected} in UTF-8.`);
    }
  }

  /** The client sent its body too slowly, or stopped sending it. */
  class RequestTimeoutError extends AppError {
    constructor(detail: string) {
      super(408, "Request timeout", detail);
    }
  }

  /** The platform could not be reached or answered with a server error. */
  class PlatformUnavailableError extends AppError {
    constructor(detail = "The clinical platform is not answering right now. Try again in a moment.", code?: string) {
      super(502, "Platform unavailable", detail, { code });
    }
  }

  /** The platform refused the clinic's credentials (401/403 after one renewal). */
  class PlatformCredentialsError extends PlatformUnavailableError {
    constructor(code: string) {
      super(`The clinical platform did not accept the clinic's credentials (${code}). Sign in again; if it persists, check the platform settings.`, code);
    }
  }

  class PlatformTimeoutError extends AppError {
    constructor(
      /** Which limit ran out (the whole call's, or an upload's answer after its last byte). */
      readonly limitMs: number,
    ) {
      super(504, "Platform too slow", `The clinical platform did not answer within ${Math.round(limitMs / 1000)} s. Try again.`);
    }
  }

  /** The platform refused a request (4xx other than auth); carries its code and message. */
  class PlatformRejectedError extends AppError {
    constructor(
      /** The platform's own status (404, 405, 409 …), before it is mapped to the desk's answer. */
      readonly platformStatus: number,
      readonly platformCode: string,
      /** The platform's own message, as it came ("dob: …"): `detail` is it in words. */
      readonly platformMessage: string,
    ) {
      const status = platformStatus;
      const mapped = status === 404 ? 404 : status === 409 ? 409 : status === 413 ? 413 : status === 415 ? 415 : 422;
      super(mapped, mapped === 404 ? "Not found" : mapped === 409 ? "Conflict" : "Platform refused the request", platformWords(platformMessage), { code: platformCode });
    }
  }

  return {
    AppError,
    ValidationError,
    UnauthenticatedError,
    ForbiddenError,
    NotFoundError,
    MethodNotAllowedError,
    ConflictError,
    PayloadTooLargeError,
    UnsupportedMediaTypeError,
    RequestTimeoutError,
    PlatformUnavailableError,
    PlatformCredentialsError,
    PlatformTimeoutError,
    PlatformRejectedError,
  };
}

export const {
  AppError,
  ValidationError,
  UnauthenticatedError,
  ForbiddenError,
  NotFoundError,
  MethodNotAllowedError,
  ConflictError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  RequestTimeoutError,
  PlatformUnavailableError,
  PlatformCredentialsError,
  PlatformTimeoutError,
  PlatformRejectedError,
} = oneClassPerProcess("errors", makeErrorClasses);
export type AppError = InstanceType<typeof AppError>;
export type ValidationError = InstanceType<typeof ValidationError>;
export type UnauthenticatedError = InstanceType<typeof UnauthenticatedError>;
export type ForbiddenError = InstanceType<typeof ForbiddenError>;
export type NotFoundError = InstanceType<typeof NotFoundError>;
export type MethodNotAllowedError = InstanceType<typeof MethodNotAllowedError>;
export type ConflictError = InstanceType<typeof ConflictError>;
export type PayloadTooLargeError = InstanceType<typeof PayloadTooLargeError>;
export type PlatformUnavailableError = InstanceType<typeof PlatformUnavailableError>;
export type PlatformCredentialsError = InstanceType<typeof PlatformCredentialsError>;
export type PlatformTimeoutError = InstanceType<typeof PlatformTimeoutError>;
export type PlatformRejectedError = InstanceType<typeof PlatformRejectedError>;

export function problemBody(err: AppError): Problem {
  return {
    type: "about:blank",
    title: err.title,
    status: err.status,
    ...(err.detail ? { detail: err.detail } : {}),
    ...(err.extra.errors ? { errors: err.extra.errors } : {}),
    ...(err.extra.retryAfter !== undefined ? { retryAfter: err.extra.retryAfter } : {}),
    ...(err.extra.code ? { code: err.extra.code } : {}),
  };
}

export function problemResponse(err: unknown): Response {
  const appError =
    err instanceof AppError ? err : new AppError(500, "Something went wrong", "The server could not finish this request. It has been logged.");
  if (!(err instanceof AppError)) log().error({ err }, "unhandled error in route handler");
  const body: Problem = { ...problemBody(appError), ...currentProblemInstance() };
  const headers = new Headers({ "content-type": PROBLEM_CONTENT_TYPE, "cache-control": "no-store" });
  if (appError.extra.retryAfter !== undefined) headers.set("retry-after", String(appError.extra.retryAfter));
  if (appError.extra.allow) headers.set("allow", appError.extra.allow.join(", "));
  return new Response(JSON.stringify(body), { status: appError.status, headers });
}
