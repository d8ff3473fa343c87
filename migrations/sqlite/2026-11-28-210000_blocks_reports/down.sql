ALTER TABLE addresses DROP COLUMN blocked_at;
ALTER TABLE messages DROP COLUMN hidden_at;
DROP TABLE reports;
DROP TABLE blocks;
