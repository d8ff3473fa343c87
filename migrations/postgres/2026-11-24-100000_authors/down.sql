ALTER TABLE actions DROP COLUMN deadline;
ALTER TABLE actions DROP COLUMN author;
