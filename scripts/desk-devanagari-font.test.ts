import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DESK_FONT_CUT_FILE, DESK_FONT_FILE, deskFontCut } from "./desk-devanagari-font";

describe("the Hindi pages' Devanagari face", () => {
  it("is the cut of today's bundled font, characters and weights, as committed (re-run `npm run font:devanagari`)", () => {
    const font = readFileSync(DESK_FONT_FILE);
    expect(deskFontCut(font)).toEqual(JSON.parse(readFileSync(DESK_FONT_CUT_FILE, "utf8")));
    // The weights the desk draws only: well under the 118 KiB of the whole variable font.
    expect(font.length).toBeLessThan(90 * 1024);
  });

  it("keeps the weight axis the desk draws (400 to 700)", () => {
    const css = readFileSync("app/globals.css", "utf8");
    const face = /@font-face\s*{[^}]*font-family: "Desk Devanagari";[^}]*}/.exec(css)![0];
    expect(face).toContain("font-weight: 400 700;");
    expect(face).toContain('url("./fonts/desk-devanagari-wght-400-700.woff2")');
  });
});
