import { z } from "zod";
import { isStorableText, UNSTORABLE, UNSTORABLE_TEXT_MESSAGE } from "./storable-chars";

export { isStorableText, UNSTORABLE_TEXT_MESSAGE };

const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, "g");

/** Drops NUL and lone surrogates: only for text the platform itself sends, which the desk keeps rather than refuses. */
export const toStorableText = (text: string): string => text.replace(UNSTORABLE_ALL, "");

/**
 * A string that can be stored. Chain the field's own rules after it (`storableText().trim().max(60)`):
 * the check aborts the rest, so the field's error says why the value was refused.
 */
export const storableText = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });

/** A JSON value the platform sent, with every key and text made storable (see toStorableText). */
export function toStorableJson<T>(value: T): T {
  const clean = (v: unknown): unknown =>
    typeof v === "string"
      ? toStorableText(v)
      : Array.isArray(v)
        ? v.map(clean)
        : v !== null && typeof v === "object"
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [toStorableText(k), clean(x)]))
          : v;
  return clean(value) as T;
}

/** A string the platform sent, made storable (see toStorableText). */
export const platformText = () => z.string().transform(toStorableText);

export type TextPath = (string | number)[];

/**
 * Where in a JSON value (or a flat record of query values) a string or key cannot be stored.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function unstorablePaths(value: unknown, limit = 20): TextPath[] {
  // Each entry links to its parent, so the path is built only for what is found (a deep body stays linear).
  type Node = { value: unknown; key?: string | number; parent?: Node };
  // Collected leaf to root and turned round once: unshift at each level made a deep path quadratic.
  const pathOf = (node: Node, last?: string): TextPath => {
    const path: TextPath = last === undefined ? [] : [last];
    for (let n: Node | undefined = node; n?.parent; n = n.parent) path.push(n.key!);
    return path.reverse();
  };
  const found: TextPath[] = [];
  const stack: Node[] = [{ value }];
  while (stack.length && found.length < limit) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === "string") {
      if (!isStorableText(v)) found.push(pathOf(node));
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, key: i, parent: node }));
    } else if (v !== null && typeof v === "object") {
      for (const [key, item] of Object.entries(v)) {
        if (!isStorableText(key)) found.push(pathOf(node, toStorableText(key)));
        stack.push({ value: item, key, parent: node });
      }
    }
  }
  return found;
}

/** Field path → message for every unstorable string, in the shape of a 400's `errors`. */
export function unstorableFieldErrors(value: unknown, root = "body"): Record<string, string> {
  return Object.fromEntries(unstorablePaths(value).map((p) => [p.length ? p.join(".") : root, UNSTORABLE_TEXT_MESSAGE]));
}

/**
 * Checks every string and key of a JSON value before `schema` sees it, so no field of any body —
 * named in the schema or not (extras, partner_meta) — carries an unstorable character onward.
 */
export function storableJson<T>(schema: z.ZodType<T>) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      for (const path of unstorablePaths(value)) ctx.addIssue({ code: "custom", path, message: UNSTORABLE_TEXT_MESSAGE });
    })
    .pipe(schema);
}
