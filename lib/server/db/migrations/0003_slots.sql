CREATE TABLE "assistant_session_tokens" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_entries" (
	"kind" text NOT NULL,
	"platform_id" text NOT NULL,
	"display_name" text NOT NULL,
	"time_zone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_entries_kind_platform_id_pk" PRIMARY KEY("kind","platform_id")
);
--> statement-breakpoint
CREATE TABLE "slot_bookings" (
	"idempotency_key" uuid PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"request" jsonb NOT NULL,
	"status" text NOT NULL,
	"appointment_id" text,
	"booking" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
