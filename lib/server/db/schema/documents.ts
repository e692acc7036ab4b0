import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
