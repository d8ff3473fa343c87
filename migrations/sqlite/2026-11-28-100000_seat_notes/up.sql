-- A seat's private notes: what its player keeps for himself about the game (plans, what others
-- said), shown on his seat page only, never in a record, an export, a mail or another page.
-- Kept with the seat: whoever plays the seat later reads them.
CREATE TABLE seat_notes (
    game_id TEXT NOT NULL,
    -- The seat, from 0.
    seat INTEGER NOT NULL,
    body TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat) ON DELETE CASCADE
);
