-- A person's conduct at the table, derived from their games as they happen (never typed in):
-- one row per game finished, deadline missed, resignation, or game left to a bot. Kept by the
-- address (lower case), not the seat, so it stays with the person when a replacement takes the
-- seat over. Read as counts beside a name (reliability).
CREATE TABLE conduct (
    address TEXT NOT NULL,
    game_id TEXT NOT NULL,
    -- The seat, from 0.
    seat INTEGER NOT NULL,
    -- "finished" (played to the end), "missed" (the clock took a decision), "resigned",
    -- "abandoned" (the game ended with the bot playing for an absent player).
    kind TEXT NOT NULL,
    -- The action a missed deadline's default is (its seq); 0 for the other kinds, which
    -- happen once per seat and game.
    seq BIGINT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat, kind, seq, address)
);
CREATE INDEX conduct_by_address ON conduct (address);

-- Whether the person hides their reliability (then games that require one are closed to them).
ALTER TABLE addresses ADD COLUMN reliability_hidden BOOLEAN NOT NULL DEFAULT FALSE;

-- What the stored games already say. Seats replaced before this migration are counted for
-- whoever holds them now: the earlier holder was not kept.
INSERT INTO conduct (address, game_id, seat, kind, seq, at)
SELECT lower(trim(s.email)), s.game_id, s.seat,
       CASE s.control WHEN 'absent' THEN 'abandoned' ELSE 'finished' END, 0, g.ended_at
FROM seats s JOIN games g ON g.id = s.game_id
WHERE g.status = 'over' AND g.ended_at IS NOT NULL AND s.email <> ''
  AND s.control IN ('player', 'absent');
INSERT INTO conduct (address, game_id, seat, kind, seq, at)
SELECT lower(trim(s.email)), s.game_id, s.seat, 'resigned', 0, s.resigned_at
FROM seats s WHERE s.resigned_at IS NOT NULL AND s.email <> '';
INSERT INTO conduct (address, game_id, seat, kind, seq, at)
SELECT lower(trim(s.email)), a.game_id, a.seat, 'missed', a.seq, a.created_at
FROM actions a JOIN seats s ON s.game_id = a.game_id AND s.seat = a.seat
WHERE a.author = 'clock' AND s.email <> '';
