ALTER TABLE "patient_index" ADD COLUMN "abha_number" text;
--> statement-breakpoint
ALTER TABLE "patient_index" ADD COLUMN "abha_address" text;
--> statement-breakpoint
CREATE INDEX "patient_index_abha_number_idx" ON "patient_index" USING btree ("abha_number");
--> statement-breakpoint
CREATE INDEX "patient_index_abha_address_idx" ON "patient_index" USING btree ("abha_address");
