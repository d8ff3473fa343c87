DROP TABLE proposals;
