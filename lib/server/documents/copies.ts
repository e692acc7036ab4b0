import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, lt, notInArray, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { documentCopies, documentCopyChunks } from "../db/schema";
import { log } from "../log";

/** Pieces of about this size are written while the upload streams on, and read back one at a time. */
const PIECE_BYTES = 1024 * 1024;
/** Pieces of an upload that never finished (the process stopped mid-file) are removed after this long. */
const ABANDONED_AFTER = "1 hour";

export interface DocumentCopy {
  /** Passes the bytes on unchanged while keeping a copy of them; a failing copy never fails the upload. */
  tee(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array>;
  /** Links the copy to the recorded document, once the platform has accepted it. */
  keep(documentRowId: string, sizeBytes: number): Promise<void>;
  /** Drops what was copied of an upload that failed. */
  discard(): Promise<void>;
}

/**
 * The desk keeps its own copy of every document it uploads: the platform's API has upload only
 * (spec 4.11) and no way to read a document back, yet staff must be able to see what was filed.
 * The copy lives in the database (shared by every app instance), written piece by piece.
 */
export function startDocumentCopy(db: Db): DocumentCopy {
  const copyId = randomUUID();
  let seq = 0;
  let failed = false;
  let written = 0;
  // Pieces are written behind the upload, never in its way: a slow database must not stall the
  // platform upload. The backlog is bounded by the 10 MB a file may have.
  let writes: Promise<void> = Promise.resolve();

  function write(piece: Buffer) {
    if (failed || piece.byteLength === 0) return;
    const n = seq++;
    writes = writes.then(async () => {
      if (failed) return;
      try {
        // As base64 text decoded by the database: a bytea parameter cost PGlite ~200 ms per MB
        // (10 MB uploads took 3.5 s instead of 0.1 s); decode() takes ~17 ms.
        await db.insert(documentCopyChunks).values({ copyId, seq: n, bytes: sql`decode(${piece.toString("base64")}, 'base64')` });
        written += piece.byteLength;
      } catch (err) {
        failed = true;
        log().error({ reason: (err as Error).message }, "could not keep the desk's copy of an uploaded document");
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
          write(Buffer.concat(pending));
          pending = [];
          size = 0;
        }
        yield chunk;
      }
      write(Buffer.concat(pending));
    },
    async keep(documentRowId, sizeBytes) {
      await writes;
      if (failed || written !== sizeBytes) {
        await this.discard();
        return;
      }
      try {
        await db.insert(documentCopies).values({ documentRowId, copyId, sizeBytes }).onConflictDoNothing();
      } catch (err) {
        log().error({ reason: (err as Error).message }, "could not link the desk's copy of a document");
        await this.discard();
      }
    },
    async discard() {
      failed = true;
      await writes;
      await db
        .delete(documentCopyChunks)
        .where(eq(documentCopyChunks.copyId, copyId))
        .catch(() => undefined);
      // Now and then, also the leftovers of uploads cut short by a restart.
      await db
        .delete(documentCopyChunks)
        .where(
          and(
            lt(documentCopyChunks.createdAt, sql`now() - ${ABANDONED_AFTER}::interval`),
            notInArray(documentCopyChunks.copyId, db.select({ id: documentCopies.copyId }).from(documentCopies)),
          ),
        )
        .catch(() => undefined);
    },
  };
}

/** The copy of a recorded document, as a stream read one piece at a time; null when the desk has none. */
export async function readDocumentCopy(db: Db, documentRowId: string): Promise<{ sizeBytes: number; stream: ReadableStream<Uint8Array> } | null> {
  const [copy] = await db.select().from(documentCopies).where(eq(documentCopies.documentRowId, documentRowId));
  if (!copy) return null;
  const pieces = await db
    .select({ seq: documentCopyChunks.seq })
    .from(documentCopyChunks)
    .where(eq(documentCopyChunks.copyId, copy.copyId))
    .orderBy(asc(documentCopyChunks.seq));
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
