-- What each platform receipt adds to the clinic's collections, as the desk last counted it (platformCounting in
-- lib/billing/platform-counting.ts decides; the app writes these in the same transaction as the event or decision
-- that changed it): counted (platform only) or waiting (no decision), its clinic day, doctor and service. NULL:
-- not counted yet (rows from before this migration are counted on the next dashboard read).
ALTER TABLE "platform_receipts" ADD COLUMN "counted_as" text CHECK ("counted_as" IN ('counted', 'desk_counts', 'waiting', 'unknown'));
--> statement-breakpoint
ALTER TABLE "platform_receipts" ADD COLUMN "counted_paise" bigint;
--> statement-breakpoint
ALTER TABLE "platform_receipts" ADD COLUMN "counted_day" text;
--> statement-breakpoint
ALTER TABLE "platform_receipts" ADD COLUMN "counted_doctor" text;
--> statement-breakpoint
ALTER TABLE "platform_receipts" ADD COLUMN "counted_service" text;
--> statement-breakpoint
CREATE INDEX "platform_receipts_counted_day_idx" ON "platform_receipts" USING btree ("clinic_id", "counted_day") WHERE "counted_as" = 'counted';
--> statement-breakpoint
CREATE INDEX "platform_receipts_uncounted_idx" ON "platform_receipts" USING btree ("id") WHERE "counted_as" IS NULL;
--> statement-breakpoint
-- Running totals of the above per clinic day (the owner's dashboard reads these, as it reads billing_day_totals):
-- counted money per day, doctor ('' unknown) and service ('booked_service|<name>' or 'online|'), and the waiting ones.
CREATE TABLE "platform_day_totals" (
	"clinic_id" text NOT NULL,
	"day" text NOT NULL,
	"dimension" text NOT NULL CHECK ("dimension" IN ('total', 'doctor', 'service', 'waiting')),
	"key" text NOT NULL,
	"paise" bigint DEFAULT 0 NOT NULL,
	"receipts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_day_totals_pk" PRIMARY KEY("clinic_id","day","dimension","key")
);
