/**
 * What a page expects of a BFF answer, checked cheaply in the browser instead of parsing it with the
 * server's zod schemas (zod was ~32 KiB gzip and 200–290 ms of start-up on a throttled phone, in the
 * first download of every page that reads the API).
 *
 * Why that is enough: the answers come from our own BFF, which builds them from values it has already
 * validated (the platform's answers with zod, its own rows from typed queries) and which the page's
 * code is typed against (`import type` of the same schemas' types). What the browser still has to
 * catch is an answer it was not built for: a page from an older build talking to a newer server
 * (`x-desk-build`, see http.ts) or something that is not our BFF at all (a proxy's page). The check
 * below is the last line against the second: JSON of the expected kind, with the named fields of the
 * expected kinds. The field kinds are checked against the answer's type at compile time.
 *
 * Imports nothing: it is in the first download of every desk page that reads the API.
 */

export type FieldKind = "string" | "string|null" | "number" | "integer" | "boolean" | "array" | "object" | "object|null";

/** The kind a required field of type V must be listed with (never for optional fields, which may be absent). */
type KindOf<V> = [V] extends [string]
  ? "string"
  : [V] extends [string | null]
    ? "string|null"
    : [V] extends [number]
    ? "number" | "integer"
    : [V] extends [boolean]
      ? "boolean"
      : [V] extends [readonly unknown[]]
        ? "array"
        : [V] extends [object]
          ? "object"
          : [V] extends [object | null]
            ? "object|null"
            : never;

export type FieldKinds<T> = { readonly [K in keyof T & string]?: KindOf<T[K]> };

/** An expected answer of type T; `T` is carried for the caller's types only. */
export interface Expected<T> {
  /** True when `json` may be used as a T. */
  readonly accepts: (json: unknown) => boolean;
  /** For the error's detail: what was expected. */
  readonly shape: string;
  /** Phantom: never set. */
  readonly __answer?: T;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function kindOk(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    case "object|null":
      return value === null || isObject(value);
    case "string|null":
      return value === null || typeof value === "string";
    case "integer":
      return Number.isSafeInteger(value);
    default:
      return typeof value === kind;
  }
}

/** Fields of `value` (an object) that are not of the listed kinds. */
export function wrongFields(value: Record<string, unknown>, fields: Readonly<Record<string, FieldKind | undefined>>): string[] {
  return Object.entries(fields).flatMap(([name, kind]) => (kind && !kindOk(value[name], kind) ? [name] : []));
}

/** A JSON object whose listed (required) fields have the listed kinds. */
export function objectAnswer<T extends object>(fields: FieldKinds<T> = {}): Expected<T> {
  const listed = fields as Readonly<Record<string, FieldKind | undefined>>;
  return {
    accepts: (json) => isObject(json) && wrongFields(json, listed).length === 0,
    shape: `an object with ${Object.keys(listed).join(", ") || "any fields"}`,
  };
}

/** Any JSON answer (or none): for calls whose answer the page does not read. */
export function anyAnswer<T = unknown>(): Expected<T> {
  return { accepts: () => true, shape: "anything" };
}

export { isObject as isJsonObject };
