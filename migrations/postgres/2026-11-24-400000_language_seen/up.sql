-- The language of the pages a person last read here (a cookie's or their browser's), so mails
-- to someone who chose no language are written in the one they read the site in.
ALTER TABLE addresses ADD COLUMN language_seen TEXT;
