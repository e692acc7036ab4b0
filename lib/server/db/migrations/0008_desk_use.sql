ALTER TABLE "staff" ADD COLUMN "platform_doctor_id" text;
--> statement-breakpoint
CREATE TABLE "doctor_clinic_schedules" (
	"doctor_id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"has_schedule" boolean NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_clinic_schedules_doctor_id_clinic_id_pk" PRIMARY KEY("doctor_id","clinic_id")
);
--> statement-breakpoint
CREATE TABLE "document_copy_chunks" (
	"copy_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_copy_chunks_copy_id_seq_pk" PRIMARY KEY("copy_id","seq")
);
--> statement-breakpoint
CREATE TABLE "document_copies" (
	"document_row_id" uuid PRIMARY KEY NOT NULL,
	"copy_id" uuid NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_copies_copy_id_unique" UNIQUE("copy_id")
);
--> statement-breakpoint
ALTER TABLE "document_copies" ADD CONSTRAINT "document_copies_document_row_id_patient_documents_id_fk" FOREIGN KEY ("document_row_id") REFERENCES "public"."patient_documents"("id") ON DELETE cascade ON UPDATE no action;
