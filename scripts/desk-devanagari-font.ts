/**
 * `npm run font:devanagari`: writes app/fonts/desk-devanagari-wght-400-700.woff2, the Hindi pages'
 * face ("Desk Devanagari" in globals.css): the bundled Noto Sans Devanagari variable font, every
 * character of its Devanagari file kept, with its weight axis limited to 400–700, the weights the desk
 * draws (normal, font-medium, font-semibold, font-bold). 79 KiB instead of 118: a first Hindi visit
 * preloads it, and on a slow phone link its download was most of what Hindi pages' LCP had over English.
 * It also writes what the cut was made from (DESK_FONT_CUT_FILE): scripts/desk-devanagari-font.test.ts
 * fails when the bundled font, the characters or the weights no longer match it, or the font file was
 * changed by hand, without cutting the font again itself (a second and more of the unit suite's CPU).
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const ROOT = path.resolve(__dirname, "..");
export const DESK_FONT_FILE = path.join(ROOT, "app/fonts/desk-devanagari-wght-400-700.woff2");
export const DESK_FONT_CUT_FILE = path.join(ROOT, "app/fonts/desk-devanagari-wght-400-700.cut.json");
export const SOURCE = path.join(ROOT, "node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2");
export const WEIGHTS = { min: 400, max: 700 } as const;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join("");
/** globals.css's unicode-range for the face: the Devanagari blocks, joiners, ₨ and the dotted circle. */
export const DESK_FONT_TEXT = range(0x0900, 0x097f) + range(0x1cd0, 0x1cf9) + "\u200c\u200d\u20a8\u25cc" + range(0xa830, 0xa839) + range(0xa8e0, 0xa8ff);

export async function buildDeskDevanagariFont(): Promise<Buffer> {
  return subsetFont(readFileSync(SOURCE), DESK_FONT_TEXT, { targetFormat: "woff2", variationAxes: { wght: WEIGHTS } });
}

export const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** What a cut is made from and what it made: compared by the test with the bundled font and the committed file. */
export function deskFontCut(font: Buffer) {
  return { source: sha256(readFileSync(SOURCE)), text: sha256(DESK_FONT_TEXT), weights: WEIGHTS, font: sha256(font) };
}

if (require.main === module) {
  void buildDeskDevanagariFont().then((font) => {
    writeFileSync(DESK_FONT_FILE, font);
    writeFileSync(DESK_FONT_CUT_FILE, `${JSON.stringify(deskFontCut(font), null, 2)}\n`);
    console.log(`${path.relative(ROOT, DESK_FONT_FILE)}: ${font.length} bytes`);
  });
}
