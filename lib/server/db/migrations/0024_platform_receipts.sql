CREATE TABLE "platform_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_receipt_id" text NOT NULL,
	"receipt_number" text,
	"clinic_id" text,
	"appointment_id" text,
	"patient_id" text,
	"reference" text,
	"amount_paise" bigint CHECK ("amount_paise" IS NULL OR "amount_paise" >= 0),
	"refunded_paise" bigint CHECK ("refunded_paise" IS NULL OR "refunded_paise" >= 0),
	"status" text,
	"method" text,
	"paid_at" timestamp with time zone,
	"problem" text,
	"state_at" timestamp with time zone,
	"first_inbox_id" bigint NOT NULL,
	"last_inbox_id" bigint NOT NULL,
	"events" integer DEFAULT 1 NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "platform_receipts_platform_id_idx" ON "platform_receipts" USING btree ("platform_receipt_id");
--> statement-breakpoint
CREATE INDEX "platform_receipts_appointment_idx" ON "platform_receipts" USING btree ("appointment_id");
--> statement-breakpoint
CREATE TABLE "platform_receipt_decisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_receipt_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"platform_receipt_id" uuid NOT NULL REFERENCES "platform_receipts"("id"),
	"decision" text NOT NULL CHECK ("decision" IN ('linked', 'platform_only')),
	"desk_receipt_id" uuid REFERENCES "receipts"("id"),
	"platform_net_paise" bigint,
	"how" text NOT NULL CHECK ("how" IN ('appointment', 'reference', 'amount_visit', 'staff')),
	"note" text,
	"staff_id" uuid,
	"at" timestamp with time zone NOT NULL,
	CHECK (("decision" = 'linked') = ("desk_receipt_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "platform_receipt_decisions_receipt_idx" ON "platform_receipt_decisions" USING btree ("platform_receipt_id","id");
--> statement-breakpoint
CREATE INDEX "platform_receipt_decisions_desk_idx" ON "platform_receipt_decisions" USING btree ("desk_receipt_id");
--> statement-breakpoint
CREATE TRIGGER "platform_receipt_decisions_append_only" BEFORE UPDATE OR DELETE ON "platform_receipt_decisions" FOR EACH ROW EXECUTE FUNCTION "billing_append_only"();
