import { getLocale, getTranslator } from "@/lib/i18n/server";
import { LanguageSwitchControl } from "./language-switch-control";

/**
 * The language switch with its words from the server: no catalogue or message formatter is needed
 * in the browser for it, so pages outside the desk (sign-in, a refused page) load neither.
 */
export async function LanguageSwitch({ className }: { className?: string }) {
  const [locale, t] = await Promise.all([getLocale(), getTranslator("language")]);
  return <LanguageSwitchControl className={className} locale={locale} labels={{ label: t("label"), en: t("en"), hi: t("hi") }} />;
}
