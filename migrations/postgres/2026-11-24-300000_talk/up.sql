-- Table talk and replies: messages between seats (not part of the rules log), the inbound
-- mails already handled (so a mail delivered twice acts once), where replies go.

CREATE TABLE messages (
    id TEXT PRIMARY KEY NOT NULL,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- The author's seat, from 0.
    seat INTEGER NOT NULL,
    -- The one seat it is for (a private message), or NULL: the whole table.
    to_seat INTEGER,
    -- The log's length when it was sent.
    seq BIGINT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    -- "page", "api" or "mail".
    via TEXT NOT NULL
);
CREATE INDEX messages_game ON messages (game_id, created_at);

-- Only the players see the table's talk (spectators see public messages otherwise).
ALTER TABLE games ADD COLUMN private_table BOOLEAN NOT NULL DEFAULT FALSE;
-- The creation time of the last message this seat was mailed (or shown in a digest).
ALTER TABLE seats ADD COLUMN messages_mailed_at BIGINT NOT NULL DEFAULT 0;
-- The Reply-To address of a mail to a seat.
ALTER TABLE outbox ADD COLUMN reply_to TEXT;

-- A mail received by reply: acted on once, whatever the MTA delivers twice.
CREATE TABLE inbound_mails (
    message_id TEXT PRIMARY KEY NOT NULL,
    game_id TEXT,
    seat INTEGER,
    received_at BIGINT NOT NULL,
    -- What became of it: "applied", "refused", "stale", "message", "ignored".
    outcome TEXT NOT NULL
);
