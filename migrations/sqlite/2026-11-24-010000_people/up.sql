-- People: an address is a person. What the service knows of each (proof, preferences, whether
-- it may be mailed), the sign-ins and sessions of "my games", muted games, rate counters, and
-- what games gained with people: a name, the creator's confirmation, rematches.
ALTER TABLE addresses ADD COLUMN verified_at BIGINT;
-- every_turn | digest | results
ALTER TABLE addresses ADD COLUMN mail_mode TEXT NOT NULL DEFAULT 'every_turn';
-- The local hour (0-23) of the daily digest, in time_zone.
ALTER TABLE addresses ADD COLUMN digest_hour INTEGER NOT NULL DEFAULT 8;
ALTER TABLE addresses ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
-- A language tag of the catalogs; NULL: the browser's, else the default.
ALTER TABLE addresses ADD COLUMN language TEXT;
-- Set when the person asked never to be mailed again.
ALTER TABLE addresses ADD COLUMN suppressed_at BIGINT;
-- When the last digest was mailed.
ALTER TABLE addresses ADD COLUMN last_digest_at BIGINT;
-- Bumped to revoke every session and mail-settings link of the address.
ALTER TABLE addresses ADD COLUMN link_version INTEGER NOT NULL DEFAULT 0;
-- A random public key naming the address in mail-settings links (never the address).
ALTER TABLE addresses ADD COLUMN key TEXT;
UPDATE addresses SET key = lower(hex(randomblob(8)));
CREATE UNIQUE INDEX addresses_key ON addresses (key);

-- Every address seated in a game is a person; one that accepted followed our link.
UPDATE addresses SET verified_at = (
    SELECT MIN(s.accepted_at) FROM seats s WHERE lower(s.email) = addresses.address
);
INSERT INTO addresses (address, key, created_at, verified_at)
SELECT lower(s.email), lower(hex(randomblob(8))), MIN(g.created_at), MIN(s.accepted_at)
FROM seats s JOIN games g ON g.id = s.game_id
WHERE lower(s.email) NOT IN (SELECT address FROM addresses)
GROUP BY lower(s.email);

CREATE TABLE muted (
    address TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    PRIMARY KEY (address, game_id)
);

-- A sign-in link mailed to an address: single use, until expires_at.
CREATE TABLE sign_ins (
    nonce TEXT PRIMARY KEY NOT NULL,
    address TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);

-- A signed-in browser: the SHA-256 of its cookie's random id, never the id itself.
CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY NOT NULL,
    address TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- Uses of a rate limit in one fixed window.
CREATE TABLE rate_counters (
    bucket TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    count BIGINT NOT NULL,
    PRIMARY KEY (bucket, window_start)
);

-- The creator may name a game.
ALTER TABLE games ADD COLUMN title TEXT;
-- When the creator proved their address; no invitation leaves before.
ALTER TABLE games ADD COLUMN confirmed_at BIGINT;
UPDATE games SET confirmed_at = created_at;
-- The game this one is a rematch of, and the rematch proposed after this one.
ALTER TABLE games ADD COLUMN rematch_of TEXT;
ALTER TABLE games ADD COLUMN rematch TEXT;

-- The one-click unsubscribe address of the recipient (RFC 8058).
ALTER TABLE outbox ADD COLUMN unsubscribe_url TEXT;
