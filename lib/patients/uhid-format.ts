/**
 * The clinic's own patient number (UHID), generated at registration when the desk leaves the field
 * blank. A clinic configures the format once (OPD_UHID_FORMAT), with these placeholders:
 *   {clinic}  the clinic's short code (OPD_UHID_CLINIC_CODE, e.g. PUN)
 *   {yyyy}    the year of registration in the clinic's time zone (2026); {yy} its last two digits (26)
 *   {n}       the running number, exactly once; {n:6} padded with zeros to 6 digits (000123)
 * The running number counts per rendered prefix: with a year in the format it starts at 1 each year.
 */
export const DEFAULT_UHID_FORMAT = "{clinic}-{yyyy}-{n:6}";
export const DEFAULT_UHID_CLINIC_CODE = "OPD";

const NUMBER = /\{n(?::([1-9]))?\}/g;
const KNOWN = /\{(?:clinic|yyyy|yy|n(?::[1-9])?)\}/g;
/** What the desk accepts as a typed UHID too (lib/schemas/patient-fields.ts): letters, digits, . _ / - */
const FIXED_TEXT = /^[A-Za-z0-9._/-]*$/;

/** Why a format cannot be used, or null when it can. */
export function uhidFormatProblem(format: string): string | null {
  if ([...format.matchAll(NUMBER)].length !== 1) return "must contain the running number exactly once, as {n} or {n:6} (padded to 6 digits)";
  const fixed = format.replace(KNOWN, "");
  if (/[{}]/.test(fixed)) return "knows only the placeholders {clinic}, {yyyy}, {yy} and {n} / {n:6}";
  if (!FIXED_TEXT.test(fixed)) return "may hold only letters, digits and . _ / - around the placeholders";
  if (format.replace(KNOWN, "").length > 16) return "may hold at most 16 characters around the placeholders";
  return null;
}

export function uhidClinicCodeProblem(code: string): string | null {
  return /^[A-Za-z0-9]{1,8}$/.test(code) ? null : "must be 1–8 letters or digits";
}

/** The format with everything but the running number filled in: the counter's scope. */
export function uhidScope(format: string, p: { clinic: string; year: number }): string {
  return format
    .replaceAll("{clinic}", p.clinic.toUpperCase())
    .replaceAll("{yyyy}", String(p.year))
    .replaceAll("{yy}", String(p.year % 100).padStart(2, "0"));
}

/** Number `n` (1, 2, 3…) in a scope made by uhidScope. */
export function uhidOf(scope: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`not a patient number: ${n}`);
  return scope.replace(NUMBER, (_m, width: string | undefined) => String(n).padStart(width ? Number(width) : 1, "0"));
}
