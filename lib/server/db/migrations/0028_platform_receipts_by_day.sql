-- The owner's dashboard and the accountant's CSV read a clinic's platform receipts by the instant Reconcile puts them on its day
-- (paid, else reported, else received): one small indexed range read per view.
CREATE INDEX "platform_receipts_clinic_at_idx" ON "platform_receipts" USING btree ("clinic_id", (coalesce("paid_at", "state_at", "received_at")));
