import type { ApiFamily } from "./errors";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Route<H> {
  method: Method;
  pattern: string;
  /** Stable name used by /__sandbox/stats, e.g. "drugs.search". */
  name: string;
  family: ApiFamily;
  /** Control routes skip faults, stats and encryption. */
  control?: boolean;
  /** The query parameters a platform route reads; any other is refused by name, as the desk's own routes do. */
  query?: readonly string[];
  /** A larger request body than the default (document upload). */
  maxBodyBytes?: number;
  handler: H;
}

interface Compiled<H> {
  route: Route<H>;
  segments: string[];
}

export type RouteMatch<H> =
  | { kind: "found"; route: Route<H>; params: Record<string, string> }
  | { kind: "wrong-method"; allowed: Method[] }
  | { kind: "not-found" };

const split = (path: string) => path.split("/").filter((s) => s !== "");

/** Method + path pattern (`:name` segments become params); a trailing slash is not significant. */
export class Router<H> {
  private readonly routes: Compiled<H>[] = [];

  add(route: Route<H>): this {
    this.routes.push({ route, segments: split(route.pattern) });
    return this;
  }

  match(method: string, path: string): RouteMatch<H> {
    const parts = split(path);
    const allowed: Method[] = [];
    for (const { route, segments } of this.routes) {
      const params = matchSegments(segments, parts);
      if (!params) continue;
      if (route.method === method) return { kind: "found", route, params };
      allowed.push(route.method);
    }
    return allowed.length ? { kind: "wrong-method", allowed } : { kind: "not-found" };
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const v = parts[i]!;
    if (p.startsWith(":")) {
      try {
        params[p.slice(1)] = decodeURIComponent(v);
      } catch {
        return null;
      }
    } else if (p !== v) return null;
  }
  return params;
}
