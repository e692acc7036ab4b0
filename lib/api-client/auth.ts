/**
 * Signing in and out from the browser: the two requests next-auth's own browser client makes
 * (a CSRF token, then a form post to its endpoint), without that client. It brought ~14 KiB of
 * JavaScript (gzip, with its Babel helpers) to the sign-in page and to every desk page, for two
 * calls; the desk has no `SessionProvider`, so nothing listened to its session broadcasts.
 */

const AUTH_BASE = "/api/auth";

async function csrfToken(): Promise<string> {
  const res = await fetch(`${AUTH_BASE}/csrf`, { headers: { accept: "application/json" }, cache: "no-store" });
  const body = (await res.json()) as { csrfToken?: unknown };
  if (!res.ok || typeof body.csrfToken !== "string") throw new Error(`no CSRF token (${res.status})`);
  return body.csrfToken;
}

async function postForm(action: string, fields: Record<string, string>): Promise<{ res: Response; url: string | undefined }> {
  const body = new URLSearchParams({ ...fields, csrfToken: await csrfToken(), callbackUrl: window.location.href, json: "true" });
  const res = await fetch(`${AUTH_BASE}/${action}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  const data = (await res.json().catch(() => ({}))) as { url?: unknown };
  return { res, url: typeof data.url === "string" ? data.url : undefined };
}

export type SignInOutcome = { ok: true } | { ok: false; error: string | null };

/**
 * Signs in with the credentials provider. `error` is next-auth's code from the address it answers
 * with ("CredentialsSignin", or the desk's "RateLimited:<seconds>"); null when the answer was not
 * next-auth's (a refusal before it, a broken connection is thrown).
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const { res, url } = await postForm("callback/credentials", { email, password });
  if (!url) return { ok: false, error: null };
  const error = new URL(url, window.location.href).searchParams.get("error");
  if (error || !res.ok) return { ok: false, error };
  return { ok: true };
}

/** Ends this browser's session (the session cookie is cleared by the answer). */
export async function signOutHere(): Promise<void> {
  const { res } = await postForm("signout", {});
  if (!res.ok) throw new Error(`sign-out answered ${res.status}`);
}
