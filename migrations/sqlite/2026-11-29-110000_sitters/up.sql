-- A player's sitter for an absence: one row per seat while it lasts (named, then accepted),
-- removed when the player returns or ends it; one past `until_at` is over without a write.
-- The sitter's link signs (game, seat, address, invited_at), so a new sitting retires it.
CREATE TABLE sitters (
    game_id TEXT NOT NULL,
    -- The seat, from 0.
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    invited_at BIGINT NOT NULL,
    until_at BIGINT NOT NULL,
    accepted_at BIGINT,
    PRIMARY KEY (game_id, seat)
);
