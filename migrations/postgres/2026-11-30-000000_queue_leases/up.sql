-- A queue's worker holds one lease for its pass instead of stamping a claim on every row: a
-- queued mail or webhook delivery is written once, when it is queued, and deleted once sent
-- (a failure rewrites it to count the attempt). A pass takes its queue's lease, sends, and
-- lets it go; a worker that dies mid-pass holds it until `held_until`, and then another takes
-- the queue over and sends again what was not settled.
CREATE TABLE queue_leases (
    queue TEXT PRIMARY KEY NOT NULL,
    holder TEXT NOT NULL,
    held_until BIGINT NOT NULL
);
DROP INDEX outbox_claimable;
ALTER TABLE outbox DROP COLUMN claimed_until;
CREATE INDEX outbox_due ON outbox (next_attempt_at, created_at) WHERE failed_at IS NULL;
ALTER TABLE webhook_outbox DROP COLUMN claimed_until;
