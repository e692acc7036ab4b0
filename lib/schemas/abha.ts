/**
 * ABHA (Ayushman Bharat Health Account) identifiers, as ABDM publishes them:
 * - the ABHA number: 14 digits, printed on the card as XX-XXXX-XXXX-XXXX;
 * - the ABHA address: `handle@abdm` (`@sbx` in ABDM's sandbox). ABDM's address policy: at least 4
 *   characters of letters, digits, dots and underscores; a digit may not come first and a dot may not
 *   come first or last; the one all-digit handle allowed is the 14-digit ABHA number itself
 *   (`91234567890123@abdm`). The desk keeps ABDM's older upper bound of 32 characters.
 */
export const ABHA_NUMBER_DIGITS = 14;
export const ABHA_HANDLE_MIN = 4;
export const ABHA_HANDLE_MAX = 32;
export const ABHA_DOMAINS = ["abdm", "sbx"] as const;

/** What a receptionist may type between the digit groups: hyphens and spaces (any number, anywhere). */
const NUMBER_SEPARATORS = /[\s-]+/g;

/** The 14 digits of an ABHA number typed with or without hyphens or spaces; null when it is not one. */
export function abhaNumberDigits(input: string): string | null {
  if (input.length > 64) return null;
  const digits = input.trim().replace(NUMBER_SEPARATORS, "");
  return /^\d{14}$/.test(digits) ? digits : null;
}

/** 14 digits → XX-XXXX-XXXX-XXXX, the way the ABHA card prints them; anything else comes back unchanged. */
export function formatAbhaNumber(value: string): string {
  const digits = abhaNumberDigits(value);
  if (!digits) return value;
  return `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6, 10)}-${digits.slice(10, 14)}`;
}

const HANDLE = /^[A-Za-z_][A-Za-z0-9._]*$/;

/** Why an ABHA address is refused, or null when its shape is right. */
export function abhaAddressProblem(input: string): "format" | "domain" | null {
  const at = input.lastIndexOf("@");
  if (at < 0 || input.indexOf("@") !== at) return "format";
  const handle = input.slice(0, at);
  const domain = input.slice(at + 1).toLowerCase();
  const numberHandle = /^\d{14}$/.test(handle);
  const handleOk =
    numberHandle || (handle.length >= ABHA_HANDLE_MIN && handle.length <= ABHA_HANDLE_MAX && HANDLE.test(handle) && !handle.endsWith("."));
  if (!handleOk) return "format";
  if (!(ABHA_DOMAINS as readonly string[]).includes(domain)) return "domain";
  return null;
}

/** An ABHA address as the desk keeps it: trimmed, lower case (ABDM's addresses are not case-sensitive). */
export function normaliseAbhaAddress(input: string): string | null {
  const v = input.trim();
  return v.length <= ABHA_HANDLE_MAX + 6 && abhaAddressProblem(v) === null ? v.toLowerCase() : null;
}
