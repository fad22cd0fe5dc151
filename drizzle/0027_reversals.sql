CREATE TABLE "contribution_reversals" (
	"client_slug" text NOT NULL,
	"reversal_key" text NOT NULL,
	"source_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"reversed_at" timestamp with time zone NOT NULL,
	"import_id" integer NOT NULL,
	CONSTRAINT "contribution_reversals_client_slug_reversal_key_pk" PRIMARY KEY("client_slug","reversal_key")
);
--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "chargeback_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "reversed_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "result_imports" ADD COLUMN "skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "result_imports" ADD COLUMN "skipped_reason" text;--> statement-breakpoint
ALTER TABLE "result_imports" ADD COLUMN "reversals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "send_figures" ADD COLUMN "chargeback_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "send_vendor_figures" ADD COLUMN "chargeback_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "contribution_reversals_source_idx" ON "contribution_reversals" USING btree ("client_slug","source_id");--> statement-breakpoint
ALTER TABLE "contribution_reversals" ALTER COLUMN "reversal_key" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "contribution_reversals" ALTER COLUMN "source_id" TYPE text COLLATE "C";--> statement-breakpoint
INSERT INTO "contribution_reversals" ("client_slug", "reversal_key", "source_id", "kind", "amount_cents", "reversed_at", "import_id")
SELECT "client_slug", "source_id" || '#refund', "source_id", 'refund', "refunded_cents",
       coalesce("refunded_at", "contributed_at"), "import_id"
  FROM "contributions" WHERE "refunded_cents" > 0;--> statement-breakpoint
UPDATE "contributions" SET "reversed_cents" = "refunded_cents" WHERE "refunded_cents" > 0;
