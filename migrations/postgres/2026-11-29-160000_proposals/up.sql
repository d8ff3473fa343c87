-- A proposal at the table waiting for answers: one row from the move that made it until the
-- scheduler, once it has lapsed, tells everyone it did (or finds it answered): it holds no
-- name, only when the game's own log says the proposal lapses.
CREATE TABLE proposals (
    game_id TEXT NOT NULL,
    -- The proposing entry's seq.
    seq BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX proposals_by_expiry ON proposals (expires_at);
