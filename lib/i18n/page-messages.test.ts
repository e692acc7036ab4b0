import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import commonEn from "./messages/en.json";
import { FEATURE_LOADERS } from "./features";

/**
 * The browser has only the desk's own words (messages/en.json) and the features a page or a lazy
 * dialog names in <FeatureMessages features={…}> / lazyDialog(…, […]): a component whose namespace
 * is missing would show raw keys. This walks the imports from every route file of app/ and from
 * every lazy dialog, collects the namespaces of each `useTranslations` reached, and checks each is
 * provided where the component is shown.
 */
const ROOT = path.resolve(__dirname, "../..");
const COMMON = new Set(Object.keys(commonEn));
const FEATURES = new Set(Object.keys(FEATURE_LOADERS));
const NAMESPACES = new Set([...COMMON, ...FEATURES]);

type Parsed = {
  /** Modules this one brings with it (static imports, and dynamic ones not behind a lazy dialog). */
  imports: string[];
  /** Namespaces its own code translates with. */
  namespaces: Set<string>;
  /** Lazy dialogs declared here: the module each loads and the features it names. */
  dialogs: { module: string; features: string[] }[];
  problems: string[];
  source: ts.SourceFile;
  /** Import specifier by local name. */
  bindings: Map<string, string>;
};

const cache = new Map<string, Parsed>();

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

const stringArray = (node: ts.Node | undefined): string[] | null =>
  node && ts.isArrayLiteralExpression(node) && node.elements.every(ts.isStringLiteral) ? node.elements.map((e) => (e as ts.StringLiteral).text) : null;

function parse(file: string): Parsed {
  const hit = cache.get(file);
  if (hit) return hit;
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const parsed: Parsed = { imports: [], namespaces: new Set(), dialogs: [], problems: [], source, bindings: new Map() };
  const where = (node: ts.Node) => `${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  let rootTranslator = false;
  const dialogImports = new Set<ts.Node>();

  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const typeOnly = ts.isImportDeclaration(node)
        ? !!clause && (clause.isTypeOnly || (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((e) => e.isTypeOnly)))
        : node.isTypeOnly;
      const target = resolve(file, node.moduleSpecifier.text);
      if (target && !typeOnly) {
        parsed.imports.push(target);
        if (clause?.name) parsed.bindings.set(clause.name.text, target);
        if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) for (const e of clause.namedBindings.elements) parsed.bindings.set(e.name.text, target);
        if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) parsed.bindings.set(clause.namedBindings.name.text, target);
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee) && callee.text === "lazyDialog" && node.arguments.length) {
        const load = node.arguments[0]!;
        let spec: string | null = null;
        const findImport = (n: ts.Node) => {
          if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
            spec = n.arguments[0].text;
            dialogImports.add(n);
          }
          ts.forEachChild(n, findImport);
        };
        findImport(load);
        const features = stringArray(node.arguments[2]);
        const target = spec ? resolve(file, spec) : null;
        if (!target || !features) parsed.problems.push(`${where(node)}: a lazyDialog needs a literal import() and a literal list of features`);
        else parsed.dialogs.push({ module: target, features });
      }
      if (callee.kind === ts.SyntaxKind.ImportKeyword && !dialogImports.has(node)) {
        const arg = node.arguments[0];
        const target = arg && ts.isStringLiteral(arg) ? resolve(file, arg.text) : null;
        if (target) parsed.imports.push(target);
      }
      if (ts.isIdentifier(callee) && (callee.text === "useTranslations" || callee.text === "useExtracted")) {
        const arg = node.arguments[0];
        if (!arg) rootTranslator = true;
        else if (ts.isStringLiteral(arg)) parsed.namespaces.add(arg.text.split(".")[0]!);
        else parsed.problems.push(`${where(node)}: useTranslations needs a literal namespace, for this check to see it`);
      }
    }
    ts.forEachChild(node, visit);
  };
  // Dialog imports are found before the import() calls inside them are visited (the call's arguments come after its callee).
  visit(source);
  if (rootTranslator) {
    // A translator without a namespace: its keys are the file's literal "namespace.key" strings.
    const strings = (n: ts.Node) => {
      if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateHead(n)) && /^[a-z][A-Za-z]*\./.test(n.text)) {
        const ns = n.text.split(".")[0]!;
        if (NAMESPACES.has(ns)) parsed.namespaces.add(ns);
      }
      ts.forEachChild(n, strings);
    };
    strings(source);
  }
  for (const ns of parsed.namespaces) if (!NAMESPACES.has(ns)) parsed.problems.push(`${path.relative(ROOT, file)}: unknown namespace ${ns}`);
  cache.set(file, parsed);
  return parsed;
}

/** Every module reachable from these (dialogs' code excluded), and what it translates with. */
function reach(roots: string[]) {
  const seen = new Set<string>();
  const stack = [...roots];
  const uses = new Map<string, string>(); // namespace -> one module that uses it
  const problems: string[] = [];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const p = parse(file);
    problems.push(...p.problems);
    for (const ns of p.namespaces) if (!uses.has(ns)) uses.set(ns, path.relative(ROOT, file));
    stack.push(...p.imports);
  }
  return { modules: seen, uses, problems };
}

function missing(uses: Map<string, string>, provided: Iterable<string>): string[] {
  const have = new Set([...COMMON, ...provided]);
  return [...uses].filter(([ns]) => !have.has(ns)).map(([ns, file]) => `${ns} (used by ${file})`);
}

function routeFiles(dir = path.join(ROOT, "app")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "api" ? [] : routeFiles(full);
    return /^(page|layout|loading|error|forbidden|not-found|template|default)\.tsx$/.test(e.name) ? [full] : [];
  });
}

/**
 * What a route file fails to provide: each module it imports is checked against the features of the
 * <FeatureMessages> elements it is used inside (none when it is used anywhere outside one).
 * `drop` removes a feature from every <FeatureMessages> (to show the check fails).
 */
export function checkRoute(file: string, drop?: string): string[] {
  const p = parse(file);
  const problems: string[] = [...p.problems];
  const scopes = new Map<string, Set<string> | null>(); // module -> features available at every use (null: outside any)
  const within = (node: ts.Node, features: Set<string> | null) => {
    if (ts.isJsxElement(node) && node.openingElement.tagName.getText() === "FeatureMessages") {
      const attr = node.openingElement.attributes.properties.find((a) => ts.isJsxAttribute(a) && a.name.getText() === "features");
      const init = attr && ts.isJsxAttribute(attr) && attr.initializer && ts.isJsxExpression(attr.initializer) ? attr.initializer.expression : undefined;
      const list = stringArray(init);
      if (!list) problems.push(`${path.relative(ROOT, file)}: <FeatureMessages features> must be a literal list`);
      const inner = new Set([...(features ?? []), ...(list ?? [])].filter((f) => f !== drop));
      for (const f of list ?? []) if (!FEATURES.has(f)) problems.push(`${path.relative(ROOT, file)}: unknown feature ${f}`);
      node.children.forEach((c) => within(c, inner));
      return;
    }
    if (ts.isIdentifier(node) && !ts.isImportSpecifier(node.parent) && !ts.isImportClause(node.parent) && !ts.isNamespaceImport(node.parent)) {
      const target = p.bindings.get(node.text);
      if (target) {
        const before = scopes.get(target);
        const now = features === null || before === null ? null : before === undefined ? new Set(features) : new Set([...before].filter((f) => features.has(f)));
        scopes.set(target, now);
      }
    }
    ts.forEachChild(node, (c) => within(c, features));
  };
  within(p.source, null);
  for (const [module, features] of scopes) {
    const r = reach([module]);
    problems.push(...r.problems);
    for (const m of missing(r.uses, features ?? [])) problems.push(`${path.relative(ROOT, file)}: ${m}, shown ${features ? `inside <FeatureMessages features={[${[...features].join(", ")}]}>` : "outside any <FeatureMessages>"}`);
  }
  return problems;
}

/** What every lazy dialog reachable from app/ fails to bring. */
function checkDialogs(): string[] {
  const all = reach(routeFiles());
  const problems: string[] = [];
  const dialogs = [...all.modules].flatMap((m) => parse(m).dialogs);
  for (const d of dialogs) {
    const r = reach([d.module]);
    // A dialog inside a dialog is checked as well.
    for (const m of r.modules) for (const inner of parse(m).dialogs) if (!dialogs.includes(inner)) dialogs.push(inner);
    for (const m of missing(r.uses, d.features)) problems.push(`lazy dialog ${path.relative(ROOT, d.module)}: ${m}`);
  }
  return problems;
}

describe("every component's messages reach the browser with it", () => {
  it.each(routeFiles().map((f) => [path.relative(ROOT, f), f]))("%s", (_name, file) => {
    expect(checkRoute(file)).toEqual([]);
  });

  it("every lazy dialog brings the features its components use", () => {
    expect(checkDialogs()).toEqual([]);
  });

  it("fails when a page leaves out a feature its components use", () => {
    const queue = path.join(ROOT, "app/(desk)/appointments/today/page.tsx");
    expect(checkRoute(queue, "queue").join("\n")).toMatch(/queue \(used by components\/queue\//);
  });

  it("sees the namespaces of a translator without one", () => {
    expect([...parse(path.join(ROOT, "components/feedback/problem-alert.tsx")).namespaces].sort()).toEqual(["common", "problems"]);
  });
});
