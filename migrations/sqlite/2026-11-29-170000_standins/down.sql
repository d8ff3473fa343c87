DROP TABLE standins;
