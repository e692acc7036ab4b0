CREATE TABLE "billing_settings" (
	"clinic_id" text PRIMARY KEY NOT NULL,
	"legal_name" text,
	"address" text,
	"gstin" text,
	"upi_vpa" text,
	"upi_payee" text,
	"registration_fee_paise" bigint DEFAULT 0 NOT NULL CHECK ("registration_fee_paise" >= 0),
	"new_case_fee_paise" bigint DEFAULT 0 NOT NULL CHECK ("new_case_fee_paise" >= 0),
	"follow_up_fee_paise" bigint DEFAULT 0 NOT NULL CHECK ("follow_up_fee_paise" >= 0),
	"follow_up_days" integer DEFAULT 7 NOT NULL CHECK ("follow_up_days" >= 0),
	"procedures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"doctor_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"fee_kind" text NOT NULL CHECK ("fee_kind" IN ('booked_service', 'new_case', 'follow_up')),
	"lines" jsonb NOT NULL,
	"total_paise" bigint NOT NULL CHECK ("total_paise" >= 0),
	"pre_pay" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bills_appointment_idx" ON "bills" USING btree ("appointment_id");
--> statement-breakpoint
CREATE INDEX "bills_patient_doctor_idx" ON "bills" USING btree ("patient_id","doctor_id","created_at");
--> statement-breakpoint
CREATE TABLE "bill_concessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_concessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bill_id" uuid NOT NULL REFERENCES "bills"("id"),
	"amount_paise" bigint NOT NULL CHECK ("amount_paise" > 0),
	"reason" text NOT NULL,
	"allowed_by" text NOT NULL,
	"staff_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bill_concessions_bill_idx" ON "bill_concessions" USING btree ("bill_id");
--> statement-breakpoint
CREATE TABLE "billing_counters" (
	"clinic_id" text NOT NULL,
	"series" text NOT NULL,
	"fy" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_counters_pk" PRIMARY KEY("clinic_id","series","fy")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" text NOT NULL,
	"fy" text NOT NULL,
	"number" integer NOT NULL,
	"label" text NOT NULL,
	"bill_id" uuid NOT NULL REFERENCES "bills"("id"),
	"appointment_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"doctor_id" text NOT NULL,
	"amount_paise" bigint NOT NULL CHECK ("amount_paise" > 0),
	"idempotency_key" text NOT NULL,
	"request" jsonb NOT NULL,
	"collected_by" uuid,
	"collected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_idx" ON "receipts" USING btree ("clinic_id","fy","number");
--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_label_idx" ON "receipts" USING btree ("clinic_id","label");
--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_key_idx" ON "receipts" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "receipts_bill_idx" ON "receipts" USING btree ("bill_id");
--> statement-breakpoint
CREATE INDEX "receipts_day_idx" ON "receipts" USING btree ("clinic_id","collected_at");
--> statement-breakpoint
CREATE TABLE "receipt_payments" (
	"receipt_id" uuid NOT NULL REFERENCES "receipts"("id"),
	"line" integer NOT NULL,
	"method" text NOT NULL CHECK ("method" IN ('cash', 'upi', 'card')),
	"amount_paise" bigint NOT NULL CHECK ("amount_paise" > 0),
	"tendered_paise" bigint,
	"change_paise" bigint,
	"reference" text,
	CONSTRAINT "receipt_payments_pk" PRIMARY KEY("receipt_id","line"),
	CHECK ("change_paise" IS NULL OR ("change_paise" >= 0 AND "tendered_paise" = "amount_paise" + "change_paise"))
);
--> statement-breakpoint
CREATE TABLE "receipt_prints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipt_prints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"receipt_id" uuid NOT NULL REFERENCES "receipts"("id"),
	"copy" text NOT NULL CHECK ("copy" IN ('original', 'duplicate')),
	"staff_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "receipt_prints_receipt_idx" ON "receipt_prints" USING btree ("receipt_id");
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" text NOT NULL,
	"fy" text NOT NULL,
	"number" integer NOT NULL,
	"label" text NOT NULL,
	"receipt_id" uuid NOT NULL REFERENCES "receipts"("id"),
	"amount_paise" bigint NOT NULL CHECK ("amount_paise" > 0),
	"method" text NOT NULL CHECK ("method" IN ('cash', 'upi', 'card')),
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request" jsonb NOT NULL,
	"staff_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_idx" ON "credit_notes" USING btree ("clinic_id","fy","number");
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_label_idx" ON "credit_notes" USING btree ("clinic_id","label");
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_key_idx" ON "credit_notes" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "credit_notes_receipt_idx" ON "credit_notes" USING btree ("receipt_id");
--> statement-breakpoint
CREATE FUNCTION "billing_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'money records are append-only: % on % is refused (issue a credit note instead)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'raise_exception';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bills_append_only" BEFORE UPDATE OR DELETE ON "bills" FOR EACH ROW EXECUTE FUNCTION "billing_append_only"();
--> statement-breakpoint
CREATE TRIGGER "bill_concessions_append_only" BEFORE UPDATE OR DELETE ON "bill_concessions" FOR EACH ROW EXECUTE FUNCTION "billing_append_only"();
--> statement-breakpoint
CREATE TRIGGER "receipts_append_only" BEFORE UPDATE OR DELETE ON "receipts" FOR EACH ROW EXECUTE FUNCTION "billing_append_only"();
--> statement-breakpoint
CREATE TRIGGER "receipt_payments_append_only" BEFORE UPDATE OR DELETE ON "receipt_payments" FOR EACH ROW EXECUTE FUNCTION "billing_append_only"();
--> statement-breakpoint
CREATE TRIGGER "credit_notes_append_only" BEFORE UPDATE OR DELETE ON "credit_notes" FOR EACH ROW EXECUTE FUNCTION "billing_append_only"();
--> statement-breakpoint
CREATE TRIGGER "receipts_no_truncate" BEFORE TRUNCATE ON "receipts" FOR EACH STATEMENT EXECUTE FUNCTION "billing_append_only"();
--> statement-breakpoint
CREATE TRIGGER "credit_notes_no_truncate" BEFORE TRUNCATE ON "credit_notes" FOR EACH STATEMENT EXECUTE FUNCTION "billing_append_only"();
