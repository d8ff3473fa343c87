-- A resigned seat of a running game its creator lists in the lobby for a stand-in: one row
-- per seat until someone takes it over (or the creator withdraws it).
CREATE TABLE standins (
    game_id TEXT NOT NULL,
    -- The seat, from 0.
    seat INTEGER NOT NULL,
    listed_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
