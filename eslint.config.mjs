import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
];
export default config;
