CREATE TABLE "client_result_settings" (
	"client_slug" text PRIMARY KEY NOT NULL,
	"attribution_window_days" integer DEFAULT 30 NOT NULL,
	"mapping" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contributions" (
	"client_slug" text NOT NULL,
	"source_id" text NOT NULL,
	"import_id" integer NOT NULL,
	"contributed_at" timestamp with time zone NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"recurrence_number" integer,
	"donor_hash" bigint,
	"codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"campaign" text,
	"vendor_id" text,
	"send_id" integer,
	"attribution" text DEFAULT 'unmatched' NOT NULL,
	"matched_code" text,
	"is_new_donor" boolean DEFAULT false NOT NULL,
	CONSTRAINT "contributions_client_slug_source_id_pk" PRIMARY KEY("client_slug","source_id")
);
--> statement-breakpoint
CREATE TABLE "prior_donors" (
	"client_slug" text NOT NULL,
	"donor_hash" bigint NOT NULL,
	CONSTRAINT "prior_donors_client_slug_donor_hash_pk" PRIMARY KEY("client_slug","donor_hash")
);
--> statement-breakpoint
CREATE TABLE "result_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_slug" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rows" integer NOT NULL,
	"added" integer NOT NULL,
	"updated" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"matched" integer NOT NULL,
	"unmatched" integer NOT NULL,
	"outside_window" integer NOT NULL,
	"refunded" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_result_codes" (
	"vendor_id" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_result_codes_vendor_id_code_pk" PRIMARY KEY("vendor_id","code")
);
--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_import_id_result_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."result_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_imports" ADD CONSTRAINT "result_imports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_result_codes" ADD CONSTRAINT "vendor_result_codes_vendor_id_vendors_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("vendor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contributions_client_date_idx" ON "contributions" USING btree ("client_slug","contributed_at");--> statement-breakpoint
CREATE INDEX "contributions_send_idx" ON "contributions" USING btree ("send_id");--> statement-breakpoint
CREATE INDEX "contributions_donor_idx" ON "contributions" USING btree ("client_slug","donor_hash");--> statement-breakpoint
CREATE INDEX "result_imports_client_idx" ON "result_imports" USING btree ("client_slug","created_at");--> statement-breakpoint
CREATE INDEX "vendor_result_codes_code_idx" ON "vendor_result_codes" USING btree ("code");