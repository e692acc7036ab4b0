ALTER TABLE "patient_index" ADD COLUMN "name_keys_version" integer DEFAULT 0 NOT NULL;
