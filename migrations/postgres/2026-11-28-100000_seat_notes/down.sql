DROP TABLE seat_notes;
