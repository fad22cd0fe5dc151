ALTER TABLE "email_deliveries" ALTER COLUMN "log_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "statement_id" integer;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_deliveries_statement_idx" ON "email_deliveries" USING btree ("statement_id") WHERE "email_deliveries"."kind" = 'statement';--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_owner_check" CHECK ("email_deliveries"."log_id" is not null or "email_deliveries"."statement_id" is not null);