import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/** The import boundaries of eslint.config.mjs, run on deliberate violations and on legal imports alike. */
const root = path.resolve(import.meta.dirname, "..");
let eslint: ESLint;

const BOUNDARY_RULES = new Set(["no-restricted-imports", "desk/use-client-boundary", "desk/no-testing-imports"]);

async function boundaryMessages(file: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath: path.join(root, file) });
  return results.flatMap((r) => r.messages).filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.message);
}

beforeAll(() => {
  // The project's whole configuration, running only the rules under test: the others cost seconds and prove nothing here.
  eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId) });
}, 60_000);

describe("import boundaries (eslint.config.mjs)", () => {
  it("keeps the platform's contract out of desk code, and lets its client and the sandbox read it", async () => {
    const contract = 'import { PharmacologyEntry } from "@/lib/platform/wire/drugs";\nexport type E = PharmacologyEntry;\n';
    expect(await boundaryMessages("lib/server/patients/violation.ts", contract)).toEqual([expect.stringMatching(/platform's field names/)]);
    expect(await boundaryMessages("app/api/drugs/violation.ts", contract)).toHaveLength(1);
    expect(await boundaryMessages("lib/schemas/violation.ts", 'import { PlatformService } from "../platform/wire/slots";\nexport type S = PlatformService;\n')).toHaveLength(1);
    expect(await boundaryMessages("lib/platform/client/legal.ts", contract)).toEqual([]);
    // The names the desk shares with the platform are the exception.
    expect(await boundaryMessages("lib/server/webhooks/legal.ts", 'import { EventKind } from "@/lib/platform/wire/webhook-names";\nexport const k = EventKind;\n')).toEqual([]);
    expect(await boundaryMessages("lib/platform/fake/legal.ts", 'import { PharmacologyEntry } from "../wire/drugs";\nexport type E = PharmacologyEntry;\n')).toEqual([]);
  }, 60_000);

  it("lets the desk reach the platform client only through its facade", async () => {
    expect(await boundaryMessages("lib/server/slots/legal.ts", 'import { createPlatform } from "@/lib/platform/client";\nexport const c = createPlatform;\n')).toEqual([]);
    expect(await boundaryMessages("lib/server/slots/violation.ts", 'import { slotsApi } from "@/lib/platform/client/slots";\nexport const c = slotsApi;\n')).toEqual([expect.stringMatching(/client's facade/)]);
    expect(await boundaryMessages("app/api/slots/violation.ts", 'import { jweKey } from "../../../lib/platform/client/jwe";\nexport const c = jweKey;\n')).toHaveLength(1);
    expect(await boundaryMessages("lib/platform/client/legal.ts", 'import { jweKey } from "./jwe";\nexport const c = jweKey;\n')).toEqual([]);
  }, 60_000);

  it("keeps client code away from lib/server and the contract", async () => {
    const server = 'import { withStaff } from "@/lib/server/with-staff";\nexport const x = withStaff;\n';
    expect(await boundaryMessages("components/drugs/violation.tsx", server)).toEqual([expect.stringMatching(/never by importing lib\/server/)]);
    expect(await boundaryMessages("lib/api-client/violation.ts", 'import { recordAudit } from "../server/audit";\nexport const y = recordAudit;\n')).toHaveLength(1);
    expect(await boundaryMessages("app/(desk)/violation.tsx", `"use client";\n${server}`)).toHaveLength(1);
    expect(await boundaryMessages("components/drugs/violation.tsx", 'import { DrugEntry } from "@/lib/platform/wire/drugs";\nexport type E = DrugEntry;\n')).toHaveLength(1);
    // A server component or route handler may read lib/server.
    expect(await boundaryMessages("app/(desk)/legal.tsx", server)).toEqual([]);
    expect(await boundaryMessages("components/drugs/legal.tsx", 'import type { DrugEntry } from "@/lib/schemas/drugs";\nexport type E = DrugEntry;\n')).toEqual([]);
  }, 60_000);

  it("keeps the test-only wiring and harnesses of lib/testing out of the app", async () => {
    const wiring = 'import { installWiring } from "@/lib/testing/process-wiring";\nexport const w = installWiring;\n';
    expect(await boundaryMessages("lib/server/violation.ts", wiring)).toEqual([expect.stringMatching(/never imports lib\/testing/)]);
    expect(await boundaryMessages("app/api/violation/route.ts", 'export const load = () => import("../../../lib/testing/databases");\n')).toHaveLength(1);
    expect(await boundaryMessages("lib/server/legal.test.ts", wiring)).toEqual([]);
    expect(await boundaryMessages("lib/testing/legal.ts", 'import { pgliteTestDatabase } from "./databases";\nexport const d = pgliteTestDatabase;\n')).toEqual([]);
  }, 60_000);

  it("keeps the sandbox to lib/schemas, the contract and its own files", async () => {
    expect(await boundaryMessages("lib/platform/fake/violation.ts", 'import { env } from "../../env";\nexport const e = env;\n')).toEqual([expect.stringMatching(/sandbox imports only/)]);
    expect(await boundaryMessages("lib/platform/fake/violation.ts", 'import { recordAudit } from "@/lib/server/audit";\nexport const y = recordAudit;\n')).toHaveLength(1);
    expect(await boundaryMessages("lib/platform/fake/legal.ts", 'import { SandboxConfig } from "@/lib/platform/wire/sandbox-config";\nimport { Store } from "./store";\nexport const y = [SandboxConfig, Store];\n')).toEqual([]);
  }, 60_000);

  it("keeps sonner behind the desk's toast facade, out of the pages' first download", async () => {
    const sonner = 'import { toast } from "sonner";\nexport const t = toast;\n';
    expect(await boundaryMessages("components/queue/violation.tsx", `"use client";\n${sonner}`)).toEqual([expect.stringMatching(/through @\/lib\/toast/)]);
    expect(await boundaryMessages("app/(desk)/violation.tsx", sonner)).toHaveLength(1);
    expect(await boundaryMessages("lib/queue/violation.ts", sonner)).toHaveLength(1);
    expect(await boundaryMessages("components/queue/legal.tsx", 'import { toast } from "@/lib/toast";\nexport const t = toast;\n')).toEqual([]);
    expect(await boundaryMessages("lib/toast.ts", 'import type { ExternalToast } from "sonner";\nexport type T = ExternalToast;\n')).toEqual([]);
    expect(await boundaryMessages("components/providers/toaster.tsx", 'import type { ToasterProps } from "sonner";\nexport type T = ToasterProps;\n')).toEqual([]);
  }, 60_000);
});
