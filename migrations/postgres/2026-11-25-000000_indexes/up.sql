-- A mail's failure and claim are stored after its bodies, so a query that tested them read
-- every queued mail whole. A game's page lists its undelivered mails, and the worker claims
-- the mails due: both now find their rows in an index and read only those.
CREATE INDEX outbox_failed ON outbox (game_id, created_at) WHERE failed_at IS NOT NULL;
CREATE INDEX outbox_claimable ON outbox (next_attempt_at, created_at, claimed_until)
    WHERE failed_at IS NULL;
DROP INDEX outbox_due;
-- Who muted a game is asked at every move; the key starts with the address.
CREATE INDEX muted_game ON muted (game_id);
