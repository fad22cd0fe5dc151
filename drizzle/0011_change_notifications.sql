-- Every committed write to a table that app instances keep in their read cache announces itself on the
-- 'dispatch_changes' channel (payload: the table's name), whatever code or tool made it. One notice per statement;
-- PostgreSQL delivers it to every listener at commit, in commit order, and folds repeats within a transaction.
CREATE FUNCTION dispatch_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dispatch_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER authorized_emails_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON authorized_emails FOR EACH STATEMENT EXECUTE FUNCTION dispatch_announce_change();
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION dispatch_announce_change();
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION dispatch_announce_change();
--> statement-breakpoint
CREATE TRIGGER vendors_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendors FOR EACH STATEMENT EXECUTE FUNCTION dispatch_announce_change();
--> statement-breakpoint
CREATE TRIGGER vendor_splits_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_splits FOR EACH STATEMENT EXECUTE FUNCTION dispatch_announce_change();
--> statement-breakpoint
CREATE TRIGGER vendor_utm_sources_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_utm_sources FOR EACH STATEMENT EXECUTE FUNCTION dispatch_announce_change();
--> statement-breakpoint
CREATE TRIGGER vendor_costs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_costs FOR EACH STATEMENT EXECUTE FUNCTION dispatch_announce_change();
--> statement-breakpoint
CREATE TRIGGER approval_emails_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON approval_emails FOR EACH STATEMENT EXECUTE FUNCTION dispatch_announce_change();
