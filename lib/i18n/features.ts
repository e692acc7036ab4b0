import type { Messages } from "./catalogue-en";
import type commonEn from "./messages/en.json";
import type { Locale } from "./locales";

/**
 * The browser's catalogue in pieces: the desk's own words (messages/{en,hi}.json: meta, common,
 * nav, problems…) come with every desk page (intl-provider.tsx); each feature's namespace
 * (messages/<feature>/{en,hi}.json) is a chunk of its own, downloaded, in the page's language only,
 * by the pages and dialogs whose components use it (<FeatureMessages> in feature-messages.tsx).
 * lib/i18n/page-messages.test.ts walks every page's imports and fails when a component's namespace
 * is not declared where the component is shown.
 */
export type CommonNamespace = keyof typeof commonEn;
export type Feature = Exclude<keyof Messages, CommonNamespace>;
export type CommonMessages = Pick<Messages, CommonNamespace>;

type Loader<F extends Feature> = () => Promise<{ default: Pick<Messages, F> }>;

/** One line per feature; `Record` over `Feature` makes a new feature file without a line here a type error. */
export const FEATURE_LOADERS: { [F in Feature]: Record<Locale, Loader<F>> } = {
  abdmShares: { en: () => import("./messages/abdm/en.json"), hi: () => import("./messages/abdm/hi.json") },
  abha: { en: () => import("./messages/abha/en.json"), hi: () => import("./messages/abha/hi.json") },
  billing: { en: () => import("./messages/billing/en.json"), hi: () => import("./messages/billing/hi.json") },
  billingAdmin: { en: () => import("./messages/billingAdmin/en.json"), hi: () => import("./messages/billingAdmin/hi.json") },
  dashboard: { en: () => import("./messages/dashboard/en.json"), hi: () => import("./messages/dashboard/hi.json") },
  displays: { en: () => import("./messages/displays/en.json"), hi: () => import("./messages/displays/hi.json") },
  documents: { en: () => import("./messages/documents/en.json"), hi: () => import("./messages/documents/hi.json") },
  drugs: { en: () => import("./messages/drugs/en.json"), hi: () => import("./messages/drugs/hi.json") },
  erasure: { en: () => import("./messages/erasure/en.json"), hi: () => import("./messages/erasure/hi.json") },
  live: { en: () => import("./messages/live/en.json"), hi: () => import("./messages/live/hi.json") },
  opdSlips: { en: () => import("./messages/opdSlips/en.json"), hi: () => import("./messages/opdSlips/hi.json") },
  patients: { en: () => import("./messages/patients/en.json"), hi: () => import("./messages/patients/hi.json") },
  priorityMarks: { en: () => import("./messages/priorityMarks/en.json"), hi: () => import("./messages/priorityMarks/hi.json") },
  queue: { en: () => import("./messages/queue/en.json"), hi: () => import("./messages/queue/hi.json") },
  rooms: { en: () => import("./messages/rooms/en.json"), hi: () => import("./messages/rooms/hi.json") },
  staffSessions: { en: () => import("./messages/sessions/en.json"), hi: () => import("./messages/sessions/hi.json") },
  settings: { en: () => import("./messages/settings/en.json"), hi: () => import("./messages/settings/hi.json") },
  slots: { en: () => import("./messages/slots/en.json"), hi: () => import("./messages/slots/hi.json") },
};

/** Each feature's messages once loaded, per language: read synchronously by renders after the first. */
const loaded: Record<Locale, Partial<Messages>> = { en: {}, hi: {} };
const loading = new Map<string, Promise<void>>();

/** One download per key, shared by every caller; a failed one (a flaky connection) is tried again by the next call, not cached. */
export function downloadOnce<K, T>(downloads: Map<K, Promise<T>>, key: K, download: () => Promise<T>): Promise<T> {
  let promise = downloads.get(key);
  if (!promise) {
    promise = download();
    promise.catch(() => downloads.delete(key));
    downloads.set(key, promise);
  }
  return promise;
}

function loadOne(locale: Locale, feature: Feature): Promise<void> {
  return downloadOnce(loading, `${locale}:${feature}`, () => FEATURE_LOADERS[feature][locale]().then((m) => void Object.assign(loaded[locale], m.default)));
}

const together = new Map<string, Promise<void>>();

/** Null when every feature is already here; else one promise per set of features (stable, for React's `use`). */
export function featuresPending(locale: Locale, features: readonly Feature[]): Promise<void> | null {
  const missing = features.filter((f) => !(f in loaded[locale]));
  if (!missing.length) return null;
  const key = `${locale}:${[...missing].sort().join(",")}`;
  let promise = together.get(key);
  if (!promise) {
    promise = Promise.all(missing.map((f) => loadOne(locale, f))).then(() => undefined);
    promise.then(() => together.delete(key), () => together.delete(key));
    together.set(key, promise);
  }
  return promise;
}

/** The loaded messages of these features (call once `featuresPending` is null). */
export function featureMessages(locale: Locale, features: readonly Feature[]): Partial<Messages> {
  return Object.fromEntries(features.map((f) => [f, loaded[locale][f]]));
}
