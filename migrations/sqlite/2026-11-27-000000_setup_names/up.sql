-- The name each seat had when the game was created: the log's genesis covers it, so it never
-- changes. `name` is who plays the seat now (a replacement rewrites it).
ALTER TABLE seats ADD COLUMN setup_name TEXT NOT NULL DEFAULT '';
UPDATE seats SET setup_name = name;
