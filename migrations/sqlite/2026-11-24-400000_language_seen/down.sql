ALTER TABLE addresses DROP COLUMN language_seen;
