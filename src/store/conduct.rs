//! A person's conduct at the table (games finished, deadlines missed, resignations, games left
//! to a bot), recorded by the writes that cause it and counted per address as reliability.

use super::schema::{addresses, conduct, seats};
use super::{address_key, Conn};
use crate::domain::{Control, GameId, Millis};
use diesel::prelude::*;
use std::collections::HashMap;

/// What a person did at a table, as counted beside their name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conduct {
    /// Played a game to its end.
    Finished,
    /// The clock took a decision of theirs (its action's seq).
    Missed(i64),
    Resigned,
    /// The game ended while the bot played for them, absent.
    Abandoned,
}

impl Conduct {
    fn kind(self) -> &'static str {
        match self {
            Conduct::Finished => "finished",
            Conduct::Missed(_) => "missed",
            Conduct::Resigned => "resigned",
            Conduct::Abandoned => "abandoned",
        }
    }
    fn seq(self) -> i64 {
        match self {
            Conduct::Missed(seq) => seq,
            _ => 0,
        }
    }
}

/// A person's counts: derived from their games, never typed in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Reliability {
    pub finished: i64,
    pub missed: i64,
    pub resigned: i64,
    pub abandoned: i64,
}

/// Record `what` for whoever holds `seat` of `game` now (inside the transaction of the write
/// that caused it); a seat no person holds (a bot's from the start) records nothing.
pub fn record_conduct(
    conn: &mut Conn,
    game: &str,
    seat: i32,
    what: Conduct,
    at: Millis,
) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        let email: Option<String> = seats::table
            .find((game, seat))
            .select(seats::email)
            .get_result(c)
            .optional()?;
        let Some(email) = email.filter(|e| !e.trim().is_empty()) else {
            return Ok(());
        };
        diesel::insert_into(conduct::table)
            .values((
                conduct::address.eq(address_key(&email)),
                conduct::game_id.eq(game),
                conduct::seat.eq(seat),
                conduct::kind.eq(what.kind()),
                conduct::seq.eq(what.seq()),
                conduct::at.eq(at.0),
            ))
            .on_conflict_do_nothing()
            .execute(c)
            .map(drop)
    })
}

/// The game ended: every seat its person played to the end counts a game finished, every seat
/// the bot played for an absent person a game left to the bot.
pub fn record_game_end(conn: &mut Conn, game: &GameId, at: Millis) -> QueryResult<()> {
    let held: Vec<(i32, String)> = super::on_backend!(conn, c => seats::table
        .filter(seats::game_id.eq(game.as_str()))
        .select((seats::seat, seats::control))
        .load(c))?;
    for (seat, control) in held {
        let what = match Control::parse(&control) {
            Control::Player => Conduct::Finished,
            Control::Absent => Conduct::Abandoned,
            Control::Bot => continue,
        };
        record_conduct(conn, game.as_str(), seat, what, at)?;
    }
    Ok(())
}

/// The reliability of each of `addresses` that shows it (a hidden one is absent), by address
/// in lower case.
pub fn reliability_of(
    conn: &mut Conn,
    addresses: &[String],
) -> QueryResult<HashMap<String, Reliability>> {
    let keys: Vec<String> = addresses.iter().map(|a| address_key(a)).collect();
    let (hidden, counts): (Vec<String>, Vec<(String, String, i64)>) = super::on_backend!(conn, c => {
        let hidden = addresses::table
            .filter(super::one_of(addresses::address, keys.iter().cloned()))
            .filter(addresses::reliability_hidden)
            .select(addresses::address)
            .load::<String>(c)?;
        let counts = conduct::table
            .filter(super::one_of(conduct::address, keys.iter().cloned()))
            .group_by((conduct::address, conduct::kind))
            .select((conduct::address, conduct::kind, diesel::dsl::count_star()))
            .load::<(String, String, i64)>(c)?;
        QueryResult::Ok((hidden, counts))
    })?;
    let mut shown: HashMap<String, Reliability> = keys
        .into_iter()
        .filter(|k| !k.is_empty() && !hidden.contains(k))
        .map(|k| (k, Reliability::default()))
        .collect();
    for (address, kind, n) in counts {
        if let Some(r) = shown.get_mut(&address) {
            match kind.as_str() {
                "finished" => r.finished = n,
                "missed" => r.missed = n,
                "resigned" => r.resigned = n,
                "abandoned" => r.abandoned = n,
                _ => {}
            }
        }
    }
    Ok(shown)
}

/// Show or hide a person's reliability.
pub fn set_reliability_hidden(conn: &mut Conn, address: &str, hidden: bool) -> QueryResult<()> {
    super::on_backend!(conn, c => diesel::update(addresses::table.find(address_key(address)))
        .set(addresses::reliability_hidden.eq(hidden))
        .execute(c)
        .map(drop))
}
