import type { Locale, Messages } from "@/lib/i18n/config";

// Makes every t("key") call checked against en.json (and its ICU arguments) at compile time.
declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
