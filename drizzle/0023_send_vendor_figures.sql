CREATE TABLE "send_vendor_figures" (
	"send_id" integer NOT NULL,
	"vendor_id" text NOT NULL,
	"client_slug" text NOT NULL,
	"contributions" integer NOT NULL,
	"donors" integer NOT NULL,
	"new_donors" integer NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "send_vendor_figures_send_id_vendor_id_pk" PRIMARY KEY("send_id","vendor_id")
);
--> statement-breakpoint
CREATE INDEX "send_vendor_figures_client_idx" ON "send_vendor_figures" USING btree ("client_slug");--> statement-breakpoint
INSERT INTO "send_vendor_figures" ("send_id", "vendor_id", "client_slug", "contributions", "donors", "new_donors", "gross_cents", "refunded_cents")
SELECT "send_id", "vendor_id", "client_slug", count(*),
       count(DISTINCT "donor_hash") FILTER (WHERE "refunded_cents" < "amount_cents"),
       count(DISTINCT "donor_hash") FILTER (WHERE "is_new_donor" AND "refunded_cents" < "amount_cents"),
       coalesce(sum("amount_cents"), 0), coalesce(sum("refunded_cents"), 0)
  FROM "contributions" WHERE "send_id" IS NOT NULL AND "vendor_id" IS NOT NULL
 GROUP BY "send_id", "vendor_id", "client_slug";
