DROP INDEX inbound_mails_seat;
