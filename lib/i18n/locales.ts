/**
 * The languages and the cookie that picks one, without any message catalogue: browser code that
 * needs only these (the language switch, time-zone formatting) must not pull every catalogue into
 * every page's JavaScript, as importing `config.ts` would.
 */
export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "locale";
/** Clinics are in India; dates and times are shown in IST whatever the server's zone. */
export const TIME_ZONE = "Asia/Kolkata";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
