import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { clientBoundaryViolations, describeViolation, runtimeImports, zoneOf, type Violation } from "./testing/import-graph";

/**
 * Client code cannot reach server code, secrets or the platform's field names by any spelling:
 * checked on the import graph as resolved (lib/testing/import-graph.ts), over the real tree with
 * virtual files added, each a way around the path regexes of eslint.config.mjs.
 */
const root = path.resolve(import.meta.dirname, "..");
const UC = '"use client";\n';

/** Each must be refused; the key is the virtual client file, the value its text. */
const ESCAPES: Record<string, string> = {
  "components/probe/double-slash.tsx": `${UC}import { database } from "@/lib//server/db";\nexport const x = database;\n`,
  "components/probe/dot-segment.tsx": `${UC}import { recordAudit } from "@/lib/./server/audit";\nexport const x = recordAudit;\n`,
  "components/probe/up-and-over.tsx": `${UC}import { recordAudit } from "../../lib/schemas/../server/audit";\nexport const x = recordAudit;\n`,
  "components/probe/alias-up-and-over.tsx": `${UC}import { recordAudit } from "@/lib/schemas/../server/audit";\nexport const x = recordAudit;\n`,
  "components/probe/from-the-root.tsx": `${UC}import { recordAudit } from "lib/schemas/../server/audit";\nexport const x = recordAudit;\n`,
  "components/probe/ts-suffix.tsx": `${UC}import { recordAudit } from "@/lib/server/audit.ts";\nexport const x = recordAudit;\n`,
  "components/probe/dynamic.tsx": `${UC}export const load = () => import("@/lib/server/audit");\n`,
  "components/probe/computed.tsx": `${UC}const where = "@/lib/server/" + "audit";\nexport const load = () => import(where);\n`,
  "components/probe/required.tsx": `${UC}// eslint-disable-next-line\nexport const a = require("../../lib/server/audit");\n`,
  "components/probe/re-export.tsx": `${UC}export { recordAudit } from "@/lib/server/audit";\n`,
  "components/probe/star-export.tsx": `${UC}export * from "../../lib/server/db";\n`,
  "components/probe/through-shared.tsx": `${UC}import { recordAudit } from "@/lib/probe-shared";\nexport const x = recordAudit;\n`,
  "components/probe/env.tsx": `${UC}import { env } from "@/lib/env";\nexport const Secret = () => <p>{env().auth.secret}</p>;\n`,
  "components/probe/env-relative.tsx": `${UC}import * as e from "../../lib/./env";\nexport const x = e;\n`,
  "components/probe/marked.tsx": `${UC}import { getTranslator } from "@/lib/i18n/server";\nexport const x = getTranslator;\n`,
  "components/probe/via-server-component.tsx": `${UC}import { ForbiddenNotice } from "@/components/desk/forbidden-notice";\nexport const x = ForbiddenNotice;\n`,
  "components/probe/contract.tsx": `${UC}import { PharmacologyEntry } from "@/lib/platform/wire/drugs";\nexport const x = PharmacologyEntry;\n`,
  "app/(desk)/probe/page.tsx": `${UC}import { withStaff } from "@/lib/server/with-staff";\nexport default function P() { return <p>{String(withStaff)}</p>; }\n`,
  "app/(desk)/probe/layout.tsx": `'use client'\nimport { services } from "../../../lib/server/services";\nexport default function L() { return <p>{String(services)}</p>; }\n`,
  "lib/probe-client.ts": `${UC}import { database } from "./server//db/index";\nexport const x = database;\n`,
  // The directive spelt through an escape: read as the compiler reads it.
  "lib/probe-escaped-client.ts": `"use\\x20client";\nimport { database } from "./server/db";\nexport const x = database;\n`,
};

/** Shared modules the escapes go through: not client by themselves. */
const SHARED: Record<string, string> = {
  "lib/probe-shared.ts": 'export { recordAudit } from "./server/audit";\n',
};

/** Each must be allowed. */
const LEGAL: Record<string, string> = {
  "components/probe/legal-schemas.tsx": `${UC}import { DrugSearchQuery } from "@/lib/schemas/drugs";\nexport const x = DrugSearchQuery;\n`,
  "components/probe/legal-types.tsx": `${UC}import type { Db } from "@/lib/server/db";\nimport { type Staff } from "@/lib/server/auth/session";\nexport type { AuditEntry } from "@/lib/server/audit";\nexport type T = [Db, Staff];\nexport type E = typeof import("@/lib/env");\n`,
  "components/probe/legal-client-lib.tsx": `${UC}import { useDrugSearch } from "@/lib/api-client/drugs";\nexport const x = useDrugSearch;\n`,
  // Server components and route handlers may read the server freely.
  "app/(desk)/probe-server/page.tsx": 'import { env } from "@/lib/env";\nimport { services } from "@/lib/server/services";\nexport default async function P() { await services(); return <p>{env().port}</p>; }\n',
  "components/probe/legal-server-component.tsx": 'import { getTranslator } from "@/lib/i18n/server";\nexport async function S() { return (await getTranslator())("common.goHome"); }\n',
};

let violations: Violation[];
const startingAt = (file: string) => violations.filter((v) => v.chain[0] === file);

beforeAll(() => {
  violations = clientBoundaryViolations({ root, overlay: { ...ESCAPES, ...SHARED, ...LEGAL } });
}, 120_000);

describe("client code cannot reach server code (import graph over resolved paths)", () => {
  it("finds nothing in the desk's own tree", () => {
    const virtual = new Set(Object.keys({ ...ESCAPES, ...SHARED, ...LEGAL }));
    expect(violations.filter((v) => !virtual.has(v.chain[0]!)).map(describeViolation)).toEqual([]);
  });

  it.each(Object.keys(ESCAPES))("refuses %s", (file) => {
    expect(startingAt(file).map(describeViolation)).not.toEqual([]);
  });

  it("names the chain and the reason", () => {
    expect(startingAt("components/probe/through-shared.tsx").map(describeViolation)).toEqual([
      'components/probe/through-shared.tsx → lib/probe-shared.ts → lib/server/audit.ts (via "./server/audit"): client code reaches the server over the BFF routes (lib/api-client), never by importing server code or lib/env.ts',
    ]);
    expect(startingAt("components/probe/env.tsx")[0]?.chain).toEqual(["components/probe/env.tsx", "lib/env.ts"]);
    expect(startingAt("components/probe/double-slash.tsx")[0]?.chain.at(-1)).toBe("lib/server/db/index.ts");
    expect(startingAt("components/probe/via-server-component.tsx")[0]).toMatchObject({
      chain: ["components/probe/via-server-component.tsx", "components/desk/forbidden-notice.tsx", "lib/i18n/server.ts"],
      specifier: "server-only",
    });
    expect(startingAt("components/probe/contract.tsx")[0]?.reason).toMatch(/platform's field names/);
  });

  it.each(Object.keys(LEGAL))("allows %s", (file) => {
    expect(startingAt(file).map(describeViolation)).toEqual([]);
  });

  it("does not treat a shared module as client code by itself", () => {
    expect(startingAt("lib/probe-shared.ts")).toEqual([]);
  });
});

describe("the pieces of the check", () => {
  it("reads every way a module is loaded, and skips what the compiler erases", () => {
    const text = [
      'import a from "./a";',
      'import type { B } from "./b";',
      'import { type C } from "./c";',
      'import { type D, e } from "./d";',
      'export { f } from "./f";',
      'export type { G } from "./g";',
      'export * from "./h";',
      'import i = require("./i");',
      'const j = import("./j");',
      "const k = require(`./k`);",
      'type L = typeof import("./l");',
      "const m = import(someName);",
      'import "./n";',
    ].join("\n");
    expect(runtimeImports("x.ts", text)).toEqual(["./a", "./d", "./f", "./h", "./i", "./j", "./k", null, "./n"]);
  });

  it("places files in zones from one table", () => {
    expect(zoneOf("lib/server/db/index.ts")).toBe("server");
    expect(zoneOf("lib/env.ts")).toBe("server");
    expect(zoneOf("lib/environment.ts")).toBeUndefined();
    expect(zoneOf("lib/platform/wire/drugs.ts")).toBe("platform-wire");
    expect(zoneOf("lib/platform/wire/webhook-names.ts")).toBe("shared");
    expect(zoneOf("lib/platform/wire/event-kinds.ts")).toBe("shared");
    expect(zoneOf("lib/platform/client/index.ts")).toBe("server");
    expect(zoneOf("lib/platform/fake/server.ts")).toBe("server");
    expect(zoneOf("lib/schemas/drugs.ts")).toBeUndefined();
  });

  it('makes lib/env.ts server-only: its first import is "server-only"', () => {
    expect(/^import\s[^;]*;/m.exec(readFileSync(path.join(root, "lib/env.ts"), "utf8"))?.[0]).toBe('import "server-only";');
  });
});
