CREATE TABLE "quantity_acceptances" (
	"delivery_id" integer PRIMARY KEY NOT NULL,
	"quantity" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"accepted_by_user_id" integer,
	"accepted_by_email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_adjustments" (
	"statement_id" integer NOT NULL,
	"send_id" integer NOT NULL,
	"from_month" text NOT NULL,
	"owed_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"settled_owed_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"quantity" bigint,
	CONSTRAINT "statement_adjustments_statement_id_send_id_pk" PRIMARY KEY("statement_id","send_id")
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"statement_id" integer NOT NULL,
	"send_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"client_slug" text,
	"client_name" text,
	"pricing_model" text,
	"terms" jsonb NOT NULL,
	"terms_wording" text NOT NULL,
	"contributions" integer NOT NULL,
	"donors" integer NOT NULL,
	"new_donors" integer NOT NULL,
	"gross_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"quantity" bigint,
	"reported_quantity" bigint,
	"owed_cents" bigint,
	"flags" text[] NOT NULL,
	CONSTRAINT "statement_lines_statement_id_send_id_pk" PRIMARY KEY("statement_id","send_id")
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"vendor_name" text,
	"month" text NOT NULL,
	"owed_cents" bigint NOT NULL,
	"unknown_lines" integer NOT NULL,
	"finalized_at" timestamp with time zone NOT NULL,
	"finalized_by_user_id" integer,
	"finalized_by_email" text NOT NULL,
	"paid_on" text,
	"payment_reference" text,
	"paid_at" timestamp with time zone,
	"paid_by_user_id" integer,
	"paid_by_email" text
);
--> statement-breakpoint
CREATE TABLE "vendor_quantity_limits" (
	"vendor_id" text PRIMARY KEY NOT NULL,
	"quantity_limit" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quantity_acceptances" ADD CONSTRAINT "quantity_acceptances_delivery_id_email_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."email_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quantity_acceptances" ADD CONSTRAINT "quantity_acceptances_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_adjustments" ADD CONSTRAINT "statement_adjustments_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_finalized_by_user_id_users_id_fk" FOREIGN KEY ("finalized_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_quantity_limits" ADD CONSTRAINT "vendor_quantity_limits_vendor_id_vendors_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("vendor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_vendor_month_idx" ON "statements" USING btree ("vendor_id","month");