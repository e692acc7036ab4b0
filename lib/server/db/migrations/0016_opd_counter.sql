ALTER TABLE "queue_appointments" ADD COLUMN "token_number" integer;
--> statement-breakpoint
ALTER TABLE "queue_appointments" ADD COLUMN "token_label" text;
--> statement-breakpoint
ALTER TABLE "queue_appointments" ADD COLUMN "token_issued_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "queue_appointments" ADD COLUMN "priority" text;
--> statement-breakpoint
ALTER TABLE "queue_appointments" ADD COLUMN "called_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "queue_appointments" ADD COLUMN "call_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "queue_appointments" ADD COLUMN "skipped_at_call" integer;
--> statement-breakpoint
CREATE UNIQUE INDEX "queue_appointments_token_idx" ON "queue_appointments" USING btree ("clinic_id","doctor_id","day","token_number") WHERE "token_number" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "queue_counters" (
	"clinic_id" text NOT NULL,
	"doctor_id" text NOT NULL,
	"day" text NOT NULL,
	"last_token" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"last_action_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_counters_clinic_id_doctor_id_day_pk" PRIMARY KEY("clinic_id","doctor_id","day")
);
