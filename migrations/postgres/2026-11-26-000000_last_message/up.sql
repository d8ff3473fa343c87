-- When the game's last message was posted, or NULL while nobody has written: a move and a
-- seat's page read the table's talk only when there is some, and a new message's time is
-- strictly after this one (their order is their time's).
ALTER TABLE games ADD COLUMN last_message_at BIGINT;
UPDATE games SET last_message_at =
    (SELECT MAX(messages.created_at) FROM messages WHERE messages.game_id = games.id);
