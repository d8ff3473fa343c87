DROP TABLE sitters;
