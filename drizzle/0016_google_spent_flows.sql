CREATE TABLE "google_spent_flows" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "google_spent_flows_expires_at_idx" ON "google_spent_flows" USING btree ("expires_at");