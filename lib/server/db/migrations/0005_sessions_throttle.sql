CREATE TABLE "staff_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");
--> statement-breakpoint
CREATE INDEX "staff_sessions_seen_idx" ON "staff_sessions" USING btree ("last_seen_at");
--> statement-breakpoint
CREATE FUNCTION "end_staff_sessions_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "staff_sessions" WHERE "staff_id" = NEW."id";
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "staff_change_ends_sessions" AFTER UPDATE ON "staff" FOR EACH ROW
	WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR OLD."active" IS DISTINCT FROM NEW."active" OR OLD."password_hash" IS DISTINCT FROM NEW."password_hash" OR OLD."email" IS DISTINCT FROM NEW."email")
	EXECUTE FUNCTION "end_staff_sessions_on_change"();
--> statement-breakpoint
CREATE TABLE "sign_in_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_throttle_updated_idx" ON "sign_in_throttle" USING btree ("updated_at");
--> statement-breakpoint
DROP TABLE "sign_in_attempts";
