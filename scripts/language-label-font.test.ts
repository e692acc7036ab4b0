import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildLanguageLabelFont, LABEL_FONT_FILE, languageLabelText } from "./language-label-font";

describe("the language switch's Devanagari label face", () => {
  it("holds every Devanagari character of the switch's labels", () => {
    expect(languageLabelText()).toContain("ह");
    for (const ch of "हिन्दी") expect(languageLabelText()).toContain(ch);
  });

  it("is the committed file: cut again from today's labels, it is byte for byte the same (re-run `npm run font:language-label` after changing them)", async () => {
    const built = await buildLanguageLabelFont();
    expect(built.equals(readFileSync(LABEL_FONT_FILE))).toBe(true);
    // A few glyphs, not the whole face the English pages used to download for one word.
    expect(built.length).toBeLessThan(8 * 1024);
  });
});
