import commonEn from "./messages/en.json";
import commonHi from "./messages/hi.json";
import drugsEn from "./messages/drugs/en.json";
import drugsHi from "./messages/drugs/hi.json";
import patientsEn from "./messages/patients/en.json";
import patientsHi from "./messages/patients/hi.json";
import liveEn from "./messages/live/en.json";
import liveHi from "./messages/live/hi.json";
import settingsEn from "./messages/settings/en.json";
import settingsHi from "./messages/settings/hi.json";
import slotsEn from "./messages/slots/en.json";
import slotsHi from "./messages/slots/hi.json";
import documentsEn from "./messages/documents/en.json";
import documentsHi from "./messages/documents/hi.json";
import sessionsEn from "./messages/sessions/en.json";
import sessionsHi from "./messages/sessions/hi.json";
import queueEn from "./messages/queue/en.json";
import queueHi from "./messages/queue/hi.json";

// One folder of messages per feature (messages/<feature>/{en,hi}.json), one line each here.
const en = { ...commonEn, ...drugsEn, ...patientsEn, ...liveEn, ...settingsEn, ...slotsEn, ...documentsEn, ...sessionsEn, ...queueEn };
const hi: typeof en = { ...commonHi, ...drugsHi, ...patientsHi, ...liveHi, ...settingsHi, ...slotsHi, ...documentsHi, ...sessionsHi, ...queueHi };

export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "locale";
/** Clinics are in India; dates and times are shown in IST whatever the server's zone. */
export const TIME_ZONE = "Asia/Kolkata";

export type Messages = typeof en;

export const MESSAGES: Record<Locale, Messages> = { en, hi };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
