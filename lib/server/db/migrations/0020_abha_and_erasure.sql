ALTER TABLE "patient_index" ADD COLUMN "abha_number" text;
--> statement-breakpoint
ALTER TABLE "patient_index" ADD COLUMN "abha_address" text;
--> statement-breakpoint
CREATE INDEX "patient_index_abha_number_idx" ON "patient_index" USING btree ("abha_number");
--> statement-breakpoint
CREATE INDEX "patient_index_abha_address_idx" ON "patient_index" USING btree ("abha_address");
--> statement-breakpoint
CREATE TABLE "patient_erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text,
	"subject_hash" text NOT NULL,
	"pseudonym" text NOT NULL,
	"source" text NOT NULL,
	"requested_by" uuid,
	"reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"steps_done" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"retry_after" timestamp with time zone,
	CONSTRAINT "patient_erasures_subject_hash_unique" UNIQUE("subject_hash"),
	CONSTRAINT "patient_erasures_pseudonym_unique" UNIQUE("pseudonym")
);
--> statement-breakpoint
CREATE INDEX "patient_erasures_pending_idx" ON "patient_erasures" USING btree ("requested_at") WHERE "patient_erasures"."completed_at" is null;
--> statement-breakpoint
CREATE INDEX "patient_erasures_requested_idx" ON "patient_erasures" USING btree ("requested_at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The one change allowed: a patient erasure (a transaction that says so) puts a pseudonym in place
  -- of the erased id, in resource_id and detail only. Who, what, when and the outcome never change.
  IF TG_OP = 'UPDATE' AND current_setting('app.patient_erasure', true) = 'on'
     AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.staff_id IS NOT DISTINCT FROM OLD.staff_id
     AND NEW.action = OLD.action AND NEW.resource = OLD.resource AND NEW.outcome = OLD.outcome
     AND NEW.ip IS NOT DISTINCT FROM OLD.ip THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log rows are append-only';
END;
$$;
