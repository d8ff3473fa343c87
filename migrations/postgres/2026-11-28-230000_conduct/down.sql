DROP TABLE conduct;
ALTER TABLE addresses DROP COLUMN reliability_hidden;
