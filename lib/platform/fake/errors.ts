/** Each platform API family answers failures in its own JSON shape (platform notes, "Error bodies"). */
export type ApiFamily = "auth" | "profiles" | "dr" | "notification" | "med-assist" | "pharmacology" | "sandbox";

/** A failure a handler expects; the server turns it into the family's error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, code = "invalid_request") => new HttpError(400, code, message);
export const unauthorized = (code: string, message: string) => new HttpError(401, code, message);

export function authErrorBody(code: string, message: string) {
  return { code, error: message };
}

export function profilesErrorBody(status: number, code: string, message: string) {
  return status === 404 ? { message, code } : { error: { message, code } };
}

export function drErrorBody(status: number, code: string, message: string) {
  return { error: { code: code.toUpperCase(), message }, status_code: status, success: false as const };
}

export function notificationErrorBody(code: string, message: string) {
  return { error: { message, code: code.toUpperCase() } };
}

export function medAssistErrorBody(code: string, message: string) {
  return { error: { code, msg: message } };
}

// The notes give no shape for drug search; the common nested one is what readPlatformError expects first.
export function pharmacologyErrorBody(code: string, message: string) {
  return { error: { code, message } };
}

export function sandboxErrorBody(code: string, message: string) {
  return { error: { code, message } };
}

export function errorBody(family: ApiFamily, status: number, code: string, message: string): unknown {
  switch (family) {
    case "auth":
      return authErrorBody(code, message);
    case "profiles":
      return profilesErrorBody(status, code, message);
    case "dr":
      return drErrorBody(status, code, message);
    case "notification":
      return notificationErrorBody(code, message);
    case "med-assist":
      return medAssistErrorBody(code, message);
    case "pharmacology":
      return pharmacologyErrorBody(code, message);
    case "sandbox":
      return sandboxErrorBody(code, message);
  }
}

/** Which family a path belongs to, for answers to requests that matched no route. */
export function familyForPath(path: string): ApiFamily {
  if (path.startsWith("/connect-auth/")) return "auth";
  if (path.startsWith("/profiles/")) return "profiles";
  if (path.startsWith("/dr/")) return "dr";
  if (path.startsWith("/notification/")) return "notification";
  if (path.startsWith("/med-assist/")) return "med-assist";
  if (path.startsWith("/svc-mcp/")) return "pharmacology";
  return "sandbox";
}
