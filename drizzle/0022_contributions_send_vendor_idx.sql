DROP INDEX "contributions_send_idx";--> statement-breakpoint
CREATE INDEX "contributions_send_vendor_idx" ON "contributions" USING btree ("send_id","vendor_id");