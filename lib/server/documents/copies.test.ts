import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { open } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pgliteTestDatabase, postgresAvailable, postgresTestDatabase, SKIP_POSTGRES_MESSAGE, type TestDatabase } from "@/lib/testing/databases";
import { documentCopyChunks, patientDocuments } from "../db/schema";
import { readDocumentCopy, startDocumentCopy, type CopyStore } from "./copies";

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const pgUp = await postgresAvailable();
if (!pgUp) console.warn(SKIP_POSTGRES_MESSAGE);

async function* pieces(bytes: Uint8Array, size = 64 * 1024) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe.each([
  ["files, PGlite", "files", pgliteTestDatabase, true],
  ["database, PGlite", "database", pgliteTestDatabase, true],
  ["database, PostgreSQL", "database", postgresTestDatabase, pgUp],
] as const)("the desk's copy of an uploaded document (%s)", (_name, kind, openDb, available) => {
  let t: TestDatabase;
  let dir: string;
  let store: CopyStore;
  let n = 0;

  beforeAll(async () => {
    if (!available) return;
    t = await openDb();
    dir = mkdtempSync(path.join(tmpdir(), "clinic-copies-"));
    store = kind === "files" ? { kind: "files", dir } : { kind: "database" };
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function recorded(bytes: Uint8Array) {
    const [doc] = await t.database.db
      .insert(patientDocuments)
      .values({ patientId: "p1", documentId: `doc-${kind}-${n++}`, fileName: "scan.pdf", mime: "application/pdf", sizeBytes: bytes.length, sha256: sha(bytes), documentType: "lr", tasks: [] })
      .returning();
    return doc!;
  }

  async function kept(bytes: Uint8Array) {
    const copy = startDocumentCopy(t.database.db, store);
    let passed = 0;
    for await (const chunk of copy.tee(pieces(bytes))) passed += chunk.byteLength;
    expect(passed).toBe(bytes.length);
    const doc = await recorded(bytes);
    await copy.keep(doc.id, bytes.length, sha(bytes));
    return doc;
  }

  const readBack = async (id: string) => {
    const read = await readDocumentCopy(t.database.db, id, store);
    return read && { sizeBytes: read.sizeBytes, bytes: Buffer.from(await new Response(read.stream).arrayBuffer()) };
  };

  it.skipIf(!available)("keeps the bytes as they streamed past and reads them back byte for byte", async () => {
    const bytes = Buffer.from(new Uint8Array(2.5 * 1024 * 1024).map((_, i) => (i * 7) % 256));
    const doc = await kept(bytes);
    const back = await readBack(doc.id);
    expect(back?.sizeBytes).toBe(bytes.length);
    expect(Buffer.compare(back!.bytes, bytes)).toBe(0);
    const dbPieces = await t.database.db.select({ copyId: documentCopyChunks.copyId }).from(documentCopyChunks);
    if (kind === "files") {
      // Named by the file's hash; nothing half-written stays behind, and no bytes went into the database.
      expect(readdirSync(dir)).toContain(sha(bytes));
      expect(readdirSync(dir).some((f) => f.startsWith("partial-"))).toBe(false);
      expect(readFileSync(path.join(dir, sha(bytes))).equals(bytes)).toBe(true);
      expect(dbPieces).toHaveLength(0);
    } else {
      expect(dbPieces.length).toBeGreaterThan(0);
    }
  });

  it.skipIf(!available)("keeps nothing of an upload the platform refused", async () => {
    const bytes = Buffer.from("%PDF-1.7 refused");
    const copy = startDocumentCopy(t.database.db, store);
    for await (const chunk of copy.tee(pieces(bytes))) void chunk;
    await copy.discard();
    const doc = await recorded(bytes);
    await copy.keep(doc.id, bytes.length, sha(bytes));
    expect(await readDocumentCopy(t.database.db, doc.id, store)).toBeNull();
    if (kind === "files") expect(readdirSync(dir).filter((f) => f === sha(bytes) || f.startsWith("partial-"))).toEqual([]);
  });

  it.skipIf(!available)("keeps no copy of an upload whose bytes stopped passing early, even at a piece boundary", async () => {
    // 2 MB in 64 KB chunks: both 1 MB pieces were written, but the stream was given up before its end.
    const bytes = Buffer.from(new Uint8Array(2 * 1024 * 1024).map((_, i) => (i * 13) % 256));
    const copy = startDocumentCopy(t.database.db, store);
    let passed = 0;
    for await (const chunk of copy.tee(pieces(bytes))) {
      passed += chunk.byteLength;
      if (passed === bytes.length) break;
    }
    const doc = await recorded(bytes);
    await copy.keep(doc.id, bytes.length, sha(bytes));
    expect(await readDocumentCopy(t.database.db, doc.id, store)).toBeNull();
    if (kind === "files") expect(readdirSync(dir).filter((f) => f === sha(bytes) || f.startsWith("partial-"))).toEqual([]);
  });

  it.skipIf(!available || kind !== "files")("puts the file on disk as soon as its last byte has passed, before the document is recorded", async () => {
    const probe = await open(path.join(dir, "probe"), "w");
    const prototype = Object.getPrototypeOf(probe) as { datasync(): Promise<void> };
    await probe.close();
    rmSync(path.join(dir, "probe"));
    const datasync = vi.spyOn(prototype, "datasync");
    try {
      const bytes = Buffer.from("%PDF-1.7 flushed while the platform answers");
      const copy = startDocumentCopy(t.database.db, store);
      for await (const chunk of copy.tee(pieces(bytes))) void chunk;
      // Nothing has called keep() yet: the platform is still answering.
      await vi.waitFor(() => expect(datasync).toHaveBeenCalledTimes(1));
      const doc = await recorded(bytes);
      await copy.keep(doc.id, bytes.length, sha(bytes));
      expect(datasync).toHaveBeenCalledTimes(1);
      expect((await readBack(doc.id))?.bytes.equals(bytes)).toBe(true);
    } finally {
      datasync.mockRestore();
    }
  });

  it.skipIf(!available || kind !== "files")("does not serve a file on disk that no longer matches what was uploaded", async () => {
    const bytes = Buffer.from("%PDF-1.7 lab report, version one");
    const doc = await kept(bytes);
    expect((await readBack(doc.id))?.bytes.equals(bytes)).toBe(true);
    const altered = Buffer.from(bytes);
    altered[altered.length - 1] = 0x21;
    writeFileSync(path.join(dir, sha(bytes)), altered);
    expect(await readDocumentCopy(t.database.db, doc.id, store)).toBeNull();
  });
});
