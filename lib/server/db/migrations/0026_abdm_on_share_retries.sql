ALTER TABLE "desk_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "abdm_shares" ADD COLUMN "on_share_state" text DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE "abdm_shares" ADD COLUMN "on_share_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "abdm_shares" ADD COLUMN "on_share_error" text;
--> statement-breakpoint
ALTER TABLE "abdm_shares" ADD COLUMN "expired_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "abdm_shares_unhandled_expiry_idx" ON "abdm_shares" USING btree ("expires_at") WHERE "abdm_shares"."handled_at" is null and "abdm_shares"."expired_at" is null;
