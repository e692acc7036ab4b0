CREATE TABLE "doctor_rooms" (
	"clinic_id" text NOT NULL,
	"doctor_id" text NOT NULL,
	"day" text NOT NULL,
	"room" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_rooms_clinic_id_doctor_id_day_pk" PRIMARY KEY("clinic_id","doctor_id","day")
);
--> statement-breakpoint
CREATE TABLE "priority_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"label" text,
	"label_hi" text,
	"position" integer NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A room set on a paired display becomes the doctor's usual room at that clinic; where displays disagree, the most recently paired (not revoked) one wins.
INSERT INTO "doctor_rooms" ("clinic_id", "doctor_id", "day", "room", "updated_by", "updated_at")
SELECT DISTINCT ON (d."clinic_id", e->>'doctorId') d."clinic_id", e->>'doctorId', 'default', left(btrim(e->>'room'), 30), d."paired_by", d."created_at"
FROM "displays" d CROSS JOIN LATERAL jsonb_array_elements(d."doctors") e
WHERE d."revoked_at" IS NULL AND coalesce(btrim(e->>'room'), '') <> '' AND coalesce(e->>'doctorId', '') <> ''
ORDER BY d."clinic_id", e->>'doctorId', d."created_at" DESC;
--> statement-breakpoint
UPDATE "displays" SET "doctors" = (SELECT coalesce(jsonb_agg(jsonb_build_object('doctorId', e->>'doctorId') ORDER BY o), '[]'::jsonb) FROM jsonb_array_elements("doctors") WITH ORDINALITY AS x(e, o));
