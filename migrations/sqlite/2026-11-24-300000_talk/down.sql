DROP TABLE inbound_mails;
ALTER TABLE outbox DROP COLUMN reply_to;
ALTER TABLE seats DROP COLUMN messages_mailed_at;
ALTER TABLE games DROP COLUMN private_table;
DROP TABLE messages;
