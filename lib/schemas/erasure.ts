import { z } from "zod";
import { storableText } from "./storable-text";

/** An admin erasing a patient's data at the patient's own request: why, in words the log keeps. */
export const ErasureRequest = z.strictObject({
  reason: storableText({ error: "erasure.errors.reasonRequired" })
    .trim()
    .min(5, "erasure.errors.reasonRequired")
    .max(500, "erasure.errors.reasonTooLong"),
});
export type ErasureRequest = z.infer<typeof ErasureRequest>;

export const ErasureLogEntry = z.object({
  id: z.string(),
  /** What the audit trail and the OPD visits now say in place of the patient. */
  pseudonym: z.string(),
  source: z.enum(["platform", "admin"]),
  requestedByName: z.string().nullable(),
  reason: z.string().nullable(),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
  counts: z.record(z.string(), z.number()),
  lastError: z.string().nullable(),
});
export type ErasureLogEntry = z.infer<typeof ErasureLogEntry>;

export const ErasureLog = z.object({ entries: z.array(ErasureLogEntry) });
export type ErasureLog = z.infer<typeof ErasureLog>;
