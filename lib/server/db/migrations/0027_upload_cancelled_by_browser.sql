ALTER TABLE "document_upload_attempts" ADD COLUMN "cancelled_at" timestamp with time zone;
