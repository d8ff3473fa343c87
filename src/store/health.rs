//! What `/healthz` checks of the database: the SQLite file is the one opened, a real row of
//! every table a page reads answers, and on SQLite the file's integrity (at start, on failure).

use super::schema::{actions, addresses, games};
use super::{on_backend, AnyConnection, Conn, GameRow};
use crate::domain::GameId;
use diesel::prelude::*;
use diesel::result::QueryResult;

/// Read what a page reads: the newest game, its seats, its last action, and a person. `Err`
/// names the read that failed. The probe's two `first`s need their `LIMIT`; it runs too seldom
/// for the re-preparing a bound `LIMIT` costs on SQLite (see `tables::find_game`) to matter.
#[allow(clippy::disallowed_methods)]
pub(super) fn read_real_rows(conn: &mut Conn) -> Result<(), String> {
    fn failed(what: &'static str) -> impl Fn(diesel::result::Error) -> String {
        move |e| format!("the schema does not answer ({what}): {e}")
    }
    let newest: Option<GameRow> = on_backend!(conn, c => games::table
        .order(games::created_at.desc())
        .first::<GameRow>(c)
        .optional())
    .map_err(failed("the newest game"))?;
    if let Some(game) = newest {
        let id = GameId::parse(&game.id).map_err(|e| format!("a stored game id: {e}"))?;
        super::seats_of(conn, &id).map_err(failed("a game's seats"))?;
        let last: Option<i64> = on_backend!(conn, c => actions::table
            .filter(actions::game_id.eq(id.as_str()))
            .select(diesel::dsl::max(actions::seq))
            .get_result(c))
        .map_err(failed("a game's actions"))?;
        if let Some(last) = last {
            super::actions_from(conn, &id, last).map_err(failed("a game's actions"))?;
        }
    }
    on_backend!(conn, c => addresses::table
        .select(super::AddressRow::as_select())
        .first(c)
        .optional())
    .map_err(failed("the people"))?;
    Ok(())
}

#[derive(QueryableByName)]
struct Check {
    #[diesel(sql_type = diesel::sql_types::Text)]
    quick_check: String,
}

/// SQLite's quick integrity check (`PRAGMA quick_check`: every page, every record, no index
/// comparison): `Err` with what it found (its first five problems). PostgreSQL: nothing.
pub(super) fn integrity(conn: &mut Conn) -> Result<(), String> {
    let AnyConnection::Sqlite(sqlite) = &mut conn.raw else {
        return Ok(());
    };
    let found: QueryResult<Vec<Check>> = diesel::sql_query("PRAGMA quick_check(5)").load(sqlite);
    match found {
        Ok(rows) if rows.len() == 1 && rows[0].quick_check == "ok" => Ok(()),
        Ok(rows) => Err(format!(
            "the database file is corrupt: {}",
            rows.into_iter()
                .map(|r| r.quick_check)
                .collect::<Vec<_>>()
                .join("; ")
        )),
        Err(e) => Err(format!("the database file is corrupt: {e}")),
    }
}
