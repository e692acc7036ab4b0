import "server-only";
import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../db/connect";
import { documentUploadAttempts } from "../db/schema";
import { AppError, PlatformTimeoutError, PlatformUnavailableError } from "../errors";

/** The same file was sent for this patient before and the platform's answer never came: it may hold it. */
export class MaybeFiledError extends AppError {
  constructor(at: Date) {
    super(
      409,
      "This file may already be filed",
      `The same file was sent for this patient at ${at.toISOString()} and the platform did not confirm it. It may already be filed: upload it anyway, or skip it.`,
      { code: "maybe_filed" },
    );
  }
}

/**
 * Refuses a file whose latest attempt for this patient ended without an answer (or is still
 * sending), unless staff chose to send it anyway. A filed attempt after it settles the question.
 */
export async function assertNotMaybeFiled(db: Db, patientId: string, sha256: string): Promise<void> {
  const [latest] = await db
    .select({ state: documentUploadAttempts.state, createdAt: documentUploadAttempts.createdAt, cancelledAt: documentUploadAttempts.cancelledAt })
    .from(documentUploadAttempts)
    .where(and(eq(documentUploadAttempts.patientId, patientId), eq(documentUploadAttempts.sha256, sha256), ne(documentUploadAttempts.state, "failed")))
    .orderBy(desc(documentUploadAttempts.createdAt))
    .limit(1);
  // Filed although staff cancelled it: they may not have seen that it arrived, so sending it again is their choice, not a second copy by accident.
  if (latest && (latest.state !== "filed" || latest.cancelledAt)) throw new MaybeFiledError(latest.createdAt);
}

/** The browser had already given up on this attempt (and was told nothing was stored) before its request got here. */
export class UploadCancelledError extends AppError {
  constructor() {
    super(409, "This upload was cancelled", "This upload was cancelled before the desk sent it on; nothing was stored. Upload the file again if it is still needed.", { code: "upload_cancelled" });
  }
}

/** Written before the platform is called: if the answer is lost, this row is how the desk remembers. */
export async function recordUploadAttempt(db: Db, a: { id?: string; patientId: string; sha256?: string; fileName: string; sizeBytes: number; staffId: string }): Promise<string> {
  const [row] = await db
    .insert(documentUploadAttempts)
    .values({ ...a, sha256: a.sha256 ?? null, state: "sending" })
    .onConflictDoNothing({ target: documentUploadAttempts.id })
    .returning({ id: documentUploadAttempts.id });
  // The browser's id is taken: it cancelled and was answered "nothing stored" already, or the request is a replay.
  if (!row) throw new UploadCancelledError();
  return row.id;
}

/** Timed out, or the connection was lost after the whole file went out: the platform may have stored it. */
export const uploadOutcomeUnknown = (err: unknown) =>
  err instanceof PlatformTimeoutError || (err instanceof PlatformUnavailableError && err.extra.code === undefined) || !(err instanceof AppError);

export async function settleUploadAttempt(db: Db, id: string, s: { state: "filed" | "failed" | "unknown"; sha256?: string; documentId?: string }) {
  await db
    .update(documentUploadAttempts)
    .set({ state: s.state, ...(s.sha256 ? { sha256: s.sha256 } : {}), ...(s.documentId ? { documentId: s.documentId } : {}), updatedAt: new Date() })
    .where(eq(documentUploadAttempts.id, id))
    .catch(() => {});
}
