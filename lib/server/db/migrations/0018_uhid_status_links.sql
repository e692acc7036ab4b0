CREATE TABLE "uhid_counters" (
	"scope" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uhid_issues" (
	"uhid_lower" text PRIMARY KEY NOT NULL,
	"uhid" text NOT NULL,
	"scope" text NOT NULL,
	"number" integer NOT NULL,
	"registration_key" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uhid_issues_scope_number_idx" ON "uhid_issues" USING btree ("scope","number");
--> statement-breakpoint
CREATE UNIQUE INDEX "uhid_issues_registration_idx" ON "uhid_issues" USING btree ("registration_key");
--> statement-breakpoint
CREATE TABLE "visit_status_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"appointment_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_status_links_appointment_fk" FOREIGN KEY ("appointment_id") REFERENCES "queue_appointments"("appointment_id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX "visit_status_links_appointment_idx" ON "visit_status_links" USING btree ("appointment_id");
--> statement-breakpoint
CREATE TABLE "public_rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "public_rate_limits_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE INDEX "public_rate_limits_window_idx" ON "public_rate_limits" USING btree ("window_start");
