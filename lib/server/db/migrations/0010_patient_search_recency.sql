CREATE INDEX "patient_index_mobile_seen_idx" ON "patient_index" USING btree ("mobile_national" text_pattern_ops,"last_seen_at","id");--> statement-breakpoint
CREATE INDEX "patient_index_uhid_seen_idx" ON "patient_index" USING btree ("uhid_lower" text_pattern_ops,"last_seen_at","id");--> statement-breakpoint
DROP INDEX "patient_index_mobile_idx";--> statement-breakpoint
DROP INDEX "patient_index_uhid_idx";
