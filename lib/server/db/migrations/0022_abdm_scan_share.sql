CREATE TABLE "abdm_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"abha_address" text NOT NULL,
	"abha_number" text,
	"counter" text NOT NULL,
	"hip_id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"day" text NOT NULL,
	"token_number" text NOT NULL,
	"profile" jsonb NOT NULL,
	"first_request_id" text NOT NULL,
	"shared_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"patient_id" text,
	"appointment_id" text,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "abdm_shares_address_idx" ON "abdm_shares" USING btree ("abha_address","expires_at");
--> statement-breakpoint
CREATE INDEX "abdm_shares_open_idx" ON "abdm_shares" USING btree ("clinic_id","day") WHERE "abdm_shares"."handled_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "abdm_shares_token_idx" ON "abdm_shares" USING btree ("clinic_id","day","token_number");
--> statement-breakpoint
CREATE TABLE "abdm_share_requests" (
	"request_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
