import "server-only";
import { cookies } from "next/headers";
import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import { DEFAULT_LOCALE, LOCALE_COOKIE, MESSAGES, TIME_ZONE, isLocale, type Locale, type Messages } from "./config";

export async function getLocale(): Promise<Locale> {
  const value = (await cookies()).get(LOCALE_COOKIE)?.value;
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/** Server-side `t()`, the same messages and ICU syntax as `useTranslations` in the browser. */
export async function getTranslator<N extends Namespace = never>(namespace?: N) {
  const locale = await getLocale();
  return createTranslator({ locale, messages: MESSAGES[locale], namespace, timeZone: TIME_ZONE });
}
