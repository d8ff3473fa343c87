-- Every change to a game or its seats bumps the game's revision. A move is prepared outside
-- the write lock and stored only if the revision it was prepared at is still current.
ALTER TABLE games ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
