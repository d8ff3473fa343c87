ALTER TABLE games DROP COLUMN cancelled_by;
DROP TABLE addresses;
ALTER TABLE outbox DROP COLUMN failed_at;
