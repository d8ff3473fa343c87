ALTER TABLE seats DROP COLUMN setup_name;
