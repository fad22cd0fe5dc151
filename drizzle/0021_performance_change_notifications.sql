-- Vendor performance's recent figures (the send page's 'Select Vendors') are kept in the read cache: every committed
-- write to a table they are read from announces itself on 'dispatch_changes' like the reference lists' (0011). One
-- notice per statement: an import of a million contributions is one notice, not a million. A new send shows through its
-- deployment_tracking rows (one per delivery, made with it; deleted with it): email_deliveries itself is not watched,
-- as the delivery queue writes it all the time (claims, leases, outcomes).
CREATE TRIGGER contributions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contributions FOR EACH STATEMENT EXECUTE FUNCTION dispatch_announce_change();
--> statement-breakpoint
CREATE TRIGGER deployment_tracking_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON deployment_tracking FOR EACH STATEMENT EXECUTE FUNCTION dispatch_announce_change();
--> statement-breakpoint
CREATE TRIGGER quantity_acceptances_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quantity_acceptances FOR EACH STATEMENT EXECUTE FUNCTION dispatch_announce_change();
--> statement-breakpoint
CREATE TRIGGER vendor_quantity_limits_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_quantity_limits FOR EACH STATEMENT EXECUTE FUNCTION dispatch_announce_change();
