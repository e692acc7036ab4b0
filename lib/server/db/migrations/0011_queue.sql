CREATE TABLE "queue_appointments" (
	"appointment_id" text PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"doctor_id" text NOT NULL,
	"day" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"patient_id" text NOT NULL,
	"patient_label" text,
	"conf_id" text NOT NULL,
	"service_name" text,
	"mode" text NOT NULL,
	"price" double precision,
	"currency" text,
	"pre_pay" boolean,
	"post_pay" boolean,
	"booked_by" uuid,
	"source" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"arrived_at" timestamp with time zone,
	"cancel_reason" text,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_by" uuid,
	"undoable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queue_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"appointment_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"version" integer NOT NULL,
	"staff_id" uuid,
	"reason" text,
	"undo_of" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_status_history" ADD CONSTRAINT "queue_status_history_appointment_id_queue_appointments_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."queue_appointments"("appointment_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "queue_appointments_day_idx" ON "queue_appointments" USING btree ("clinic_id","day","doctor_id","start_at");
--> statement-breakpoint
CREATE INDEX "queue_appointments_patient_idx" ON "queue_appointments" USING btree ("patient_id","start_at");
--> statement-breakpoint
CREATE INDEX "queue_status_history_appointment_idx" ON "queue_status_history" USING btree ("appointment_id","id");
