-- Salted seat names (`corriere-log/v2`): a game created since covers, per seat,
-- SHA-256("corriere-name/v1" ‖ salt ‖ name) in its genesis instead of the name itself.
-- `name_salt` is the seat's random salt (64 hex digits); once its player is forgotten the
-- salt goes, `setup_name` becomes the pseudonym and `name_hash` keeps what the genesis covers.
-- Both stay NULL for the games created before (v1), whose genesis covers the plain name.
ALTER TABLE seats ADD COLUMN name_salt TEXT;
ALTER TABLE seats ADD COLUMN name_hash TEXT;
