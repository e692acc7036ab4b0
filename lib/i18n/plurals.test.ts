import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { MESSAGES } from "./config";

const t = (locale: "en" | "hi") => createTranslator({ locale, messages: MESSAGES[locale], timeZone: "Asia/Kolkata" });

describe("counted strings use ICU plural rules through the i18n layer", () => {
  it("one file or several, in English and Hindi", () => {
    expect(t("en")("documents.uploadReady", { count: 1 })).toBe("Upload 1 file");
    expect(t("en")("documents.uploadReady", { count: 3 })).toBe("Upload 3 files");
    expect(t("hi")("documents.uploadReady", { count: 1 })).toBe("1 फ़ाइल अपलोड करें");
    expect(t("hi")("documents.uploadReady", { count: 3 })).toBe("3 फ़ाइलें अपलोड करें");
  });

  it("doses, durations, repeats and countdowns", () => {
    expect(t("hi")("drugs.sig.quantity", { count: 1, unit: "tablet" })).toBe("1 गोली");
    expect(t("hi")("drugs.sig.quantity", { count: 2, unit: "tablet" })).toBe("2 गोलियाँ");
    expect(t("hi")("drugs.sig.duration", { count: 1, unit: "month" })).toBe("1 महीना");
    expect(t("hi")("drugs.sig.duration", { count: 3, unit: "month" })).toBe("3 महीने");
    expect(t("en")("drugs.sig.everyHours", { hours: 1 })).toBe("every hour");
    expect(t("en")("drugs.sig.everyHours", { hours: 8 })).toBe("every 8 hours");
    expect(t("en")("slots.assistant.countdownLabel", { minutes: 1, seconds: 1 })).toBe("1 minute 1 second left");
    expect(t("en")("slots.assistant.countdownLabel", { minutes: 2, seconds: 30 })).toBe("2 minutes 30 seconds left");
  });
});
