CREATE TABLE "display_pairings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"display_id" uuid,
	"claimed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "display_pairings_code_idx" ON "display_pairings" USING btree ("code");
--> statement-breakpoint
CREATE TABLE "displays" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"clinic_id" text NOT NULL,
	"doctors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_hash" text,
	"paired_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid
);
--> statement-breakpoint
CREATE UNIQUE INDEX "displays_token_hash_idx" ON "displays" USING btree ("token_hash") WHERE "token_hash" IS NOT NULL;
