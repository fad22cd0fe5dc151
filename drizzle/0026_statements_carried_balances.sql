CREATE TABLE "statement_carried_balances" (
	"statement_id" integer NOT NULL,
	"from_month" text NOT NULL,
	"owed_cents" bigint NOT NULL,
	CONSTRAINT "statement_carried_balances_statement_id_from_month_pk" PRIMARY KEY("statement_id","from_month")
);
--> statement-breakpoint
ALTER TABLE "statement_adjustments" ADD COLUMN "gross_cents" bigint;--> statement-breakpoint
ALTER TABLE "statement_adjustments" ADD COLUMN "refunded_cents" bigint;--> statement-breakpoint
ALTER TABLE "statement_carried_balances" ADD CONSTRAINT "statement_carried_balances_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;