-- Notices beyond mail (issue 31, item 7).

-- A game's Atom feed: the version its signed URLs are made for (none: 0). Revoking the feed
-- bumps it, which retires every URL given out before.
CREATE TABLE game_feeds (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL
);

-- A person's notices beyond mail: the version of their calendar feed's URL (bumped to revoke
-- it), their webhook (a URL and its format: json, discord or slack) and how its last delivery
-- went.
CREATE TABLE person_notices (
    address TEXT PRIMARY KEY NOT NULL REFERENCES addresses (address) ON DELETE CASCADE,
    calendar_version INTEGER NOT NULL DEFAULT 0,
    webhook_url TEXT,
    webhook_format TEXT,
    last_error TEXT,
    last_error_at BIGINT,
    last_sent_at BIGINT
);

-- Webhook deliveries waiting to be sent, written in the transaction of what caused them (the
-- outbox of mail, for webhooks): the worker claims, posts, deletes on success, else keeps the
-- row with a retry count and backoff.
CREATE TABLE webhook_outbox (
    id TEXT PRIMARY KEY NOT NULL,
    address TEXT NOT NULL,
    url TEXT NOT NULL,
    format TEXT NOT NULL,
    -- The JSON body as it is posted.
    body TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    last_error TEXT,
    created_at BIGINT NOT NULL,
    claimed_until BIGINT,
    failed_at BIGINT
);

CREATE INDEX webhook_outbox_due ON webhook_outbox (next_attempt_at);
