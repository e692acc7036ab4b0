CREATE TABLE "day_closes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" text NOT NULL,
	"cashier_id" uuid NOT NULL,
	"day" text NOT NULL,
	"generation" integer NOT NULL,
	"expected_cash_paise" bigint NOT NULL,
	"counted_cash_paise" bigint NOT NULL CHECK ("counted_cash_paise" >= 0),
	"denominations" jsonb NOT NULL,
	"upi_paise" bigint NOT NULL,
	"card_paise" bigint NOT NULL,
	"difference_paise" bigint NOT NULL,
	"note" text,
	"closed_by" uuid NOT NULL,
	"closed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "day_closes_generation_idx" ON "day_closes" USING btree ("clinic_id","cashier_id","day","generation");
--> statement-breakpoint
CREATE TABLE "day_reopens" (
	"close_id" uuid PRIMARY KEY NOT NULL REFERENCES "day_closes"("id"),
	"reason" text NOT NULL,
	"reopened_by" uuid NOT NULL,
	"reopened_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER "day_closes_append_only" BEFORE UPDATE OR DELETE ON "day_closes" FOR EACH ROW EXECUTE FUNCTION "billing_append_only"();
--> statement-breakpoint
CREATE TRIGGER "day_reopens_append_only" BEFORE UPDATE OR DELETE ON "day_reopens" FOR EACH ROW EXECUTE FUNCTION "billing_append_only"();
