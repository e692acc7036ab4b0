ALTER TABLE "webhook_inbox" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "webhook_inbox" ADD COLUMN "signature" text;--> statement-breakpoint
UPDATE "webhook_inbox" AS w SET "event_key" = k."event_key"
FROM (
	SELECT min("id") AS "id", "kind" || '|' || ("payload"->>'transaction_id') || '|' || ("payload"->>'event_time') AS "event_key"
	FROM "webhook_inbox"
	WHERE jsonb_typeof("payload"->'transaction_id') = 'string' AND jsonb_typeof("payload"->'event_time') = 'number'
	GROUP BY 2
) AS k
WHERE w."id" = k."id";--> statement-breakpoint
ALTER TABLE "webhook_inbox" ADD CONSTRAINT "webhook_inbox_event_key_unique" UNIQUE("event_key");--> statement-breakpoint
ALTER TABLE "webhook_inbox" ADD CONSTRAINT "webhook_inbox_signature_unique" UNIQUE("signature");--> statement-breakpoint
CREATE TABLE "webhook_registration_leases" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"holder" uuid NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
