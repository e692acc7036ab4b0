-- Events are reshaped once, when they arrive, and kept in the desk's own shape beside the signed payload.
-- Rows stored before this (null version) are reshaped by the readers on first read and written back.
ALTER TABLE "webhook_inbox" ADD COLUMN "desk_event" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_inbox" ADD COLUMN "desk_event_version" integer;
