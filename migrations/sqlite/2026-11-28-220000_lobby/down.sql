DROP TABLE open_games;
