-- A move asks, for each seat it mails its turn, whether a reply of that seat is being
-- answered (the answer then carries the decision): by game and seat.
CREATE INDEX inbound_mails_seat ON inbound_mails (game_id, seat);
