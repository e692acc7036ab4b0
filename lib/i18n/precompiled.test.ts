import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import compile from "icu-minify/compile";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { createTranslator, _createCache, _createIntlFormatters } from "use-intl/core";
import formatPrecompiled from "use-intl/format-message/format-only";
import { MESSAGES, TIME_ZONE } from "./config";

// The browser formats precompiled catalogues with use-intl's format-only runtime (next.config.js,
// precompile-loader.cjs); the server renders the same pages with the plain catalogue and use-intl's
// parser. A message that read differently would change under the user's eyes at hydration.
const { precompile, MESSAGE_CATALOGUE } = createRequire(import.meta.url)("./precompile-loader.cjs") as {
  precompile: (catalogue: unknown, compile: (message: string) => unknown) => unknown;
  MESSAGE_CATALOGUE: RegExp;
};

const MESSAGES_DIR = path.resolve("lib/i18n/messages");
const jsonFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? jsonFiles(path.join(dir, e.name)) : e.name.endsWith(".json") ? [path.join(dir, e.name)] : []));

type Tree = { [key: string]: unknown };
const isGroup = (v: unknown): v is Tree => typeof v === "object" && v !== null && !Array.isArray(v);
/** Each message with its dotted key; a compiled message is a string, a number or an array, a group is an object. */
const leaves = <T,>(tree: Tree, prefix = ""): [string, T][] =>
  Object.entries(tree).flatMap(([k, v]) => (isGroup(v) ? leaves<T>(v, `${prefix}${k}.`) : [[prefix + k, v as T] as [string, T]]));

/** Values that take every branch of a message: each select option and "other", plural counts across the CLDR categories of both languages. */
function valueSets(message: string): Record<string, unknown>[] {
  const args = new Map<string, unknown[]>();
  const tags = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument) args.set(el.value, args.get(el.value) ?? ["Lata", "कमरा 2"]);
      if (el.type === TYPE.number) args.set(el.value, [0, 1, 2.5, 1234567]);
      if (el.type === TYPE.plural) {
        args.set(el.value, [0, 1, 2, 3, 5, 11, 21, 101, 1000]);
        Object.values(el.options).forEach((o) => visit(o.value));
      }
      if (el.type === TYPE.select) {
        args.set(el.value, [...Object.keys(el.options), "not-an-option"]);
        Object.values(el.options).forEach((o) => visit(o.value));
      }
      if (el.type === TYPE.tag) {
        tags.add(el.value);
        visit(el.children);
      }
    }
  };
  visit(parse(message, { ignoreTag: false }));
  const width = Math.max(1, ...[...args.values()].map((v) => v.length));
  return Array.from({ length: width }, (_, i) => ({
    ...Object.fromEntries([...args].map(([name, options]) => [name, options[i % options.length]])),
    ...Object.fromEntries([...tags].map((tag) => [tag, (chunks: string[]) => `<${tag}>${chunks.join("")}</${tag}>`])),
  }));
}

describe("the browser's precompiled catalogues", () => {
  it("cover every catalogue file, and not the TV's plain templates", () => {
    const files = jsonFiles(MESSAGES_DIR);
    const matched = files.filter((f) => MESSAGE_CATALOGUE.test(f)).map((f) => path.relative(MESSAGES_DIR, f));
    expect(matched).toContain("en.json");
    expect(matched).toContain(path.join("queue", "hi.json"));
    expect(matched.filter((f) => f.includes("tv-"))).toEqual([]);
    // Every {en,hi}.json is one of the catalogues the desk loads (catalogue-en.ts / catalogue-hi.ts import each).
    const imported = ["catalogue-en.ts", "catalogue-hi.ts"].flatMap((f) => [...readFileSync(path.join("lib/i18n", f), "utf8").matchAll(/from "\.\/messages\/([^"]+)"/g)].map((m) => m[1]!));
    expect(matched.sort()).toEqual(imported.sort());
  });

  for (const locale of ["en", "hi"] as const) {
    it(`read exactly as the server reads them, every message and branch (${locale})`, () => {
      const compiled = precompile(MESSAGES[locale], compile) as Tree;
      const serverT = createTranslator({ locale, messages: MESSAGES[locale], timeZone: TIME_ZONE });
      const options = { cache: _createCache(), formatters: _createIntlFormatters(_createCache()), locale, timeZone: TIME_ZONE, formats: undefined, globalFormats: undefined };
      const byKey = new Map(leaves<unknown>(compiled));
      let checked = 0;
      const differing: string[] = [];
      for (const [key, message] of leaves<string>(MESSAGES[locale] as unknown as Tree)) {
        for (const values of valueSets(message)) {
          const server = serverT.markup(key as never, values as never);
          const out = formatPrecompiled(key, byKey.get(key) as never, values as never, options as never);
          const browser = Array.isArray(out) ? out.join("") : out;
          if (browser !== server) differing.push(`${key} ${JSON.stringify(values)}: server "${server}", browser "${String(browser)}"`);
          checked++;
        }
      }
      expect(differing).toEqual([]);
      expect(checked).toBeGreaterThan(1000);
    });
  }

  it("refuses a catalogue that is not made of messages, naming where", () => {
    expect(() => precompile({ queue: { title: "Queue", count: 3 } }, compile)).toThrow("(root).queue.count");
  });
});
