import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Import boundaries of ../shared/DESIGN.md ("Boundaries"); eslint-boundaries.test.ts proves they fire.
// These match how an import is spelt, a quick hint in the editor; the client/server boundary itself is
// checked on the resolved import graph by lib/client-server-boundary.test.ts (lib/testing/import-graph.ts).
const CONTRACT = {
  // What the desk shares with the platform (event kinds, webhook headers and signature format, the sandbox's config) is the exception.
  regex: "(^|/)platform/wire/(?!(webhook-names|event-kinds|webhook-signature|sandbox-config)$)",
  message: "The platform's field names stay in lib/platform (its client and fake): use the desk's own shapes from lib/schemas.",
};
const CLIENT_INTERNALS = {
  regex: "(^|/)platform/client/",
  message: "The desk reaches the platform through the client's facade, @/lib/platform/client, never its inner modules.",
};
const SERVER = {
  regex: "^(@/|(\\.\\./)+)(lib/)?server(/|$)",
  message: "Client code reaches the server over the BFF routes (lib/api-client), never by importing lib/server.",
};
const SANDBOX_ONLY = {
  // A first line only: lib/platform/fake/boundary.test.ts resolves every import, whatever its spelling.
  regex: "^(@/(?!lib/(platform|abdm)/(wire|fake)/)|\\.\\./(?!wire/))",
  message: "The sandbox imports only lib/platform/wire, its own files (lib/platform/fake) and the ABDM gateway emulation (lib/abdm/wire, lib/abdm/fake): the app reaches it over HTTP.",
};
// sonner stays out of the pages' first download: toasts go through lib/toast.ts, which fetches it when
// first needed, and components/providers/toaster.tsx mounts its <Toaster> once it has arrived.
const SONNER = {
  name: "sonner",
  message: "Show toasts through @/lib/toast (the desk's facade, which loads sonner after the page's first download), never sonner itself.",
};
const SONNER_OWNERS = ["lib/toast.ts", "components/providers/toaster.tsx"];
const CLIENT_FILES = ["components/**", "lib/api-client/**"];
// Who may read the platform's contract: its one client, the sandbox that emulates it, and tests/benchmarks of both.
const CONTRACT_READERS = ["lib/platform/**", "bench/**", "**/*.test.ts"];

/** Files that start with "use client" outside the client folders get the same import rule as components. */
const useClientBoundary = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const matchers = [CONTRACT, SERVER].map((p) => ({ re: new RegExp(p.regex), message: p.message }));
    let client = false;
    return {
      Program(node) {
        client = node.body.some((s) => s.type === "ExpressionStatement" && s.directive === "use client");
      },
      ImportDeclaration(node) {
        if (!client) return;
        const hit = matchers.find((m) => m.re.test(node.source.value));
        if (hit) context.report({ node, message: `'${node.source.value}': ${hit.message}` });
      },
    };
  },
};

/**
 * The app's own code never imports lib/testing: it holds the test-only wiring (lib/testing/process-wiring.ts
 * installs a test's configuration, database and services in place of the real ones) and test harnesses.
 */
const TESTING = /(^|\/)testing\//;
const noTestingImports = {
  meta: { type: "problem", schema: [] },
  create(context) {
    return {
      ImportDeclaration(node) {
        if (TESTING.test(node.source.value)) context.report({ node, message: `'${node.source.value}': the app never imports lib/testing (test-only wiring and harnesses).` });
      },
      ImportExpression(node) {
        if (node.source.type === "Literal" && TESTING.test(String(node.source.value))) context.report({ node, message: `'${node.source.value}': the app never imports lib/testing (test-only wiring and harnesses).` });
      },
    };
  },
};
const desk = { rules: { "use-client-boundary": useClientBoundary, "no-testing-imports": noTestingImports } };

const config = [
  ...next,
  ...nextTs,
  { ignores: [".next/**", ".data/**", "node_modules/**", "test-results/**", "playwright-report/**", "bench/.tmp/**", "next-env.d.ts"] },
  {
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through lib/env.ts." }],
    },
  },
  {
    files: ["lib/env.ts", "playwright.config.ts", "e2e/**", "bench/**", "scripts/**", "next.config.js", "*.config.*"],
    rules: { "no-restricted-properties": "off" },
  },
  // Playwright fixtures call `use`, which is not React's hook.
  { files: ["e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  { files: ["next.config.js"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  { plugins: { desk } },
  { ignores: CLIENT_FILES, rules: { "desk/use-client-boundary": "error" } },
  {
    files: ["app/**", "lib/**", "components/**", "proxy.ts", "instrumentation.ts", "instrumentation-client.ts"],
    ignores: ["lib/testing/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "desk/no-testing-imports": "error" },
  },
  { ignores: CONTRACT_READERS, rules: { "no-restricted-imports": ["error", { paths: [SONNER], patterns: [CONTRACT, CLIENT_INTERNALS] }] } },
  { files: CLIENT_FILES, rules: { "no-restricted-imports": ["error", { paths: [SONNER], patterns: [CONTRACT, SERVER, CLIENT_INTERNALS] }] } },
  { files: ["lib/platform/fake/**"], rules: { "no-restricted-imports": ["error", { patterns: [SANDBOX_ONLY] }] } },
  { files: SONNER_OWNERS, rules: { "no-restricted-imports": ["error", { patterns: [CONTRACT, SERVER, CLIENT_INTERNALS] }] } },
];
export default config;
