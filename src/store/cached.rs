//! The `UPDATE`s every move runs and SQLite's transaction statements, written out by hand so
//! that their prepared statements are kept: diesel never caches an `UPDATE` it builds (a
//! changeset's SQL can vary with its values), and it runs `BEGIN` and `COMMIT` as text that
//! SQLite parses again every time.
//!
//! Each statement is a type with a static query id, so the connection's statement cache keeps
//! one prepared statement per type. SQL here names tables and columns of `schema.rs`; the tests
//! in `tests/store.rs` run every one of them on both backends.

use diesel::backend::Backend;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::serialize::ToSql;
use diesel::sql_types::{BigInt, Integer, Text};
use diesel::{QueryResult, RunQueryDsl};

/// `UPDATE games SET revision = revision + 1, log_head = ? WHERE id = ? AND revision = ?`:
/// a move's conditional step of its game (it matches nothing when the game changed since the
/// move was prepared).
#[derive(Clone, Copy, Debug)]
pub(super) struct AdvanceGame<'a> {
    pub id: &'a str,
    pub revision: i64,
    pub log_head: &'a str,
}

impl<DB> QueryFragment<DB> for AdvanceGame<'_>
where
    DB: Backend,
    i64: ToSql<BigInt, DB>,
    str: ToSql<Text, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql("UPDATE games SET revision = revision + 1, log_head = ");
        out.push_bind_param::<Text, _>(self.log_head)?;
        out.push_sql(" WHERE id = ");
        out.push_bind_param::<Text, _>(self.id)?;
        out.push_sql(" AND revision = ");
        out.push_bind_param::<BigInt, _>(&self.revision)?;
        Ok(())
    }
}

impl QueryId for AdvanceGame<'_> {
    type QueryId = AdvanceGame<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl<Conn> RunQueryDsl<Conn> for AdvanceGame<'_> {}

/// `UPDATE seats SET last_seen_seq = ? WHERE game_id = ? AND seat = ?`: a seat has seen the
/// game up to `seq` (it moved, or it was mailed).
#[derive(Clone, Copy, Debug)]
pub(super) struct MarkSeen<'a> {
    pub game_id: &'a str,
    pub seat: i32,
    pub seq: i64,
}

impl<DB> QueryFragment<DB> for MarkSeen<'_>
where
    DB: Backend,
    i64: ToSql<BigInt, DB>,
    i32: ToSql<Integer, DB>,
    str: ToSql<Text, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql("UPDATE seats SET last_seen_seq = ");
        out.push_bind_param::<BigInt, _>(&self.seq)?;
        out.push_sql(" WHERE game_id = ");
        out.push_bind_param::<Text, _>(self.game_id)?;
        out.push_sql(" AND seat = ");
        out.push_bind_param::<Integer, _>(&self.seat)?;
        Ok(())
    }
}

impl QueryId for MarkSeen<'_> {
    type QueryId = MarkSeen<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl<Conn> RunQueryDsl<Conn> for MarkSeen<'_> {}

/// A statement without parameters, prepared once per connection and kept: SQLite's `BEGIN`,
/// `BEGIN IMMEDIATE` and `COMMIT`, which every page read and every move runs. Run as text
/// (diesel's transaction manager), each was parsed again every time: a fifth of the
/// instructions a seat page spent in SQLite, and the parser's code pushed out of the
/// instruction cache what the page ran next.
macro_rules! fixed_statement {
    ($name:ident, $sql:literal) => {
        #[doc = concat!("`", $sql, "`")]
        #[derive(Clone, Copy, Debug)]
        pub(super) struct $name;

        impl<DB: Backend> QueryFragment<DB> for $name {
            fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
                out.push_sql($sql);
                Ok(())
            }
        }

        impl QueryId for $name {
            type QueryId = $name;
            const HAS_STATIC_QUERY_ID: bool = true;
        }

        impl<Conn> RunQueryDsl<Conn> for $name {}
    };
}

fixed_statement!(Begin, "BEGIN");
fixed_statement!(BeginImmediate, "BEGIN IMMEDIATE");
fixed_statement!(Commit, "COMMIT");
