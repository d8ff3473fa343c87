-- Time: a pace per game, a deadline per pending decision, reminders, missed deadlines and
-- absence, bots in seats, and people's declared absences (vacations).

-- Hours a seat has for each decision; NULL: no deadline (the creator asked for none).
ALTER TABLE games ADD COLUMN hours_per_decision INTEGER;

-- Who plays a seat: "player" (its person), "bot" (a bot, from the creation or after a
-- resignation), "absent" (the bot, until the player acts again from their link).
ALTER TABLE seats ADD COLUMN control TEXT NOT NULL DEFAULT 'player';
-- Deadlines the clock enforced for this seat since its player last acted.
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
-- Set when the player resigned (the seat is the bot's; the creator may invite a replacement).
ALTER TABLE seats ADD COLUMN resigned_at BIGINT;

-- The deadline of one seat's pending decision.
CREATE TABLE deadlines (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    -- The replay step at which this decision began (the seat's stamp): a later decision of
    -- the same seat is another deadline.
    since_seq BIGINT NOT NULL,
    started_at BIGINT NOT NULL,
    due_at BIGINT NOT NULL,
    -- When the next reminder goes (NULL: none left).
    remind_at BIGINT,
    -- Whether this decision had its one grace extension.
    extended BOOLEAN NOT NULL DEFAULT FALSE,
    -- While set and in the future, a scheduler holds the row.
    claimed_until BIGINT,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX deadlines_due ON deadlines (due_at);
CREATE INDEX deadlines_remind ON deadlines (remind_at);

-- A person away: their deadlines in every game are pushed past it.
CREATE TABLE absences (
    id TEXT PRIMARY KEY NOT NULL,
    address TEXT NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX absences_address ON absences (address);
