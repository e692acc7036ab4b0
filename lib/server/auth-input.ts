import "server-only";
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "./errors";
import { strictSearchParams } from "./query-params";
import { readLimitedBody } from "./read-body";
import { addressAsSent } from "./request-info";

/** Sign-in forms are small: an e-mail, a password, a token, an address to return to. */
const AUTH_BODY_LIMIT = 16 * 1024;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udfff]/;

/**
 * Where next-auth may send a browser after signing in or out: a path on this desk, or an address
 * with the desk's own origin. Anything else ("//elsewhere", "javascript:", a control character)
 * would be refused by next-auth only by throwing, which answered 500.
 */
export function isDeskReturnAddress(value: string, appUrl: string, host?: string | null): boolean {
  if (CONTROL.test(value) || value.includes("\\")) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const origin = new URL(value).origin;
    const app = new URL(appUrl);
    // The host the browser addressed counts too (a desk PC on http://127.0.0.1:3000 or the server's
    // LAN address rather than APP_URL's localhost), by APP_URL's scheme, as for same-origin checks.
    return origin === app.origin || (!!host && origin === `${app.protocol}//${host.toLowerCase()}`);
  } catch {
    return false;
  }
}

/** next-auth's `redirect` callback: never throws; an address elsewhere goes to the desk's home instead. */
export function deskRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  if (!isDeskReturnAddress(url, baseUrl)) return baseUrl;
  return url.startsWith("/") ? `${baseUrl}${url}` : url;
}

function checkFields(fields: Iterable<[string, string]>, where: string, appUrl: string, host: string | null): void {
  const errors: Record<string, string> = {};
  for (const [name, value] of fields) {
    const shown = CONTROL.test(name) ? "parameter" : name.slice(0, 100);
    if (CONTROL.test(name) || CONTROL.test(value)) errors[shown] ??= `The ${where} ${shown} contains a control character.`;
    else if (name === "callbackUrl" && !isDeskReturnAddress(value, appUrl, host)) errors[name] = "The address to return to must be on this desk.";
    // next-auth puts the error code into a Location header: a word, as next-auth's own codes are.
    else if (name === "error" && !/^[A-Za-z]{1,64}$/.test(value)) errors[name] = "Unknown sign-in error code.";
  }
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(errors, first);
}

const CLIENT_LOG_LEVELS = ["error", "warn", "debug"];

/** next-auth calls `logger[level]` with the level its client posted: any other word made it throw (and log LOGGER_ERROR). */
function checkClientLogLevel(level: string | null) {
  if (!level || !CLIENT_LOG_LEVELS.includes(level)) throw new ValidationError({ level: "The log level must be error, warn or debug." }, "The log level must be error, warn or debug.");
}

/**
 * Checks what a browser sends to next-auth before next-auth reads it, so malformed input gets a
 * 4xx problem instead of an exception: the query decoded strictly, form or JSON bodies of the type
 * they claim (next-auth's client posts forms, and JSON only to `session`), no control characters,
 * and return addresses on this desk. Returns the request to hand on, its body re-attached.
 */
export async function checkedAuthRequest<R extends Request>(req: R, action: string, appUrl: string, remake: (bytes: Buffer) => R): Promise<R> {
  const host = req.headers.get("host");
  checkFields(strictSearchParams(addressAsSent(req)), "query parameter", appUrl, host);
  if (req.method !== "POST") return req;
  const bytes = await readLimitedBody(req, AUTH_BODY_LIMIT);
  if (!bytes) throw new PayloadTooLargeError(AUTH_BODY_LIMIT);
  if (bytes.length === 0) {
    if (action === "_log") checkClientLogLevel(null);
    return remake(bytes);
  }
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const text = bytes.toString("utf8");
  if (type === "application/x-www-form-urlencoded") {
    if (text.includes("\ufffd")) throw new ValidationError({ body: "The form is not valid UTF-8." }, "The form is not valid UTF-8.");
    checkFields(strictSearchParams(`?${text}`), "form field", appUrl, host);
    if (action === "_log") checkClientLogLevel(new URLSearchParams(text).get("level"));
  } else if (type === "application/json" && action === "session") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ValidationError({ body: "The request body is not valid JSON." }, "The request body is not valid JSON.");
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new ValidationError({ body: "The request body must be a JSON object." }, "The request body must be a JSON object.");
  } else {
    throw new UnsupportedMediaTypeError(action === "session" ? "application/x-www-form-urlencoded or application/json" : "application/x-www-form-urlencoded");
  }
  return remake(bytes);
}
