/**
 * Sandbox mode in one place: whether the emulator (lib/platform/fake) is the configured platform is
 * decided once. lib/env.ts turns the environment into the configuration's `platform.emulator` (no
 * PLATFORM_BASE_URL), lib/platform/client/demo.ts is the only reader of that flag and turns it into
 * the client's demo capability (`platform.demo`, `demoCapability`), and everything else asks whether
 * that capability exists. This finds every file that reads the flag, or calls the emulator's
 * control routes, outside that home. Checked on the syntax tree (property reads, element reads,
 * destructuring, `in`), not on text, so a comment or a message naming the variable is no finding.
 * lib/sandbox-mode.test.ts runs it on the real tree and on escapes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { listFiles, SPELLING_ESCAPE } from "./import-graph";

/**
 * The names that carry sandbox mode, and the only files that may read them: the one table to edit
 * if the home moves. A name with no file is retired: nothing may read it again.
 */
export const MODE_READERS: Readonly<Record<string, readonly string[]>> = {
  // The environment variable whose absence means "the emulator": read where the environment is read.
  PLATFORM_BASE_URL: ["lib/env.ts"],
  // The configuration's flag (AppEnv.platform.emulator, PlatformSettings.emulator).
  emulator: ["lib/platform/client/demo.ts"],
  // Retired spellings of the same question.
  sandboxMode: [],
  isSandbox: [],
};

/**
 * Where the emulator's control routes (/__sandbox/…) may be called from directly: the platform's
 * home (the client's demo capability, the emulator itself), test code and its harness, and the
 * developer tools aimed at a sandbox by URL (`npm run sandbox:emit -- --sandbox …`, `npm run fuzz`).
 * The desk calls them only through `platform.demo`.
 */
export const CONTROL_ROUTE_CALLERS: readonly string[] = ["lib/platform/", "lib/abdm/fake/", "lib/testing/", "e2e/", "bench/", "scripts/fuzz/", "scripts/sandbox-emit.ts"];

const CONTROL_ROUTE = "/__sandbox/";
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$|\.setup\.[cm]?[jt]s$/;
const SKIP_DIRS = new Set(["node_modules", ".next", ".data", ".git", "test-results", "playwright-report"]);

export interface ModeFinding {
  file: string;
  line: number;
  /** What was read or called: `.emulator`, `["sandboxMode"]`, `{ emulator }`, `/__sandbox/`. */
  what: string;
  reason: string;
}

const allowedBy = (list: readonly string[], rel: string) => list.some((p) => (p.endsWith("/") ? rel.startsWith(p) : rel === p));

function scriptKind(file: string): ts.ScriptKind {
  if (/\.[cm]?tsx$/.test(file)) return ts.ScriptKind.TSX;
  if (/\.jsx$/.test(file)) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** The findings of one file (root-relative path, its text). */
export function modeFindings(rel: string, text: string): ModeFinding[] {
  // Every finding names a key or the control route in the source as written, or through an escape
  // (`\u0065mulator`, `"\x65mulator"`, octal, a line continuation): a file with neither is not parsed
  // (three in four of the tree's files).
  if (!SPELLING_ESCAPE.test(text) && !text.includes(CONTROL_ROUTE) && !Object.keys(MODE_READERS).some((key) => text.includes(key))) return [];
  const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, scriptKind(rel));
  const out: ModeFinding[] = [];
  const at = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const name = (n: ts.Node | undefined): string | undefined => {
    if (!n) return undefined;
    if (ts.isIdentifier(n) || ts.isPrivateIdentifier(n) || ts.isStringLiteralLike(n) || ts.isNumericLiteral(n)) return n.text;
    if (ts.isComputedPropertyName(n)) return name(n.expression);
    return undefined;
  };
  const read = (n: ts.Node, key: string | undefined, what: (k: string) => string) => {
    if (key === undefined || !Object.hasOwn(MODE_READERS, key) || allowedBy(MODE_READERS[key]!, rel)) return;
    const home = MODE_READERS[key]!;
    out.push({
      file: rel,
      line: at(n),
      what: what(key),
      reason: home.length
        ? `only ${home.join(", ")} may read ${key}; ask for the platform's demo capability instead (platform.demo, platformDemo())`
        : `${key} is retired; ask for the platform's demo capability instead (platform.demo, platformDemo())`,
    });
  };
  const desk = !TEST_FILE.test(rel) && !allowedBy(CONTROL_ROUTE_CALLERS, rel);
  const visit = (n: ts.Node) => {
    if (ts.isPropertyAccessExpression(n)) read(n.name, n.name.text, (k) => `.${k}`);
    else if (ts.isElementAccessExpression(n)) read(n.argumentExpression, name(n.argumentExpression), (k) => `["${k}"]`);
    else if (ts.isBindingElement(n) && ts.isObjectBindingPattern(n.parent)) read(n, name(n.propertyName ?? n.name), (k) => `{ ${k} }`);
    else if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.InKeyword) read(n.left, name(n.left), (k) => `"${k}" in`);
    else if (desk && (ts.isStringLiteralLike(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) && n.text.includes(CONTROL_ROUTE)) {
      out.push({ file: rel, line: at(n), what: CONTROL_ROUTE, reason: "the emulator's control routes are the client's demo capability (lib/platform/client/demo.ts): call platform.demo" });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** Every finding in the tree under `root` (tests, scripts, e2e and config files included), plus virtual files. */
export function sandboxModeFindings(opts: { root: string; overlay?: Record<string, string> }): { files: number; findings: ModeFinding[] } {
  const root = path.resolve(opts.root);
  const files = listFiles(root, SKIP_DIRS, (name) => SOURCE.test(name) && !name.endsWith(".d.ts"));
  const overlay = opts.overlay ?? {};
  const all = [...new Set([...files, ...Object.keys(overlay)])];
  return { files: all.length, findings: all.flatMap((rel) => modeFindings(rel, overlay[rel] ?? readFileSync(path.join(root, rel), "utf8"))) };
}

export const describeFinding = (f: ModeFinding) => `${f.file}:${f.line} ${f.what}: ${f.reason}`;
