-- A send has one name in the code: audit rows written as 'email_log' now read 'send'.
UPDATE "audit_log" SET "entity" = 'send' WHERE "entity" = 'email_log';
