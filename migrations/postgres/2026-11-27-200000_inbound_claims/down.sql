ALTER TABLE inbound_mails DROP COLUMN intent;
ALTER TABLE inbound_mails DROP COLUMN log_seq;
ALTER TABLE inbound_mails DROP COLUMN claimed_until;
