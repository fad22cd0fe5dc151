ALTER TABLE "email_deliveries" ADD COLUMN "terms" jsonb;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "added_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "added_by_email" text;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "addition_key" text;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "addition_hash" text;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "pricing_model" text;