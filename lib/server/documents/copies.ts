import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, asc, eq, inArray, lt, notInArray, sql } from "drizzle-orm";
import { env } from "@/lib/env";
import type { Database, Db } from "../db/connect";
import { documentCopies, documentCopyChunks, patientDocuments } from "../db/schema";
import { log } from "../log";

/** Pieces of about this size are written while the upload streams on, and read back one at a time. */
const PIECE_BYTES = 1024 * 1024;
/** Pieces of an upload that never finished (the process stopped mid-file) are removed after this long. */
const ABANDONED_AFTER = "1 hour";
const ABANDONED_AFTER_MS = 60 * 60 * 1000;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const PARTIAL = /^partial-[0-9a-f-]{36}$/;

/**
 * Where the bytes of the desk's copies go. In the database (PostgreSQL: shared by every app
 * instance), or, on PGlite (one process owns DATA_DIR anyway), as files under DATA_DIR named by
 * their sha256, with the database keeping which document has a copy. Writing 10 MB through
 * PGlite cost ~230 ms of CPU per upload; a file costs a few ms.
 */
export type CopyStore = { kind: "database" } | { kind: "files"; dir: string };

export const DATABASE_STORE: CopyStore = { kind: "database" };

/** The store for this database: files under DATA_DIR on PGlite, the database itself on PostgreSQL. */
export const copyStoreFor = ({ kind }: Pick<Database, "kind">): CopyStore =>
  kind === "pglite" ? { kind: "files", dir: path.join(env().dataDir, "document-copies") } : DATABASE_STORE;

export interface DocumentCopy {
  /** Passes the bytes on unchanged while keeping a copy of them; a failing copy never fails the upload. */
  tee(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array>;
  /** Links the copy to the recorded document, once the platform has accepted it; `sha256` is of the whole file. */
  keep(documentRowId: string, sizeBytes: number, sha256: string): Promise<void>;
  /** Drops what was copied of an upload that failed. */
  discard(): Promise<void>;
}

/** How the pieces of one copy are written and dropped. */
interface PieceSink {
  /** One piece: the chunks as they arrived (a file takes them as they are, the database as one value). */
  write(chunks: Buffer[], seq: number): Promise<void>;
  /** Called once every piece is written, as soon as the last byte has passed: puts them on disk. */
  flush(): Promise<void>;
  /** Called after flush(), once the document is recorded; makes the bytes findable under the file's hash. */
  finish(sha256: string): Promise<void>;
  drop(): Promise<void>;
}

function databaseSink(db: Db, copyId: string): PieceSink {
  return {
    // As base64 text decoded by the database: a bytea parameter cost PGlite ~200 ms per MB
    // (10 MB uploads took 3.5 s instead of 0.1 s); decode() takes ~17 ms.
    write: async (chunks, seq) => {
      const piece = Buffer.concat(chunks);
      await db.insert(documentCopyChunks).values({ copyId, seq, bytes: sql`decode(${piece.toString("base64")}, 'base64')` });
    },
    flush: async () => {},
    finish: async () => {},
    drop: async () => {
      await db.delete(documentCopyChunks).where(eq(documentCopyChunks.copyId, copyId));
      // Now and then, also the leftovers of uploads cut short by a restart.
      await db
        .delete(documentCopyChunks)
        .where(
          and(
            lt(documentCopyChunks.createdAt, sql`now() - ${ABANDONED_AFTER}::interval`),
            notInArray(documentCopyChunks.copyId, db.select({ id: documentCopies.copyId }).from(documentCopies)),
          ),
        );
    },
  };
}

function fileSink(dir: string, copyId: string): PieceSink {
  const partial = path.join(dir, `partial-${copyId}`);
  let handle: Promise<FileHandle> | undefined;
  const opened = () =>
    (handle ??= mkdir(dir, { recursive: true, mode: 0o700 }).then(() => open(partial, "wx", 0o600)));
  const close = async () => {
    const h = handle;
    handle = undefined;
    if (h) await (await h.catch(() => undefined))?.close().catch(() => undefined);
  };
  return {
    write: async (chunks) => {
      const h = await opened();
      let rest = chunks;
      while (rest.length > 0) {
        let { bytesWritten } = await h.writev(rest);
        // A short write: go on from the first byte not written.
        while (rest.length > 0 && bytesWritten >= rest[0]!.byteLength) bytesWritten -= rest.shift()!.byteLength;
        if (rest.length > 0 && bytesWritten > 0) rest = [rest[0]!.subarray(bytesWritten), ...rest.slice(1)];
      }
    },
    // On disk before the document is listed with a copy. Started when the last byte has passed,
    // so the disk works while the platform answers and the record is written (a 10 MB datasync
    // took 5–17 ms, which used to come after all of that, in the upload's answer time).
    flush: async () => {
      const h = await opened();
      await h.datasync();
      await close();
    },
    finish: async (sha256) => {
      if (!SHA256_HEX.test(sha256)) throw new Error("not a sha256");
      // Named by its contents: the same file uploaded twice is kept once.
      await rename(partial, path.join(dir, sha256));
    },
    drop: async () => {
      await close();
      await rm(partial, { force: true });
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names.filter((n) => PARTIAL.test(n))) {
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => undefined);
        if (info && Date.now() - info.mtimeMs > ABANDONED_AFTER_MS) await rm(file, { force: true });
      }
    },
  };
}

/**
 * The desk keeps its own copy of every document it uploads: the platform's API has upload only
 * (spec 4.11) and no way to read a document back, yet staff must be able to see what was filed.
 * The copy is written piece by piece while the upload streams on.
 */
export function startDocumentCopy(db: Db, store: CopyStore = DATABASE_STORE): DocumentCopy {
  const copyId = randomUUID();
  const sink = store.kind === "files" ? fileSink(store.dir, copyId) : databaseSink(db, copyId);
  let seq = 0;
  let failed = false;
  let written = 0;
  // Pieces are written behind the upload, never in its way: a slow disk or database must not
  // stall the platform upload. The backlog is bounded by the 10 MB a file may have.
  let writes: Promise<void> = Promise.resolve();
  // Every piece written and flushed; set once the last byte has passed the tee.
  let flushed: Promise<void> | undefined;
  const fail = (err: unknown) => {
    failed = true;
    log().error({ reason: (err as Error).message }, "could not keep the desk's copy of an uploaded document");
  };

  function write(chunks: Buffer[], bytes: number) {
    if (failed || bytes === 0) return;
    const n = seq++;
    writes = writes.then(async () => {
      if (failed) return;
      try {
        await sink.write(chunks, n);
        written += bytes;
      } catch (err) {
        fail(err);
      }
    });
  }

  return {
    async *tee(chunks) {
      let pending: Buffer[] = [];
      let size = 0;
      for await (const chunk of chunks) {
        pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        size += chunk.byteLength;
        if (size >= PIECE_BYTES) {
          write(pending, size);
          pending = [];
          size = 0;
        }
        yield chunk;
      }
      write(pending, size);
      const all = writes;
      flushed = all.then(async () => {
        if (failed) return;
        try {
          await sink.flush();
        } catch (err) {
          fail(err);
        }
      });
    },
    async keep(documentRowId, sizeBytes, sha256) {
      await writes;
      // A copy whose bytes never all passed (the upload ended early) is not kept.
      if (!flushed) failed = true;
      await flushed;
      if (failed || written !== sizeBytes) {
        await this.discard();
        return;
      }
      try {
        await sink.finish(sha256);
        await db.insert(documentCopies).values({ documentRowId, copyId, sizeBytes }).onConflictDoNothing();
      } catch (err) {
        log().error({ reason: (err as Error).message }, "could not link the desk's copy of a document");
        await this.discard();
      }
    },
    async discard() {
      failed = true;
      await writes;
      await flushed;
      await sink.drop().catch(() => undefined);
    },
  };
}

/** Where copies are kept as files on PGlite (the database itself keeps them on PostgreSQL). */
export const copyFilesDir = () => path.join(env().dataDir, "document-copies");

/**
 * Removes the files of these documents' copies, except a file another recorded document still
 * shares (copies are named by their contents: the same file uploaded for two patients is kept
 * once). Called before the documents' rows are deleted, so a run cut short is simply run again.
 * Returns how many files were removed.
 */
export async function removeCopyFiles(db: Db, documentRowIds: string[], dir: string = copyFilesDir()): Promise<number> {
  if (documentRowIds.length === 0) return 0;
  const mine = await db.select({ sha256: patientDocuments.sha256 }).from(patientDocuments).where(inArray(patientDocuments.id, documentRowIds));
  let removed = 0;
  for (const sha256 of new Set(mine.map((r) => r.sha256).filter((h) => SHA256_HEX.test(h)))) {
    const [shared] = await db
      .select({ id: patientDocuments.id })
      .from(patientDocuments)
      .where(and(eq(patientDocuments.sha256, sha256), notInArray(patientDocuments.id, documentRowIds)))
      .limit(1);
    if (shared) continue;
    const file = path.join(/*turbopackIgnore: true*/ dir, sha256);
    if (!(await stat(/*turbopackIgnore: true*/ file).catch(() => undefined))) continue;
    await rm(/*turbopackIgnore: true*/ file, { force: true });
    removed++;
  }
  return removed;
}

/** Reads a file whole to check it is still what was uploaded (10 MB at most, ~20 ms). */
async function fileMatches(file: string, sha256: string): Promise<boolean> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(/*turbopackIgnore: true*/ file)) hash.update(chunk as Buffer);
  return hash.digest("hex") === sha256;
}

/** The copy of a recorded document, as a stream read one piece at a time; null when the desk has none. */
export async function readDocumentCopy(
  db: Db,
  documentRowId: string,
  store: CopyStore = DATABASE_STORE,
): Promise<{ sizeBytes: number; stream: ReadableStream<Uint8Array> } | null> {
  const [copy] = await db
    .select({ copyId: documentCopies.copyId, sizeBytes: documentCopies.sizeBytes, sha256: patientDocuments.sha256 })
    .from(documentCopies)
    .innerJoin(patientDocuments, eq(patientDocuments.id, documentCopies.documentRowId))
    .where(eq(documentCopies.documentRowId, documentRowId));
  if (!copy) return null;
  if (store.kind === "files" && SHA256_HEX.test(copy.sha256)) {
    // Under DATA_DIR at run time; nothing for the build's file tracing to follow.
    const file = path.join(/*turbopackIgnore: true*/ store.dir, copy.sha256);
    const info = await stat(/*turbopackIgnore: true*/ file).catch(() => undefined);
    if (info) {
      if (info.size !== copy.sizeBytes || !(await fileMatches(file, copy.sha256))) {
        log().error({ documentRowId }, "the desk's copy of a document on disk does not match what was uploaded");
        return null;
      }
      return { sizeBytes: copy.sizeBytes, stream: Readable.toWeb(createReadStream(/*turbopackIgnore: true*/ file)) as ReadableStream<Uint8Array> };
    }
    // Copies kept before files were used are still in the database.
  }
  const pieces = await db
    .select({ seq: documentCopyChunks.seq })
    .from(documentCopyChunks)
    .where(eq(documentCopyChunks.copyId, copy.copyId))
    .orderBy(asc(documentCopyChunks.seq));
  if (pieces.length === 0) return null;
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const piece = pieces[next++];
      if (!piece) return controller.close();
      // Read as base64 for the same reason it is written so (a bytea answer: ~80 ms per MB on PGlite, this ~5 ms).
      const [row] = await db
        .select({ base64: sql<string>`encode(${documentCopyChunks.bytes}, 'base64')` })
        .from(documentCopyChunks)
        .where(and(eq(documentCopyChunks.copyId, copy.copyId), eq(documentCopyChunks.seq, piece.seq)));
      if (!row) return controller.error(new Error("a piece of the document copy is missing"));
      controller.enqueue(new Uint8Array(Buffer.from(row.base64, "base64")));
    },
  });
  return { sizeBytes: copy.sizeBytes, stream };
}
