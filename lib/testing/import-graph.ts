/**
 * The desk's import boundaries, checked on the import graph as the compiler resolves it (the
 * repository's tsconfig: its `@/*` paths, `moduleResolution: bundler`), not on how an import is
 * spelt. `@/lib//server/db`, `../lib/schemas/../server/audit`, a dynamic `import()`, a `require`,
 * `export … from` and a re-export through a shared module all resolve to the same file, so they
 * are all caught. lib/client-server-boundary.test.ts runs it on the real tree and on escapes.
 */
import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Where each kind of code lives: the one table to edit when code moves. A file belongs to the
 * first zone whose prefix (a folder ending in "/", or an exact file) matches its path from the root.
 * The platform's home (lib/platform/): its client and its emulator are server code, its wire
 * contract (field names, paths) stays on the server too.
 */
export const ZONES: readonly { prefix: string; zone: Zone }[] = [
  { prefix: "lib/server/", zone: "server" },
  { prefix: "lib/env.ts", zone: "server" },
  { prefix: "lib/platform/client/", zone: "server" },
  { prefix: "lib/platform/fake/", zone: "server" },
  // Event kind names are what staff subscribe to and see on the live feed: shared with the browser.
  { prefix: "lib/platform/wire/webhook-names.ts", zone: "shared" },
  // The same names without zod (webhook-names.ts re-exports them), for the live feed's first download.
  { prefix: "lib/platform/wire/event-kinds.ts", zone: "shared" },
  { prefix: "lib/platform/wire/", zone: "platform-wire" },
];
/** "shared" marks a file inside a guarded folder that client code may import after all. */
export type Zone = "server" | "platform-wire" | "shared";

/** Packages whose import marks a module as server code, wherever it lives. */
export const SERVER_MARKERS = ["server-only"];

/**
 * Client code: every file that says "use client" and all it imports, and this folder, which holds
 * nothing else (browser fetchers). components/ is not listed: it also holds server components
 * (components/desk/forbidden-notice.tsx reads the translator on the server).
 */
export const CLIENT_FOLDERS = ["lib/api-client/"];

/** What client code may never reach, directly or through any chain of imports. */
export const CLIENT_MAY_NOT_REACH: Record<Exclude<Zone, "shared"> | "server-marker", string> = {
  server: "client code reaches the server over the BFF routes (lib/api-client), never by importing server code or lib/env.ts",
  "server-marker": 'client code never reaches a module that imports "server-only"',
  "platform-wire": "the platform's field names stay on the server: client code uses the desk's own shapes from lib/schemas",
};

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SKIP_DIRS = new Set(["node_modules", ".next", ".data", ".git", "test-results", "playwright-report", "e2e", "bench", "scripts"]);

export interface Violation {
  /** The chain of files from the client file to the forbidden one, root-relative. */
  chain: string[];
  /** The import as written in the last file of the chain that crosses the line. */
  specifier: string;
  reason: string;
}

export interface GraphOptions {
  root: string;
  /** Virtual files (root-relative path → text) read before the disk: fixtures for the escapes. */
  overlay?: Record<string, string>;
  /** Start from these files only (root-relative); by default every client file in the tree. */
  roots?: string[];
}

const posix = (p: string) => p.split(path.sep).join("/");

export function zoneOf(rel: string): Zone | undefined {
  return ZONES.find((z) => (z.prefix.endsWith("/") ? rel.startsWith(z.prefix) : rel === z.prefix))?.zone;
}

/** An escape that can spell a letter or a slash in a name or a string: `\u`, `\x`, octal, or a line continuation. */
export const SPELLING_ESCAPE = /\\[ux0-7\r\n\u2028\u2029]/;

/** Whether the text's first statement is the "use client" directive. */
export function isUseClient(text: string): boolean {
  // Most files never say it, not even through an escape: those are not parsed.
  if (!text.includes("use client") && !SPELLING_ESCAPE.test(text)) return false;
  const sf = ts.createSourceFile("x.tsx", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  for (const s of sf.statements) {
    if (ts.isExpressionStatement(s) && ts.isStringLiteral(s.expression)) {
      if (s.expression.text === "use client") return true;
      continue;
    }
    return false;
  }
  return false;
}

/**
 * Every module a file loads at run time: static imports (not `import type`), `export … from`
 * (not `export type`), `import x = require()`, `import()` and `require()` of a literal. A
 * dynamic import of a computed name is returned as `null`: client code may not hide what it loads.
 */
export function runtimeImports(fileName: string, text: string): (string | null)[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: (string | null)[] = [];
  const literal = (n: ts.Node | undefined) => (n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) ? n.text : null);
  const visit = (n: ts.Node) => {
    if (ts.isImportDeclaration(n)) {
      const clause = n.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push(literal(n.moduleSpecifier));
    } else if (ts.isExportDeclaration(n)) {
      const typeOnly = n.isTypeOnly || (n.exportClause && ts.isNamedExports(n.exportClause) && n.exportClause.elements.length > 0 && n.exportClause.elements.every((e) => e.isTypeOnly));
      if (n.moduleSpecifier && !typeOnly) out.push(literal(n.moduleSpecifier));
    } else if (ts.isImportEqualsDeclaration(n) && !n.isTypeOnly && ts.isExternalModuleReference(n.moduleReference)) {
      out.push(literal(n.moduleReference.expression));
    } else if (ts.isCallExpression(n)) {
      const dynamicImport = n.expression.kind === ts.SyntaxKind.ImportKeyword;
      const req = ts.isIdentifier(n.expression) && n.expression.text === "require";
      if (dynamicImport || req) out.push(literal(n.arguments[0]));
    } else if (ts.isImportTypeNode(n)) {
      return; // `typeof import("…")` in a type: erased.
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The files below `root` (root-relative, "/"-separated) that `keep` accepts, outside hidden folders and `skipDirs`. */
export function listFiles(root: string, skipDirs: ReadonlySet<string>, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (!skipDirs.has(e.name) && !e.name.startsWith(".")) walk(path.join(dir, e.name));
      } else if (keep(e.name)) {
        out.push(posix(path.relative(root, path.join(dir, e.name))));
      }
    }
  };
  walk(root);
  return out;
}

/** Follows every client file's imports, as resolved, and lists each way one reaches code it must not. */
export function clientBoundaryViolations(opts: GraphOptions): Violation[] {
  const root = path.resolve(opts.root);
  const overlay = new Map(Object.entries(opts.overlay ?? {}).map(([rel, text]) => [path.join(root, rel), text]));
  const host: ts.ModuleResolutionHost = {
    fileExists: (f) => overlay.has(f) || ts.sys.fileExists(f),
    readFile: (f) => overlay.get(f) ?? ts.sys.readFile(f),
    directoryExists: (d) => [...overlay.keys()].some((f) => f.startsWith(d + path.sep)) || (ts.sys.directoryExists?.(d) ?? false),
    realpath: ts.sys.realpath,
    getCurrentDirectory: () => root,
  };
  const read = (abs: string) => overlay.get(abs) ?? readFileSync(abs, "utf8");
  const configFile = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  // Only the compiler options matter here; listing the project's files would cost seconds.
  const { options } = ts.parseJsonConfigFileContent(configFile.config, { ...ts.sys, readDirectory: () => [] }, root);
  const cache = ts.createModuleResolutionCache(root, (f) => f, options);

  /** The resolved file, or for a spelling the compiler cannot resolve, where it would land. */
  function resolve(spec: string, fromAbs: string): { abs?: string; external: boolean } {
    const r = ts.resolveModuleName(spec, fromAbs, options, host, cache).resolvedModule;
    if (r) return { abs: path.resolve(r.resolvedFileName), external: !!r.isExternalLibraryImport };
    // Not resolvable by the compiler (a ".ts" suffix, a folder spelt from the root): judged by where
    // it points, so an unusual spelling cannot make an import invisible.
    let target: string | undefined;
    if (spec.startsWith(".")) target = path.resolve(path.dirname(fromAbs), spec);
    else if (spec.startsWith("@/")) target = path.resolve(root, spec.slice(2));
    else if (/^(lib|components|app)\//.test(spec)) target = path.resolve(root, spec);
    if (!target) return { external: true };
    for (const candidate of [target, ...[".ts", ".tsx", "/index.ts", "/index.tsx"].map((x) => target + x), target.replace(/\.js$/, ".ts")]) {
      if (host.fileExists(candidate) && !(existsSync(candidate) && statSync(candidate).isDirectory())) return { abs: candidate, external: false };
    }
    return { abs: target, external: false };
  }

  let roots = opts.roots;
  if (!roots) {
    const files = listFiles(root, SKIP_DIRS, (name) => SOURCE.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith(".d.ts"));
    for (const rel of overlay.keys()) files.push(posix(path.relative(root, rel)));
    roots = [...new Set(files)].filter((rel) => CLIENT_FOLDERS.some((f) => rel.startsWith(f)) || isUseClient(read(path.join(root, rel))));
  }

  /** A file's own imports, read and resolved once: files to follow, and lines crossed. */
  type Edges = { next: { abs: string; rel: string }[]; crossed: { specifier: string; target?: string; reason: string }[] };
  const edgesByFile = new Map<string, Edges>();
  function edgesOf(abs: string): Edges {
    let edges = edgesByFile.get(abs);
    if (edges) return edges;
    edges = { next: [], crossed: [] };
    edgesByFile.set(abs, edges);
    let text: string;
    try {
      text = read(abs);
    } catch {
      return edges;
    }
    for (const spec of runtimeImports(abs, text)) {
      if (spec === null) {
        edges.crossed.push({ specifier: "import(<computed>)", reason: "client code imports only modules named by a literal, so what it loads can be checked" });
        continue;
      }
      if (SERVER_MARKERS.includes(spec)) {
        edges.crossed.push({ specifier: spec, reason: CLIENT_MAY_NOT_REACH["server-marker"] });
        continue;
      }
      const r = resolve(spec, abs);
      if (!r.abs || r.external) continue;
      const rel = posix(path.relative(root, r.abs));
      if (rel.startsWith("..") || rel.includes("node_modules/")) continue;
      const zone = zoneOf(rel);
      if (zone && zone !== "shared") edges.crossed.push({ specifier: spec, target: rel, reason: CLIENT_MAY_NOT_REACH[zone] });
      else if (SOURCE.test(r.abs)) edges.next.push({ abs: r.abs, rel });
    }
    return edges;
  }

  const violations: Violation[] = [];
  for (const start of roots) {
    // Breadth first from each client file, so each violation comes with a shortest chain from it.
    const first = path.join(root, start);
    const seen = new Set([first]);
    const queue = [{ abs: first, chain: [start] }];
    while (queue.length) {
      const { abs, chain } = queue.shift()!;
      const { next, crossed } = edgesOf(abs);
      for (const c of crossed) violations.push({ chain: c.target ? [...chain, c.target] : chain, specifier: c.specifier, reason: c.reason });
      for (const n of next) {
        if (seen.has(n.abs)) continue;
        seen.add(n.abs);
        queue.push({ abs: n.abs, chain: [...chain, n.rel] });
      }
    }
  }
  return violations;
}

export const describeViolation = (v: Violation) => `${v.chain.join(" → ")} (via "${v.specifier}"): ${v.reason}`;
