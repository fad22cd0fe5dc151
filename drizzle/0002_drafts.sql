CREATE TABLE "prospecting_drafts" (
	"user_id" integer NOT NULL,
	"card_id" text NOT NULL,
	"card_type" text NOT NULL,
	"card_order" integer DEFAULT 0 NOT NULL,
	"html_subject" text DEFAULT '' NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"end_date" text,
	"file_name" text,
	"file_content" text,
	"text_copy" text DEFAULT '' NOT NULL,
	"csv_file_name" text,
	"csv_content" text,
	"vendor_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_expanded" boolean DEFAULT true NOT NULL,
	"image_file_name" text,
	"image_content" text,
	"image_content_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prospecting_drafts_user_id_card_id_pk" PRIMARY KEY("user_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "prospecting_sessions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"selected_content_type" text,
	"selected_client" text,
	"selected_vendors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_initial_selection" boolean DEFAULT true NOT NULL,
	"pricing_model" text DEFAULT 'Revshare' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prospecting_drafts" ADD CONSTRAINT "prospecting_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospecting_sessions" ADD CONSTRAINT "prospecting_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;