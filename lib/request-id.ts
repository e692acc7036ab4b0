/**
 * One id per request, from the proxy through log lines, platform calls and problem+json `instance`.
 * Shared by the proxy, the server and the browser, so it imports nothing server-side.
 */
export const REQUEST_ID_HEADER = "x-request-id";

/** The page address the proxy hands the desk layout (set on every page request, so a client cannot supply it). */
export const DESK_PATH_HEADER = "x-desk-path";

/** An incoming id is believed only when it is a short token: it lands in logs and headers verbatim. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function acceptRequestId(value: string | null | undefined): string | undefined {
  return value && SAFE_REQUEST_ID.test(value) ? value : undefined;
}

/** The request's id: the caller's when it is safe, else a fresh one. */
export function requestIdFor(headers: Headers): string {
  return acceptRequestId(headers.get(REQUEST_ID_HEADER)) ?? crypto.randomUUID();
}

const INSTANCE_PREFIX = "urn:request:";

export const problemInstance = (requestId: string) => `${INSTANCE_PREFIX}${requestId}`;

/** The id a problem's `instance` names, for the reference line staff read out to IT. */
export function requestIdOfInstance(instance: string | undefined): string | undefined {
  return instance?.startsWith(INSTANCE_PREFIX) ? acceptRequestId(instance.slice(INSTANCE_PREFIX.length)) : undefined;
}
