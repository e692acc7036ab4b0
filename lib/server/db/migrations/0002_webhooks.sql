CREATE TABLE "webhook_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_key" text NOT NULL,
	"kind" text NOT NULL,
	"verification" text NOT NULL,
	"occurred_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "webhook_inbox_delivery_key_unique" UNIQUE("delivery_key")
);
--> statement-breakpoint
CREATE TABLE "webhook_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivery_key" text,
	"outcome" text NOT NULL,
	"status" integer NOT NULL,
	"reason" text,
	"kind" text,
	"inbox_id" integer
);
--> statement-breakpoint
CREATE TABLE "webhook_signing_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" text,
	"ciphertext" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "webhook_inbox_received_idx" ON "webhook_inbox" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "webhook_receipts_at_idx" ON "webhook_receipts" USING btree ("at");