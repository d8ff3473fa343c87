-- A mail that can never be delivered is kept, marked failed with its reason, and no longer
-- retried; the address it was for is marked undeliverable. Addresses are people: this table
-- grows with what the service knows of each address.
ALTER TABLE outbox ADD COLUMN failed_at BIGINT;

CREATE TABLE addresses (
    -- The address in lower case: one person whatever the letter case.
    address TEXT PRIMARY KEY NOT NULL,
    created_at BIGINT NOT NULL,
    undeliverable_at BIGINT,
    undeliverable_reason TEXT
);

-- Why a game was called off: "declined" (a seat declined its invitation) or "operator".
ALTER TABLE games ADD COLUMN cancelled_by TEXT;
