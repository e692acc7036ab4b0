import format, { type CompiledMessage } from "icu-minify/format";

/**
 * Messages for the pages outside the desk (sign-in, a refused or unknown page), which load neither
 * a catalogue nor use-intl's formatter (~30 KiB of a signed-out visit's JavaScript): the server
 * passes the few messages a component shows, compiled from the same ICU source (compiledMessages()
 * in server.ts), and this formats them with icu-minify's ~1 KiB runtime.
 */
export type CompiledMessages<K extends string = string> = Record<K, CompiledMessage>;

const FORMATTERS = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

/** `t(key, values)` over compiled messages, as use-intl's would read them. */
export function compiledTranslator<K extends string>(locale: string, messages: CompiledMessages<K>) {
  return (key: K, values?: Record<string, string | number>): string => {
    const out = format(messages[key], locale, values, { formatters: FORMATTERS });
    return Array.isArray(out) ? out.join("") : String(out);
  };
}
