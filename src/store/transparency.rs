//! The transparency log's rows: entries waiting to be logged, the leaves, the tree's complete
//! nodes, the signed tree heads and the published keys.
//!
//! An entry is queued in its own transaction ([`queue_entry`], called by `append_action`);
//! the sequencer's pass, one transaction that first locks the log's state row, moves queued
//! entries into the tree. Nothing here knows how the tree hashes: `audit::merkle` does.

use super::schema::{log_leaves, log_nodes, log_queue, log_state, signing_keys, tree_heads};
use super::Conn;
use crate::audit::merkle::{Hash, Node, Nodes};
use diesel::prelude::*;
use diesel::result::QueryResult;

/// One logged entry: leaf `idx` of the tree.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Insertable)]
#[diesel(table_name = log_leaves)]
pub struct LeafRow {
    pub idx: i64,
    pub game_id: String,
    pub seq: i64,
    pub head: String,
    /// When the sequencer logged it.
    pub logged_at: i64,
}

/// An entry stored and not yet logged.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Insertable)]
#[diesel(table_name = log_queue)]
pub struct QueuedEntry {
    pub game_id: String,
    pub seq: i64,
    pub head: String,
}

/// A signed tree head as stored.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Insertable)]
#[diesel(table_name = tree_heads)]
pub struct HeadRow {
    pub size: i64,
    pub root: String,
    pub at: i64,
    pub key_id: String,
    pub signature: String,
}

/// A public key the service signs or signed with.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Insertable)]
#[diesel(table_name = signing_keys)]
pub struct KeyRow {
    pub id: String,
    pub public_key: String,
    pub valid_from: i64,
    pub valid_until: Option<i64>,
}

/// Queue a stored entry for the log, in the transaction that stores it.
pub fn queue_entry(conn: &mut Conn, game_id: &str, seq: i64, head: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => diesel::insert_into(log_queue::table)
        .values((
            log_queue::game_id.eq(game_id),
            log_queue::seq.eq(seq),
            log_queue::head.eq(head),
        ))
        .execute(c)
        .map(drop))
}

/// Take the log for this transaction (a second sequencer waits here until it commits) and
/// read the tree's size.
pub fn lock_log(conn: &mut Conn) -> QueryResult<u64> {
    super::on_backend!(conn, c => {
        diesel::update(log_state::table.find(1))
            .set(log_state::size.eq(log_state::size))
            .execute(c)?;
        log_state::table
            .find(1)
            .select(log_state::size)
            .get_result::<i64>(c)
            .map(|size| size as u64)
    })
}

/// The tree's size as last committed.
pub fn log_size(conn: &mut Conn) -> QueryResult<u64> {
    super::on_backend!(conn, c => log_state::table
        .find(1)
        .select(log_state::size)
        .get_result::<i64>(c)
        .map(|size| size as u64))
}

/// Up to `limit` queued entries, each game's in order.
pub fn queued(conn: &mut Conn, limit: i64) -> QueryResult<Vec<QueuedEntry>> {
    super::on_backend!(conn, c => log_queue::table
        .order((log_queue::game_id.asc(), log_queue::seq.asc()))
        .limit(limit)
        .load(c))
}

/// How many entries wait to be logged.
pub fn queue_length(conn: &mut Conn) -> QueryResult<i64> {
    super::on_backend!(conn, c => log_queue::table.count().get_result(c))
}

/// The named nodes that are stored (one indexed read each: a proof names O(log n)).
pub fn read_nodes(conn: &mut Conn, wanted: &[Node]) -> QueryResult<Nodes> {
    let mut nodes = Nodes::with_capacity(wanted.len());
    for &node in wanted {
        let found: Option<Vec<u8>> = super::on_backend!(conn, c => log_nodes::table
            .find((i32::from(node.level), node.index as i64))
            .select(log_nodes::hash)
            .get_result(c)
            .optional())?;
        if let Some(hash) = found.and_then(|bytes| Hash::try_from(bytes.as_slice()).ok()) {
            nodes.insert(node, hash);
        }
    }
    Ok(nodes)
}

/// Rows inserted per statement (SQLite's limit on bound values is far above 3 × this).
const CHUNK: usize = 1000;

/// Append to the tree: its new leaves, the nodes they complete, its new size.
pub fn append_leaves(
    conn: &mut Conn,
    leaves: &[LeafRow],
    nodes: &[(Node, Hash)],
    size: u64,
) -> QueryResult<()> {
    for chunk in leaves.chunks(CHUNK) {
        super::on_backend!(conn, c => diesel::insert_into(log_leaves::table)
            .values(chunk)
            .execute(c))?;
    }
    let rows: Vec<_> = nodes
        .iter()
        .map(|(node, hash)| {
            (
                log_nodes::level.eq(i32::from(node.level)),
                log_nodes::idx.eq(node.index as i64),
                log_nodes::hash.eq(hash.to_vec()),
            )
        })
        .collect();
    for chunk in rows.chunks(CHUNK) {
        super::on_backend!(conn, c => diesel::insert_into(log_nodes::table)
            .values(chunk)
            .execute(c))?;
    }
    super::on_backend!(conn, c => diesel::update(log_state::table.find(1))
        .set(log_state::size.eq(size as i64))
        .execute(c))?;
    Ok(())
}

/// Take logged entries off the queue.
pub fn dequeue(conn: &mut Conn, entries: &[QueuedEntry]) -> QueryResult<()> {
    for entry in entries {
        super::on_backend!(conn, c => diesel::delete(
            log_queue::table.find((entry.game_id.as_str(), entry.seq)),
        )
        .execute(c))?;
    }
    Ok(())
}

/// Store a signed tree head (a second one of the same size, which has the same root, is kept
/// out).
pub fn insert_head(conn: &mut Conn, head: &HeadRow) -> QueryResult<()> {
    super::on_backend!(conn, c => diesel::insert_into(tree_heads::table)
        .values(head)
        .on_conflict_do_nothing()
        .execute(c)
        .map(drop))
}

/// The newest signed tree head.
pub fn latest_head(conn: &mut Conn) -> QueryResult<Option<HeadRow>> {
    let size: Option<i64> = super::on_backend!(conn, c => tree_heads::table
        .select(diesel::dsl::max(tree_heads::size))
        .get_result(c))?;
    match size {
        Some(size) => head_of_size(conn, size),
        None => Ok(None),
    }
}

/// The signed tree head of a size, if one was signed.
pub fn head_of_size(conn: &mut Conn, size: i64) -> QueryResult<Option<HeadRow>> {
    super::on_backend!(conn, c => tree_heads::table.find(size).get_result(c).optional())
}

/// The newest `limit` signed tree heads, newest first.
pub fn recent_heads(conn: &mut Conn, limit: i64) -> QueryResult<Vec<HeadRow>> {
    super::on_backend!(conn, c => tree_heads::table
        .order(tree_heads::size.desc())
        .limit(limit)
        .load(c))
}

/// Every signed tree head, smallest first.
pub fn all_heads(conn: &mut Conn) -> QueryResult<Vec<HeadRow>> {
    super::on_backend!(conn, c => tree_heads::table.order(tree_heads::size.asc()).load(c))
}

/// The leaf that logged entry `seq` of a game.
pub fn leaf_of(conn: &mut Conn, game_id: &str, seq: i64) -> QueryResult<Option<LeafRow>> {
    super::on_backend!(conn, c => log_leaves::table
        .filter(log_leaves::game_id.eq(game_id))
        .filter(log_leaves::seq.eq(seq))
        .get_result(c)
        .optional())
}

/// The leaves of a game's entries, in seq order.
pub fn leaves_of(conn: &mut Conn, game_id: &str) -> QueryResult<Vec<LeafRow>> {
    super::on_backend!(conn, c => log_leaves::table
        .filter(log_leaves::game_id.eq(game_id))
        .order(log_leaves::seq.asc())
        .load(c))
}

/// Leaves `from..from + limit`, in tree order (the operator's audit walks them all).
pub fn leaves_from(conn: &mut Conn, from: i64, limit: i64) -> QueryResult<Vec<LeafRow>> {
    super::on_backend!(conn, c => log_leaves::table
        .filter(log_leaves::idx.ge(from))
        .order(log_leaves::idx.asc())
        .limit(limit)
        .load(c))
}

/// Every key the service published, oldest first.
pub fn signing_keys(conn: &mut Conn) -> QueryResult<Vec<KeyRow>> {
    super::on_backend!(conn, c => signing_keys::table
        .order((signing_keys::valid_from.asc(), signing_keys::id.asc()))
        .load(c))
}

/// Publish the key the service signs with from `since` on (call in a write transaction). A
/// key new here retires every other one still open, at `now`; a key already published keeps
/// its row, its start moved back to `since` if this process began signing earlier.
pub fn publish_key(
    conn: &mut Conn,
    id: &str,
    public_key: &str,
    since: i64,
    now: i64,
) -> QueryResult<()> {
    let known: Option<KeyRow> = super::on_backend!(conn, c => signing_keys::table
        .find(id)
        .get_result(c)
        .optional())?;
    match known {
        Some(key) if key.valid_from > since => {
            super::on_backend!(conn, c => diesel::update(signing_keys::table.find(id))
                .set(signing_keys::valid_from.eq(since))
                .execute(c))?;
        }
        Some(_) => {}
        None => {
            super::on_backend!(conn, c => diesel::update(
                signing_keys::table
                    .filter(signing_keys::valid_until.is_null())
                    .filter(signing_keys::id.ne(id)),
            )
            .set(signing_keys::valid_until.eq(Some(now)))
            .execute(c))?;
            super::on_backend!(conn, c => diesel::insert_into(signing_keys::table)
                .values(KeyRow {
                    id: id.to_owned(),
                    public_key: public_key.to_owned(),
                    valid_from: since,
                    valid_until: None,
                })
                // Two servers starting with the same new key: the second finds it published.
                .on_conflict_do_nothing()
                .execute(c))?;
        }
    }
    Ok(())
}

/// The stored hash of entry `seq` of a game, if it is stored.
pub fn action_hash(conn: &mut Conn, game_id: &str, seq: i64) -> QueryResult<Option<String>> {
    use super::schema::actions;
    super::on_backend!(conn, c => actions::table
        .find((game_id, seq))
        .select(actions::hash)
        .get_result(c)
        .optional())
}
