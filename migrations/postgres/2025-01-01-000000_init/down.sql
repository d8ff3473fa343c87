DROP TABLE outbox;
DROP TABLE actions;
DROP TABLE seats;
DROP TABLE games;
