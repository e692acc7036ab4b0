/** The app's API route table, read from the file tree: every app/api/**\/route.ts and the methods it exports. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export interface ApiRoute {
  /** e.g. /api/patients/[id] */
  route: string;
  methods: string[];
  /** Dynamic segments, e.g. ["id"]; a catch-all is named with its dots ("...nextauth"). */
  params: string[];
}

const DECLARED = /export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g;
const LISTED = /export\s*\{([^}]*)\}/g;
const NAME = /\b(GET|POST|PUT|PATCH|DELETE)\b/g;

export function apiRouteTable(appDir = path.resolve("app")): ApiRoute[] {
  const routes: ApiRoute[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "route.ts") {
        const source = readFileSync(full, "utf8");
        const listed = [...source.matchAll(LISTED)].flatMap((m) => [...m[1]!.matchAll(NAME)].map((n) => n[1]!));
        const methods = [...new Set([...[...source.matchAll(DECLARED)].map((m) => m[1]!), ...listed])];
        const route = "/" + path.relative(appDir, dir).split(path.sep).join("/");
        routes.push({ route, methods, params: [...route.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!) });
      }
    }
  };
  walk(path.join(appDir, "api"));
  return routes.filter((r) => r.methods.length > 0);
}

/** The path of a route with its dynamic segments filled in (already encoded). */
export function fillRoute(route: string, values: Record<string, string>): string {
  return route.replace(/\[([^\]]+)\]/g, (_m, name: string) => values[name] ?? "x");
}
