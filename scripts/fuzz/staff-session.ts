/** Signs a staff member in through next-auth's credentials flow over HTTP, as a browser would. */

export interface StaffSession {
  baseUrl: string;
  cookie: string;
  /** fetch against the app with the session cookie and our own Origin (mutations need it). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]!);
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<StaffSession> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; "), origin: baseUrl },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${baseUrl}/`, json: "true" }),
  });
  const session = cookiesOf(res).find((c) => /session-token=/.test(c));
  if (!session) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = [...jar, session].join("; ");
  return {
    baseUrl,
    cookie,
    fetch: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("cookie", cookie);
      if (!headers.has("origin")) headers.set("origin", baseUrl);
      return fetch(`${baseUrl}${path}`, { ...init, headers, redirect: "manual" });
    },
  };
}
