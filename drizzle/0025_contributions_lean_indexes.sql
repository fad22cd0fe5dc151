CREATE TABLE "send_figures" (
	"send_id" integer PRIMARY KEY NOT NULL,
	"client_slug" text NOT NULL,
	"contributions" integer NOT NULL,
	"donors" integer NOT NULL,
	"new_donors" integer NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "contributions_send_vendor_idx";--> statement-breakpoint
DROP INDEX "contributions_donor_idx";--> statement-breakpoint
CREATE INDEX "send_figures_client_idx" ON "send_figures" USING btree ("client_slug");--> statement-breakpoint
ALTER TABLE "contributions" ALTER COLUMN "source_id" TYPE text COLLATE "C";--> statement-breakpoint
INSERT INTO "send_figures" ("send_id", "client_slug", "contributions", "donors", "new_donors", "gross_cents", "refunded_cents")
SELECT "send_id", min("client_slug"), count(*),
       count(DISTINCT "donor_hash") FILTER (WHERE "refunded_cents" < "amount_cents"),
       count(DISTINCT "donor_hash") FILTER (WHERE "is_new_donor" AND "refunded_cents" < "amount_cents"),
       coalesce(sum("amount_cents"), 0), coalesce(sum("refunded_cents"), 0)
  FROM "contributions" WHERE "send_id" IS NOT NULL
 GROUP BY "send_id";
