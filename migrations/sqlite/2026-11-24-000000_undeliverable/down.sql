DROP TABLE addresses;
ALTER TABLE outbox DROP COLUMN failed_at;
