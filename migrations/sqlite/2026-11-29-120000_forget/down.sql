ALTER TABLE seats DROP COLUMN name_hash;
ALTER TABLE seats DROP COLUMN name_salt;
