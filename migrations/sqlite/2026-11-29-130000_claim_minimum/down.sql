ALTER TABLE open_games DROP COLUMN min_finished;
