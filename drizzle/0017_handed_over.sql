ALTER TABLE "email_deliveries" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
-- Claims made before the hand-over was recorded may have gone to the transport: the cautious side, as before.
UPDATE "email_deliveries" SET "handed_over_at" = "updated_at" WHERE "status" = 'sending';
