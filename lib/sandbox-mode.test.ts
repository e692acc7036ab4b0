import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { describeFinding, modeFindings, sandboxModeFindings, type ModeFinding } from "./testing/sandbox-mode";

/**
 * Sandbox mode lives in one place (lib/testing/sandbox-mode.ts says where): the whole tree is read,
 * with virtual files added, each a way to ask "is the emulator the platform?" behind the client's back.
 */
const root = path.resolve(import.meta.dirname, "..");

/** Each must be found; the key is the virtual file, the value its text. */
const ESCAPES: Record<string, string> = {
  "app/probe/banner/page.tsx": 'import { env } from "@/lib/env";\nexport default function P() { return env().platform.emulator ? <p>demo</p> : null; }\n',
  "components/probe/element.tsx": 'import { env } from "@/lib/env";\nexport const demo = env().platform["emulator"];\n',
  "lib/server/probe/destructured.ts": 'import { env } from "@/lib/env";\nconst { emulator } = env().platform;\nexport const demo = emulator;\n',
  "lib/server/probe/renamed.ts": 'import { env } from "@/lib/env";\nconst { emulator: sandbox } = env().platform;\nexport const demo = sandbox;\n',
  "lib/server/probe/parameter.ts": "export const demoDay = ({ emulator }: { emulator: boolean }) => emulator;\n",
  "lib/server/probe/in.ts": 'import { env } from "@/lib/env";\nexport const demo = "emulator" in env().platform;\n',
  "lib/server/probe/old-flag.ts": "export const banner = (config: { sandboxMode: boolean }) => config.sandboxMode;\n",
  "lib/server/probe/is-sandbox.ts": "export const banner = (config: { isSandbox: boolean }) => config.isSandbox;\n",
  // eslint keeps process.env to lib/env.ts; a second reading of the rule would be a second home.
  "lib/server/probe/base-url.ts": "export const demo = !process.env.PLATFORM_BASE_URL;\n",
  "next.config.probe.js": 'module.exports = { env: { DEMO: String(!process.env["PLATFORM_BASE_URL"]) } };\n',
  "scripts/probe.ts": 'import { env } from "../lib/env";\nif (env().platform.emulator) console.log("sandbox");\n',
  "e2e/probe.anon.spec.ts": 'import { env } from "../lib/env";\nexport const demo = env().platform.emulator;\n',
  "lib/server/probe/control-route.ts": 'export const practice = (base: string) => fetch(`${base}/__sandbox/practice`);\n',
  "app/api/probe/route.ts": 'export const POST = () => fetch("http://127.0.0.1:4010/__sandbox/events", { method: "POST" });\n',
  // Spelled through escapes: the key is nowhere in the text as written.
  "lib/server/probe/escaped-name.ts": 'import { env } from "@/lib/env";\nexport const demo = env().platform.\\u0065mulator;\n',
  "lib/server/probe/escaped-string.ts": 'import { env } from "@/lib/env";\nexport const demo = env().platform["\\x65mulator"];\n',
  "lib/server/probe/continued-string.ts": 'export const demo = (p: Record<string, boolean>) => p["emu\\\nlator"];\n',
  "lib/server/probe/escaped-route.ts": 'export const practice = (base: string) => fetch(`${base}/\\x5f_sandbox/practice`);\n',
};

/** Each must pass. */
const LEGAL: Record<string, string> = {
  // Asking for the capability is the point.
  "app/probe/legal/page.tsx": 'import { platformDemo } from "@/lib/server/platform-demo";\nexport default function P() { return platformDemo() ? <p>demo</p> : null; }\n',
  "lib/server/probe/legal-capability.ts": 'import type { StaffPlatform } from "@/lib/platform/client";\nexport const seed = (platform: StaffPlatform) => platform.demo?.practice();\n',
  // Writing the flag (a test's settings, a mocked configuration) is not reading it.
  "lib/server/probe/legal-settings.test.ts": "export const settings = { baseUrl: 'http://127.0.0.1:9', emulator: true };\n",
  // Names in comments and messages are words, not reads.
  "scripts/probe-legal.ts": '// emulator, sandboxMode, /__sandbox/ events\nconsole.error("PLATFORM_BASE_URL is set: events come from the real platform.");\n',
  // Tests and their harness drive the emulator's control routes.
  "lib/server/probe/legal-control.test.ts": 'export const practice = (base: string) => fetch(`${base}/__sandbox/practice`);\n',
};

let result: { files: number; findings: ModeFinding[] };
const foundIn = (file: string) => result.findings.filter((f) => f.file === file);

beforeAll(() => {
  result = sandboxModeFindings({ root, overlay: { ...ESCAPES, ...LEGAL } });
}, 60_000);

describe("sandbox mode is decided in one place", () => {
  it("reads the whole tree", () => {
    expect(result.files).toBeGreaterThan(400);
  });

  it("finds no other reader of sandbox mode, and no direct call of the control routes, in the desk's own tree", () => {
    const virtual = new Set(Object.keys({ ...ESCAPES, ...LEGAL }));
    expect(result.findings.filter((f) => !virtual.has(f.file)).map(describeFinding)).toEqual([]);
  });

  it.each(Object.keys(ESCAPES))("finds %s", (file) => {
    expect(foundIn(file).map(describeFinding)).not.toEqual([]);
  });

  it.each(Object.keys(LEGAL))("allows %s", (file) => {
    expect(foundIn(file).map(describeFinding)).toEqual([]);
  });

  it("names the file, the line, the read and the home", () => {
    expect(foundIn("lib/server/probe/destructured.ts").map(describeFinding)).toEqual([
      "lib/server/probe/destructured.ts:2 { emulator }: only lib/platform/client/demo.ts may read emulator; ask for the platform's demo capability instead (platform.demo, platformDemo())",
    ]);
    expect(foundIn("lib/server/probe/old-flag.ts")[0]?.reason).toMatch(/sandboxMode is retired/);
    expect(foundIn("lib/server/probe/control-route.ts")[0]).toMatchObject({ line: 1, what: "/__sandbox/" });
  });

  it("lets the home read what it owns, and nobody else", () => {
    const decide = "export const demo = (s: { emulator?: boolean }) => (s.emulator ? {} : undefined);\n";
    expect(modeFindings("lib/platform/client/demo.ts", decide)).toEqual([]);
    expect(modeFindings("lib/platform/client/client.ts", decide)).toHaveLength(1);
    expect(modeFindings("lib/env.ts", "export const emulator = !raw.PLATFORM_BASE_URL;\n")).toEqual([]);
    expect(modeFindings("lib/env.ts", "export const emulator = (p: { emulator: boolean }) => p.emulator;\n")).toHaveLength(1);
  });
});
