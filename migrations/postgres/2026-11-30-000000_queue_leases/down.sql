ALTER TABLE webhook_outbox ADD COLUMN claimed_until BIGINT;
DROP INDEX outbox_due;
ALTER TABLE outbox ADD COLUMN claimed_until BIGINT;
CREATE INDEX outbox_claimable ON outbox (next_attempt_at, created_at, claimed_until)
    WHERE failed_at IS NULL;
DROP TABLE queue_leases;
