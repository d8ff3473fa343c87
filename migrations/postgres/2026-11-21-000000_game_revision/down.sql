ALTER TABLE games DROP COLUMN revision;
