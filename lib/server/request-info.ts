/** The caller's address as the nearest proxy reports it, for rate limits and the audit log. */
export function clientAddress(headers: Headers | Record<string, string | string[] | undefined>): string | undefined {
  const get = (name: string) => {
    if (headers instanceof Headers) return headers.get(name) ?? undefined;
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const forwarded = get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || get("x-real-ip") || undefined;
}
