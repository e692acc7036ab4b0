import { customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { staff } from "./foundation";

/** A document the platform accepted for a patient; written only after the platform answered. */
export const patientDocuments = pgTable(
  "patient_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientId: text("patient_id").notNull(),
    documentId: text("document_id").notNull().unique(),
    fileName: text("file_name").notNull(),
    mime: text("mime").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    documentType: text("document_type", { enum: ["lr", "ps", "ds", "o"] }).notNull(),
    tasks: jsonb("tasks").$type<string[]>().notNull(),
    uploadedBy: uuid("uploaded_by").references(() => staff.id, { onDelete: "set null" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("patient_documents_patient_idx").on(t.patientId, t.uploadedAt)],
);

/**
 * Each upload attempt, written before the platform is called: the platform cannot list a
 * patient's files, so an attempt whose answer never came is how the desk knows a file may be filed.
 */
export const documentUploadAttempts = pgTable(
  "document_upload_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientId: text("patient_id").notNull(),
    /** sha-256 hex of the file (sent by the browser, checked against the bytes that passed). */
    sha256: text("sha256"),
    fileName: text("file_name").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    staffId: uuid("staff_id"),
    /** sending → filed | failed (nothing kept) | unknown (the platform may hold it). */
    state: text("state", { enum: ["sending", "filed", "failed", "unknown"] }).notNull(),
    documentId: text("document_id"),
    /** The browser cancelled it and asked what became of it: a file filed anyway is "already filed" to the next upload of it. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("document_upload_attempts_file_idx").on(t.patientId, t.sha256)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The desk's own copy of each uploaded file, in pieces of about 1 MB so it can be written while
 * the upload streams on and read back as a stream. The platform has no download endpoint
 * (spec 4.11 is upload only), so preview and download are served from here.
 */
export const documentCopyChunks = pgTable(
  "document_copy_chunks",
  {
    copyId: uuid("copy_id").notNull(),
    seq: integer("seq").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.copyId, t.seq] })],
);

/** Which copy belongs to which recorded document; a copy without a row here is an abandoned upload. */
export const documentCopies = pgTable("document_copies", {
  documentRowId: uuid("document_row_id")
    .primaryKey()
    .references(() => patientDocuments.id, { onDelete: "cascade" }),
  copyId: uuid("copy_id").notNull().unique(),
  sizeBytes: integer("size_bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
