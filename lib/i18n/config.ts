import { en, type Messages } from "./catalogue-en";
import { hi } from "./catalogue-hi";
import type { Locale } from "./locales";

// Both catalogues, for the server (and tests). Browser code imports `./locales` and gets its one
// catalogue through the language provider (intl-provider.tsx), which loads only the page's language.
export { LOCALES, DEFAULT_LOCALE, LOCALE_COOKIE, TIME_ZONE, isLocale, type Locale } from "./locales";
export type { Messages };

export const MESSAGES: Record<Locale, Messages> = { en, hi };
