-- A reply is claimed while it is acted on (a delivery that dies lets the MTA's retry take it
-- over once the claim runs out), and says which moves it is playing from which log length
-- before it plays them, so that retry finds them in the log instead of playing them again.
ALTER TABLE inbound_mails ADD COLUMN claimed_until BIGINT;
ALTER TABLE inbound_mails ADD COLUMN log_seq BIGINT;
ALTER TABLE inbound_mails ADD COLUMN intent TEXT;
