CREATE TABLE "approval_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_emails_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "vendor_costs" (
	"vendor_id" text PRIMARY KEY NOT NULL,
	"cost_per_donor" numeric(12, 2),
	"cpd_budget" numeric(12, 2),
	"cost_per_acquisition" numeric(12, 2),
	"cpa_budget" numeric(12, 2),
	"cost_per_thousand" numeric(12, 2),
	"cpm_budget" numeric(12, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_splits" (
	"vendor_id" text PRIMARY KEY NOT NULL,
	"split_ratio" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_utm_sources" (
	"vendor_id" text PRIMARY KEY NOT NULL,
	"utm_source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"vendor_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"default_utm_source" text NOT NULL,
	"email_prospecting_key" text,
	"text_prospecting_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_costs" ADD CONSTRAINT "vendor_costs_vendor_id_vendors_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("vendor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_splits" ADD CONSTRAINT "vendor_splits_vendor_id_vendors_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("vendor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_utm_sources" ADD CONSTRAINT "vendor_utm_sources_vendor_id_vendors_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("vendor_id") ON DELETE cascade ON UPDATE no action;