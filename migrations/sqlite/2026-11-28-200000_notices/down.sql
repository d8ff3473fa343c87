DROP TABLE webhook_outbox;
DROP TABLE person_notices;
DROP TABLE game_feeds;
