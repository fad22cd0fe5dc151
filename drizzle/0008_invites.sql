CREATE TABLE "invites" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"authorized_email_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_authorized_email_id_authorized_emails_id_fk" FOREIGN KEY ("authorized_email_id") REFERENCES "public"."authorized_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invites_authorized_email_id_idx" ON "invites" USING btree ("authorized_email_id");