const PLACEHOLDER_ORIGIN = "http://same-origin.invalid";

/**
 * Where to go after signing in. Only same-origin relative paths are accepted, so a crafted
 * link like /login?callbackUrl=https://evil.example can't send staff elsewhere.
 */
export function safeCallbackUrl(value: string | string[] | null | undefined): string | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || /[\\\u0000-\u001f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  if (url.pathname === "/login" || url.pathname.startsWith("/api/")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
