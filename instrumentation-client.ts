// The pages' CSP forbids eval. zod probes for it with `Function("")` when its first object schema is
// built (a reported violation, though it falls back), so before any page code loads it is told to
// parse without compiled fast paths. zod keeps its configuration on `globalThis.__zod_globalConfig`
// and adopts an object already there, so this sets it without importing zod: this file runs on
// every page, and even zod's core (~5 KiB gzip) has no place in the sign-in page's download.
// lib/schemas/zod-jitless.test.ts checks zod still reads it from there.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
