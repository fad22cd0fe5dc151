CREATE TABLE "maintenance_runs" (
	"task" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "files_removed_at" timestamp with time zone;