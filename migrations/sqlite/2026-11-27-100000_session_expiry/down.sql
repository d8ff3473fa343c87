DROP INDEX sessions_by_address;
ALTER TABLE sessions DROP COLUMN last_used_at;
