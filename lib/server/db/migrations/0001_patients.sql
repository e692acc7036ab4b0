CREATE TABLE "patient_index" (
	"id" text PRIMARY KEY NOT NULL,
	"salutation" text,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text,
	"gender" text,
	"dob" text,
	"mobile" text,
	"mobile_national" text,
	"uhid" text,
	"uhid_lower" text,
	"search_keys" text[] NOT NULL,
	"directory" jsonb,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_registrations" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"patient_id" text,
	"directory_done_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "patient_index_keys_idx" ON "patient_index" USING gin ("search_keys");--> statement-breakpoint
CREATE INDEX "patient_index_seen_idx" ON "patient_index" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "patient_index_mobile_idx" ON "patient_index" USING btree ("mobile_national" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patient_index_uhid_idx" ON "patient_index" USING btree ("uhid_lower" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patient_index_dob_idx" ON "patient_index" USING btree ("dob");--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log rows are append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
