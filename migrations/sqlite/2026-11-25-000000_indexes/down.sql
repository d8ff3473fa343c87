DROP INDEX muted_game;
CREATE INDEX outbox_due ON outbox (next_attempt_at);
DROP INDEX outbox_claimable;
DROP INDEX outbox_failed;
