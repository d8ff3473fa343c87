-- A creator's minimum to claim an open seat (issue 31, item 3): the games a claimer must have
-- finished, counted as the reliability beside their name. NULL: anyone may claim. A person
-- who hides their reliability cannot claim a seat of a game that asks for one.
ALTER TABLE open_games ADD COLUMN min_finished INTEGER;
