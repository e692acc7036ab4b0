import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildDeskDevanagariFont, DESK_FONT_FILE } from "./desk-devanagari-font";

describe("the Hindi pages' Devanagari face", () => {
  it("is the committed file: cut again from the bundled font, it is byte for byte the same (re-run `npm run font:devanagari`)", async () => {
    const built = await buildDeskDevanagariFont();
    expect(built.equals(readFileSync(DESK_FONT_FILE))).toBe(true);
    // The weights the desk draws only: well under the 118 KiB of the whole variable font.
    expect(built.length).toBeLessThan(90 * 1024);
  });

  it("keeps the weight axis the desk draws (400 to 700)", () => {
    const css = readFileSync("app/globals.css", "utf8");
    const face = /@font-face\s*{[^}]*font-family: "Desk Devanagari";[^}]*}/.exec(css)![0];
    expect(face).toContain("font-weight: 400 700;");
    expect(face).toContain('url("./fonts/desk-devanagari-wght-400-700.woff2")');
  });
});
