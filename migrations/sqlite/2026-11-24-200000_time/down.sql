DROP TABLE absences;
DROP TABLE deadlines;
ALTER TABLE seats DROP COLUMN resigned_at;
ALTER TABLE seats DROP COLUMN missed;
ALTER TABLE seats DROP COLUMN control;
ALTER TABLE games DROP COLUMN hours_per_decision;
