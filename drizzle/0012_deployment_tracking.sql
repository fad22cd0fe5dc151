CREATE TABLE "deployment_tracking" (
	"delivery_id" integer PRIMARY KEY NOT NULL,
	"log_id" integer NOT NULL,
	"vendor_id" text NOT NULL,
	"token_hash" text,
	"link_expires_at" timestamp with time zone,
	"link_revoked_at" timestamp with time zone,
	"content" jsonb NOT NULL,
	"attachment_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"received_at" timestamp with time zone,
	"scheduled_date" text,
	"scheduled_time" text,
	"segment" text,
	"planned_quantity" integer,
	"seed_test_sent_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"deployed_date" text,
	"deployed_quantity" integer,
	"cannot_deploy_reason" text,
	"note" text,
	"reminders_enabled" boolean DEFAULT true NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deployment_tracking_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "deployment_tracking" ADD CONSTRAINT "deployment_tracking_delivery_id_email_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."email_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployment_tracking" ADD CONSTRAINT "deployment_tracking_log_id_email_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."email_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deployment_tracking_log_id_idx" ON "deployment_tracking" USING btree ("log_id");--> statement-breakpoint
CREATE INDEX "deployment_tracking_status_idx" ON "deployment_tracking" USING btree ("status");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");