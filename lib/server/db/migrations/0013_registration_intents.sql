ALTER TABLE "patient_registrations" ADD COLUMN "partner_ref" text;--> statement-breakpoint
ALTER TABLE "patient_registrations" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "patient_registrations" ADD COLUMN "outcome_unknown_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patient_registrations" ADD COLUMN "check_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patient_registrations" ADD COLUMN "checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "patient_registrations_unknown_idx" ON "patient_registrations" USING btree ("check_after") WHERE "patient_registrations"."outcome_unknown_since" is not null;--> statement-breakpoint
CREATE TABLE "document_upload_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"sha256" text,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"staff_id" uuid,
	"state" text NOT NULL,
	"document_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "document_upload_attempts_file_idx" ON "document_upload_attempts" USING btree ("patient_id","sha256");
