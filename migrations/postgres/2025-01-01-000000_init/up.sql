-- corriere schema, PostgreSQL flavour. Keep in step with migrations/sqlite and src/store/schema.rs.
-- Times are i64 milliseconds since the Unix epoch. Nothing derived is stored except log_head,
-- the hash-chain head, which the replay checks.

CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL,
    rules_version INTEGER NOT NULL,
    options TEXT NOT NULL,
    status TEXT NOT NULL
        CHECK (status IN ('inviting', 'playing', 'over', 'cancelled', 'imported')),
    created_at BIGINT NOT NULL,
    commitment TEXT NOT NULL,
    secret TEXT NOT NULL,
    log_head TEXT,
    creator_seat INTEGER NOT NULL,
    ended_at BIGINT
);

CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    link_version INTEGER NOT NULL DEFAULT 1,
    accepted_at BIGINT,
    contribution TEXT,
    contribution_source TEXT CHECK (contribution_source IN ('player', 'server')),
    last_seen_seq BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE outbox (
    id TEXT PRIMARY KEY NOT NULL,
    game_id TEXT REFERENCES games (id) ON DELETE SET NULL,
    kind TEXT NOT NULL,
    to_name TEXT NOT NULL,
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    text_body TEXT NOT NULL,
    html_body TEXT NOT NULL,
    message_id TEXT NOT NULL UNIQUE,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    last_error TEXT,
    created_at BIGINT NOT NULL,
    claimed_until BIGINT
);

CREATE INDEX outbox_due ON outbox (next_attempt_at);
CREATE INDEX outbox_game ON outbox (game_id);
