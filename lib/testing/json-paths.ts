/** Paths into JSON values, for tests and the hostile-input suite that spoil one place at a time. */
import type { Json } from "./route-inputs";

/** Every string leaf of a JSON value (keys too), by path. */
export function textPaths(value: Json, path: (string | number)[] = []): { path: (string | number)[]; key: boolean }[] {
  if (typeof value === "string") return [{ path, key: false }];
  if (Array.isArray(value)) return value.flatMap((v, i) => textPaths(v, [...path, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => [{ path: [...path, k], key: true }, ...textPaths(v, [...path, k])]);
  return [];
}

/** Every leaf path (string or not) of a JSON value. */
export function leafPaths(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...path, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => [[...path, k], ...leafPaths(v, [...path, k])]);
  return [path];
}

/** A copy of `value` with the leaf (or the key) at `path` replaced. */
/** The value at `path`. */
export function valueAt(value: Json, path: (string | number)[]): Json {
  return path.reduce<Json>((v, step) => (v as Record<string | number, Json>)[step]!, value);
}

export function replaceAt(value: Json, path: (string | number)[], replacement: Json, asKey = false): Json {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, Json>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (asKey && typeof replacement === "string") {
    const entries = Object.entries(parent).map(([k, v]) => [k === String(last) ? replacement : k, v] as const);
    for (const k of Object.keys(parent)) delete parent[k];
    for (const [k, v] of entries) Object.defineProperty(parent, k, { value: v, enumerable: true, writable: true, configurable: true });
  } else parent[last] = replacement;
  return copy;
}
