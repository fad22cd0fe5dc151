DROP INDEX "email_deliveries_log_vendor_idx";--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "kind" text DEFAULT 'send' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "reply_to_delivery_id" integer;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "follow_up_key" text;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "provider_thread_id" text;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_reply_to_delivery_id_email_deliveries_id_fk" FOREIGN KEY ("reply_to_delivery_id") REFERENCES "public"."email_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_deliveries_log_vendor_send_idx" ON "email_deliveries" USING btree ("log_id","vendor_id") WHERE "email_deliveries"."kind" = 'send';--> statement-breakpoint
CREATE UNIQUE INDEX "email_deliveries_follow_up_key_idx" ON "email_deliveries" USING btree ("reply_to_delivery_id","follow_up_key");