-- Receipts and the transparency log (service/transparency.rs, store/transparency.rs).
-- The public keys the service signs or signed receipts and tree heads with, and when.
CREATE TABLE signing_keys (
    id TEXT PRIMARY KEY NOT NULL,
    public_key TEXT NOT NULL,
    valid_from BIGINT NOT NULL,
    valid_until BIGINT
);
-- Log entries stored but not yet appended to the tree: written in the entry's own
-- transaction, moved into the tree by the sequencer's, so none is ever lost.
CREATE TABLE log_queue (
    game_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    head TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
-- Every entry ever stored, in the order the tree holds them.
CREATE TABLE log_leaves (
    idx BIGINT PRIMARY KEY NOT NULL,
    game_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    head TEXT NOT NULL,
    logged_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX log_leaves_entry ON log_leaves (game_id, seq);
-- The tree's complete subtrees: 2^level leaves from leaf idx << level on.
CREATE TABLE log_nodes (
    level INTEGER NOT NULL,
    idx BIGINT NOT NULL,
    hash BLOB NOT NULL,
    PRIMARY KEY (level, idx)
) WITHOUT ROWID;
-- The signed tree heads, one per size the tree had when the sequencer signed.
CREATE TABLE tree_heads (
    size BIGINT PRIMARY KEY NOT NULL,
    root TEXT NOT NULL,
    at BIGINT NOT NULL,
    key_id TEXT NOT NULL,
    signature TEXT NOT NULL
);
-- The tree's size: the row the sequencer locks first, so two never append at once.
CREATE TABLE log_state (
    id INTEGER PRIMARY KEY NOT NULL,
    size BIGINT NOT NULL
);
INSERT INTO log_state (id, size) VALUES (1, 0);
-- Entries stored before the log existed join it in the sequencer's first pass.
INSERT INTO log_queue (game_id, seq, head) SELECT game_id, seq, hash FROM actions;
