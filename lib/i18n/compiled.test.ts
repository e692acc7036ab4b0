import { describe, expect, it } from "vitest";
import compile from "icu-minify/compile";
import { createTranslator } from "use-intl/core";
import { compiledTranslator } from "./compiled";
import { MESSAGES, TIME_ZONE } from "./config";

/**
 * The sign-in page formats its messages with icu-minify (compiledTranslator) instead of use-intl:
 * every sign-in message must read the same as use-intl reads it, plurals included, in both languages.
 */
describe("messages compiled for pages outside the desk", () => {
  for (const locale of ["en", "hi"] as const) {
    it(`read as use-intl reads them (${locale})`, () => {
      const source = MESSAGES[locale].signIn;
      const compiled = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, JSON.parse(JSON.stringify(compile(v)))]));
      const t = compiledTranslator(locale, compiled);
      const expected = createTranslator({ locale, messages: MESSAGES[locale], namespace: "signIn", timeZone: TIME_ZONE });
      const values = { name: "Dr. Meera Iyer", role: "Doctor" };
      for (const key of Object.keys(source) as (keyof typeof source)[]) {
        if (key === "rateLimited") {
          for (const seconds of [0, 1, 2, 30, 1000]) expect(t(key, { seconds })).toBe(expected(key, { seconds }));
        } else {
          expect(t(key, values)).toBe(expected(key, values as never));
        }
      }
      if (locale === "en") expect([t("rateLimited", { seconds: 1 }), t("rateLimited", { seconds: 2 })]).toEqual(["Too many sign-in attempts. Wait 1 second and try again.", "Too many sign-in attempts. Wait 2 seconds and try again."]);
    });
  }
});
