-- Block, mute and report (issue 31, item 5). Addresses are kept as `store::address_key` keeps
-- them (trimmed, lower case).

-- A person's block of another address: nothing from the blocked address's games reaches the
-- blocker (invitations, rematches, its messages). `label` is what the blocker knew them by
-- (their name at the table), shown in the blocker's settings instead of the address; `id`
-- names the block in the unblock form.
CREATE TABLE blocks (
    id TEXT NOT NULL UNIQUE,
    blocker TEXT NOT NULL,
    blocked TEXT NOT NULL,
    label TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (blocker, blocked)
);

-- A reader's report of a message, once per reader and message; the operator closes it by
-- hiding the message or dismissing the report.
CREATE TABLE reports (
    id TEXT PRIMARY KEY,
    message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    reporter TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    -- When the operator closed it, and how: `hidden` or `dismissed`.
    closed_at BIGINT,
    outcome TEXT,
    UNIQUE (message_id, reporter)
);
CREATE INDEX reports_open ON reports (closed_at, created_at);

-- A message the operator hid: no page, mail, API answer or export shows it again. Messages
-- are outside the hash-chained log, so hiding one changes no record's chain.
ALTER TABLE messages ADD COLUMN hidden_at BIGINT;

-- When the operator blocked the address service-wide: no mail to or from it, no game made or
-- joined by it (its row is made when the operator blocks an address never seen).
ALTER TABLE addresses ADD COLUMN blocked_at BIGINT;
