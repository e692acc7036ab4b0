import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * The sandbox is the platform's emulator: it may import its own files, the platform's wire shapes
 * (lib/platform/wire) and packages, nothing of the desk. Every specifier is resolved as TypeScript
 * resolves it (tsconfig paths, relative segments, dynamic import(), export-from, require), so no
 * spelling of a path slips through.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const FAKE = path.join(root, "lib/platform/fake");
const WIRE = path.join(root, "lib/platform/wire");
/** The ABDM gateway's emulation runs inside the sandbox too (lib/abdm/fake), on ABDM's own wire. */
const ABDM_FAKE = path.join(root, "lib/abdm/fake");
const ABDM_WIRE = path.join(root, "lib/abdm/wire");
/** The one desk module the wire reads: how text from the platform becomes storable (a leaf, zod only). */
const WIRE_EXCEPTIONS = new Set([path.join(root, "lib/schemas/storable-text.ts")]);

const config = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile).config as object;
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);

const inside = (dir: string, file: string) => !path.relative(dir, file).startsWith("..") && !path.isAbsolute(path.relative(dir, file));

/** Where each import of `source` (as if it were the file `file`) resolves: a file, a package, or nothing. */
export function importsOf(file: string, source: string): { specifier: string; resolved: string | "package" | undefined }[] {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  const extra = [...source.matchAll(/\b(?:vi\.mock|vi\.doMock|vi\.importActual|require)\(\s*["'`]([^"'`]+)["'`]/g)].map((m) => m[1]!);
  return [...importedFiles.map((f) => f.fileName), ...extra].map((specifier) => {
    if (specifier.startsWith("node:")) return { specifier, resolved: "package" };
    const r = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
    if (!r) return { specifier, resolved: undefined };
    return { specifier, resolved: r.isExternalLibraryImport ? "package" : path.resolve(r.resolvedFileName) };
  });
}

/** The imports of `file` that leave what `allowed` says it may reach; unresolvable ones count as leaving. */
export function escapes(file: string, source: string, allowed: (target: string) => boolean): string[] {
  return importsOf(file, source)
    .filter(({ resolved }) => resolved !== "package" && (resolved === undefined || !allowed(resolved)))
    .map(({ specifier, resolved }) => `${path.relative(root, file)}: ${specifier} → ${resolved ? path.relative(root, resolved) : "unresolved"}`);
}

const fakeMayReach = (target: string) => inside(FAKE, target) || inside(WIRE, target) || inside(ABDM_FAKE, target) || inside(ABDM_WIRE, target);
const wireMayReach = (target: string) => inside(WIRE, target) || WIRE_EXCEPTIONS.has(target);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(e.name) ? [full] : [];
  });
}

describe("the sandbox imports nothing of the desk", () => {
  it("resolves every import of every file under lib/platform/fake (tests too) to the fake, the wire or a package", () => {
    const files = sourceFiles(FAKE);
    expect(files.length).toBeGreaterThan(40);
    expect(files.flatMap((f) => escapes(f, readFileSync(f, "utf8"), fakeMayReach))).toEqual([]);
  });

  it("resolves every import of the ABDM gateway's emulation (lib/abdm/fake) and ABDM's wire to emulator code, a wire or a package", () => {
    const files = [...sourceFiles(ABDM_FAKE), ...sourceFiles(ABDM_WIRE)];
    expect(files.length).toBeGreaterThan(2);
    expect(files.flatMap((f) => escapes(f, readFileSync(f, "utf8"), fakeMayReach))).toEqual([]);
  });

  it("reaches nothing of the desk through the wire either", () => {
    const files = sourceFiles(WIRE);
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap((f) => escapes(f, readFileSync(f, "utf8"), wireMayReach))).toEqual([]);
  });

  it("catches every spelling of an import of desk code", () => {
    const file = path.join(FAKE, "violation.ts");
    const leaks = [
      'import { env } from "@/lib/env";',
      'import { db } from "@/lib//server/db";',
      'import { audit } from "@/lib/./server/audit";',
      'import { x } from "../wire/../../schemas/patients";',
      'import { x } from "../../schemas/patient-fields";',
      'export { patientError } from "../../schemas/patient-messages";',
      'const m = await import("../../server/log");',
      'import type { Messages } from "@/lib/i18n/messages";',
      'import { drugs } from "../../drugs/search";',
      // Spelt in two parts so this file's own scan does not read it as a mock.
      "vi" + '.mock("@/lib/server/services");',
      'import { platform } from "../client";',
      'import "../../../app/layout";',
    ];
    for (const leak of leaks) expect(escapes(file, leak, fakeMayReach), leak).toHaveLength(1);
    const legal = ['import { z } from "zod";', 'import { Store } from "./store";', 'import { PlatformDrugQuery } from "../wire/drugs";', 'import { EventKind } from "@/lib/platform/wire/webhook-names";', 'import { randomUUID } from "node:crypto";'];
    for (const ok of legal) expect(escapes(file, ok, fakeMayReach), ok).toEqual([]);
  });
});
