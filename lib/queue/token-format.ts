/**
 * OPD token labels. A clinic configures the format once (OPD_TOKEN_FORMAT): fixed text around one
 * number placeholder, `{n}` as is or `{n:3}` padded with zeros to three digits ("A-{n:3}" → "A-012").
 * The label is written on the visit when the token is issued, so changing the format later never
 * renames a token already called out or printed.
 */
export const DEFAULT_TOKEN_FORMAT = "A-{n:3}";

const PLACEHOLDER = /\{n(?::([1-6]))?\}/g;
const FIXED_TEXT = /^[A-Za-z0-9 #./-]*$/;

/** Why a format cannot be used, or null when it can. */
export function tokenFormatProblem(format: string): string | null {
  const found = [...format.matchAll(PLACEHOLDER)];
  if (found.length !== 1) return "must contain the number exactly once, as {n} or {n:3} (padded to 3 digits)";
  const fixed = format.replace(PLACEHOLDER, "");
  if (!FIXED_TEXT.test(fixed)) return "may hold only letters, digits, spaces and # . / - around {n}";
  if (fixed.length > 12) return "may hold at most 12 characters around {n}";
  return null;
}

/** The label of token number `n` (1, 2, 3…) in `format`. */
export function formatToken(format: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`not a token number: ${n}`);
  return format.replace(PLACEHOLDER, (_m, width: string | undefined) => String(n).padStart(width ? Number(width) : 1, "0"));
}
