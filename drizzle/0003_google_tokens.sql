CREATE TABLE "google_connect_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google_access_token" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google_access_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "google_connect_tickets" ADD CONSTRAINT "google_connect_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_connect_tickets_expires_at_idx" ON "google_connect_tickets" USING btree ("expires_at");