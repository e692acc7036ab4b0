import "server-only";
import { cookies } from "next/headers";
import compile from "icu-minify/compile";
import type { CompiledMessage } from "icu-minify/format";
import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import type { CompiledMessages } from "./compiled";
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

/**
 * One namespace's messages (strings only), compiled for compiledTranslator() in the browser: for
 * client components outside the desk, which carry no catalogue (lib/i18n/compiled.ts).
 */
export async function compiledMessages<N extends keyof Messages>(namespace: N): Promise<CompiledMessages<Extract<keyof Messages[N], string>>> {
  const locale = await getLocale();
  const source = MESSAGES[locale][namespace] as Record<string, unknown>;
  const out: Record<string, CompiledMessage> = {};
  // compile() builds plural and select options as null-prototype objects, which React will not pass to a client component.
  for (const [key, value] of Object.entries(source)) if (typeof value === "string") out[key] = JSON.parse(JSON.stringify(compile(value))) as CompiledMessage;
  return out as CompiledMessages<Extract<keyof Messages[N], string>>;
}
