/**
 * `npm run font:language-label`: writes app/fonts/language-label-devanagari.woff2, the few
 * Devanagari glyphs of the language switch's "हिन्दी" label, cut from the bundled Noto Sans
 * Devanagari at the switch's weight. An English page draws that one word in Devanagari: with this
 * ~2 KB face it no longer downloads the whole 119 KiB font to do so (the full face still loads the
 * moment any other Devanagari text, a Hindi page or a patient's Hindi name, is on screen).
 * scripts/language-label-font.test.ts fails when the label changes and this file was not re-run.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import en from "../lib/i18n/messages/en.json";
import hi from "../lib/i18n/messages/hi.json";

const ROOT = path.resolve(__dirname, "..");
export const LABEL_FONT_FILE = path.join(ROOT, "app/fonts/language-label-devanagari.woff2");
const SOURCE = path.join(ROOT, "node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2");
/** The switch's buttons are `font-medium`. */
const WEIGHT = 500;

/** Every Devanagari character the switch's labels use, in either language's catalogue. */
export function languageLabelText(): string {
  const labels = [en.language.en, en.language.hi, hi.language.en, hi.language.hi].join("");
  return [...new Set(labels.match(/[\u0900-\u097F\u200C\u200D]/gu) ?? [])].sort().join("");
}

export async function buildLanguageLabelFont(): Promise<Buffer> {
  return subsetFont(readFileSync(SOURCE), languageLabelText(), { targetFormat: "woff2", variationAxes: { wght: WEIGHT } });
}

if (require.main === module) {
  void buildLanguageLabelFont().then((font) => {
    writeFileSync(LABEL_FONT_FILE, font);
    console.log(`${path.relative(ROOT, LABEL_FONT_FILE)}: ${font.length} bytes for "${languageLabelText()}"`);
  });
}
