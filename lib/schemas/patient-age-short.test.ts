import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/config";
import { ageOn, shortAge } from "./patient-age";

const say = (locale: "en" | "hi", dob: string, today: string) =>
  createTranslator({ locale, messages: MESSAGES[locale], namespace: "queue", timeZone: "Asia/Kolkata" })("age", shortAge(ageOn(dob, today)));

describe("a baby's age in the queue (issue 29 item 8)", () => {
  it("shows months under a year and days under a month, in English and Hindi", () => {
    expect(say("en", "2026-07-20", "2026-11-24")).toBe("4 mo");
    expect(say("hi", "2026-07-20", "2026-11-24")).toBe("4 माह");
    expect(say("en", "2026-11-12", "2026-11-24")).toBe("12 days");
    expect(say("en", "2026-11-23", "2026-11-24")).toBe("1 day");
    expect(say("hi", "2026-11-12", "2026-11-24")).toBe("12 दिन");
    expect(say("en", "2025-11-24", "2026-11-24")).toBe("1 y");
    expect(say("hi", "1978-03-14", "2026-11-24")).toBe("48 वर्ष");
  });
});
