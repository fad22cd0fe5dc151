ALTER TABLE "email_logs" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Sends made before reminders existed never told their vendors to expect one: they stay without (decision 0018).
UPDATE "email_logs" SET "reminders_enabled" = false;--> statement-breakpoint
ALTER TABLE "prospecting_sessions" ADD COLUMN "send_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "deployment_tracking" DROP COLUMN "reminders_enabled";
