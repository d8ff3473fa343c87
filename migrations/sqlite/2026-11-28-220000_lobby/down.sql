DROP TABLE seat_claims;
DROP TABLE open_games;
