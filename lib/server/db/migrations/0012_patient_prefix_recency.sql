CREATE INDEX "patient_index_mobile2_seen_idx" ON "patient_index" USING btree (left("mobile_national", 2),"last_seen_at");--> statement-breakpoint
CREATE INDEX "patient_index_mobile3_seen_idx" ON "patient_index" USING btree (left("mobile_national", 3),"last_seen_at");--> statement-breakpoint
CREATE INDEX "patient_index_uhid4_seen_idx" ON "patient_index" USING btree (left("uhid_lower", 4),"last_seen_at");--> statement-breakpoint
CREATE INDEX "patient_index_uhid5_seen_idx" ON "patient_index" USING btree (left("uhid_lower", 5),"last_seen_at");--> statement-breakpoint
CREATE INDEX "patient_index_uhid6_seen_idx" ON "patient_index" USING btree (left("uhid_lower", 6),"last_seen_at");
