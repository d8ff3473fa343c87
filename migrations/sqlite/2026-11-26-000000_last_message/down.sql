ALTER TABLE games DROP COLUMN last_message_at;
