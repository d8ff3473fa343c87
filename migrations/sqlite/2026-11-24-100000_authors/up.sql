-- Who took each logged action: "seat" (the seat's player: every action stored before this),
-- "clock" (the game's default for a seat whose deadline passed; `deadline` is the one it
-- enforced, in ms since the epoch) or "bot" (a bot playing an absent or resigned seat). The
-- hash of a clock's or a bot's entry covers them (docs/formats.md).
ALTER TABLE actions ADD COLUMN author TEXT NOT NULL DEFAULT 'seat';
ALTER TABLE actions ADD COLUMN deadline BIGINT;
