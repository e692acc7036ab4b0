import "server-only";
import { ValidationError } from "./errors";

/** Names no route reads and that name an object's prototype: refused even where a schema would not look. */
const PROTOTYPE_NAMES = new Set(["__proto__", "constructor", "prototype"]);

export const isPrototypeName = (name: string): boolean => PROTOTYPE_NAMES.has(name);

function decodeComponent(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

/**
 * The query of a request address, decoded strictly. URLSearchParams turns a malformed
 * percent-encoding (`%ff`, a lone `%`, an encoded surrogate) into U+FFFD, so a "���" would be
 * stored as if the client had typed it; here such a value is refused, naming its parameter.
 */
export function strictSearchParams(url: string): URLSearchParams {
  const at = url.indexOf("?");
  const raw = at < 0 ? "" : url.slice(at + 1).split("#")[0]!;
  const params = new URLSearchParams();
  const errors: Record<string, string> = {};
  for (const pair of raw.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? "" : pair.slice(eq + 1);
    const name = decodeComponent(rawName);
    const value = decodeComponent(rawValue);
    // A name that does not decode is named as sent, with the bad bytes still percent-encoded.
    const shown = name ?? rawName.slice(0, 100);
    if (name === undefined || value === undefined) errors[shown] ??= `The query parameter ${shown} is not valid UTF-8 percent-encoding.`;
    else params.append(name, value);
  }
  const names = Object.keys(errors);
  if (names.length) throw new ValidationError(errors, `Query parameter${names.length > 1 ? "s" : ""} with a malformed encoding: ${names.join(", ")}`);
  return params;
}
