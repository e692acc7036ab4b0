import "server-only";
import { readdirSync } from "node:fs";
import path from "node:path";

/** The Devanagari face's file name as globals.css names it; the build adds a content hash before `.woff2`. */
const FONT_FILE = /^desk-devanagari-wght-400-700\.[\w-]+\.woff2$/;

let found: string | null | undefined;

/**
 * The address the build gave the Devanagari font (globals.css's "Desk Devanagari"), for a preload
 * on Hindi pages: the browser then fetches it beside the stylesheet instead of after laying out the
 * page, and the first paint already uses it (a first Hindi visit on a phone shifted by 0.18 when the
 * face replaced the wider fallback and headings re-wrapped). English pages do not preload it: they
 * draw no Devanagari but the language switch's label, which has a face of its own. Undefined when
 * the build's files are not where `next build` puts them (a development server): no preload then.
 */
export function devanagariFontUrl(mediaDir = path.join(process.cwd(), ".next", "static", "media")): string | undefined {
  if (found === undefined) {
    try {
      const name = readdirSync(mediaDir).find((n) => FONT_FILE.test(n));
      found = name ? `/_next/static/media/${name}` : null;
    } catch {
      found = null;
    }
  }
  return found ?? undefined;
}
