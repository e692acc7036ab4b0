import "server-only";
import { isStorableText } from "@/lib/schemas/storable-text";

export const MAX_EVENT_DEPTH = 32;

export type UnstorableText = { kind: "character"; path: string } | { kind: "too_deep" };

/**
 * The first string or key of a parsed event that PostgreSQL cannot store, or nesting deeper than
 * jsonb (and the live feed) should ever see. Iterative, so a hostile body cannot overflow the stack.
 */
export function unstorableTextPath(value: unknown): UnstorableText | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: "", depth: 0 }];
  while (stack.length) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === "string") {
      if (!isStorableText(v)) return { kind: "character", path };
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (depth >= MAX_EVENT_DEPTH) return { kind: "too_deep" };
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((item, i) => [String(i), item]) : Object.entries(v);
    for (const [key, item] of entries) {
      const at = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return { kind: "character", path: path ? `${path}.(a key)` : "(a key)" };
      stack.push({ value: item, path: at, depth: depth + 1 });
    }
  }
  return null;
}
