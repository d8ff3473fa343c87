-- When a session was last used, for its idle limit (its absolute limit counts from created_at).
-- Existing sessions count as used when they were made.
ALTER TABLE sessions ADD COLUMN last_used_at BIGINT NOT NULL DEFAULT 0;
UPDATE sessions SET last_used_at = created_at;
CREATE INDEX sessions_by_address ON sessions (address);
