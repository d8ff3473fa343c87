-- Games created with open seats (issue 31, item 1): whether the lobby lists them and how an
-- open seat is claimed. A game without open seats has no row. An open seat itself is a seat
-- row with no address that no bot plays: whoever claims it gets its name and address.
CREATE TABLE open_games (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- The lobby shows it; unlisted, only those given its address can claim a seat.
    listed BOOLEAN NOT NULL,
    -- The creator approves each claim; otherwise the first confirmed taker has the seat.
    approve BOOLEAN NOT NULL
);
-- A confirmed claim waiting for the creator's answer (when the creator approves claims): who
-- asks for which seat. The creator's link names the row, never the address; the row goes when
-- the creator answers.
CREATE TABLE seat_claims (
    id TEXT PRIMARY KEY NOT NULL,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- The seat, from 0.
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
