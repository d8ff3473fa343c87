//! Forgetting a person: every row that holds their address goes, every seat of theirs takes a
//! pseudonym, and their words in mails not yet sent are rewritten; called in one transaction.
//! Also what keeps erased text out of SQLite's files (`scrub_files`).

use super::schema::{
    absences, addresses, blocks, conduct, muted, outbox, person_notices, rate_counters, reports,
    seat_claims, seat_notes, seats, sessions, sign_ins, sitters, webhook_outbox,
};
use super::{address_key, AnyConnection, Conn};
use crate::domain::GameId;
use diesel::prelude::*;
use diesel::result::QueryResult;

/// What a seat of the forgotten person becomes.
pub struct ForgottenSeat<'a> {
    pub game: &'a GameId,
    pub seat: i32,
    pub pseudonym: &'a str,
    /// For a v2 seat whose setup name was theirs: the name hash its genesis covers, which
    /// replaces the salt (and the setup name becomes the pseudonym). `None` leaves the setup
    /// name as it is (a v1 game's genesis covers it in plain text).
    pub name_hash: Option<&'a str>,
}

/// The seat loses its address and its player's name.
pub fn forget_seat(conn: &mut Conn, forgotten: &ForgottenSeat) -> QueryResult<()> {
    let row = || seats::table.find((forgotten.game.as_str(), forgotten.seat));
    super::on_backend!(conn, c => {
        diesel::update(row())
            .set((seats::email.eq(""), seats::name.eq(forgotten.pseudonym)))
            .execute(c)?;
        if let Some(hash) = forgotten.name_hash {
            diesel::update(row())
                .set((
                    seats::setup_name.eq(forgotten.pseudonym),
                    seats::name_salt.eq(None::<String>),
                    seats::name_hash.eq(Some(hash)),
                ))
                .execute(c)?;
        }
        // A sitting for the seat ends: the seat goes to the bot.
        diesel::delete(sitters::table.find((forgotten.game.as_str(), forgotten.seat)))
            .execute(c)?;
        diesel::delete(
            seat_notes::table
                .filter(seat_notes::game_id.eq(forgotten.game.as_str()))
                .filter(seat_notes::seat.eq(forgotten.seat)),
        )
        .execute(c)
        .map(drop)
    })
}

/// Every row kept for the person of `address` (in any case) goes: the person, their sessions,
/// sign-in links, mutes, absences, notices and webhooks, their reliability record, their
/// blocks (given and received), their seat claims, their sittings for others, the rate counters
/// named by their address,
/// and every mail to them not yet sent. Their reports stay for the moderators, without them.
pub fn forget_address_rows(conn: &mut Conn, address: &str) -> QueryResult<()> {
    let key = address_key(address);
    // SQL narrows each table to the rows of the address: its `lower` folds ASCII letters only,
    // so it narrows when the address is all ASCII, and Rust's comparison decides either way.
    let ascii = key.is_ascii();
    let claims: Vec<String> = super::on_backend!(conn, c => {
        let mut query = seat_claims::table
            .select((seat_claims::id, seat_claims::email))
            .into_boxed();
        if ascii {
            query = query.filter(lower(seat_claims::email).eq(&key));
        }
        query.load::<(String, String)>(c)
    })?
    .into_iter()
    .filter(|(_, email)| address_key(email) == key)
    .map(|(id, _)| id)
    .collect();
    let mails: Vec<String> = super::on_backend!(conn, c => {
        let mut query = outbox::table.select((outbox::id, outbox::to_addr)).into_boxed();
        if ascii {
            query = query.filter(lower(outbox::to_addr).eq(&key));
        }
        query.load::<(String, String)>(c)
    })?
    .into_iter()
    .filter(|(_, to)| address_key(to) == key)
    .map(|(id, _)| id)
    .collect();
    let counters: Vec<String> = super::on_backend!(conn, c => {
        let mut query = rate_counters::table.select(rate_counters::bucket).into_boxed();
        if ascii {
            let like = format!("%{}%", like_escaped(&key));
            query = query.filter(lower(rate_counters::bucket).like(like).escape('\\'));
        }
        query.load::<String>(c)
    })?
    .into_iter()
    .filter(|bucket| bucket.to_lowercase().contains(&key))
    .collect();
    let sittings: Vec<(String, i32)> = super::on_backend!(conn, c => {
        let mut query = sitters::table
            .select((sitters::game_id, sitters::seat, sitters::email))
            .into_boxed();
        if ascii {
            query = query.filter(lower(sitters::email).eq(&key));
        }
        query.load::<(String, i32, String)>(c)
    })?
    .into_iter()
    .filter(|(_, _, email)| address_key(email) == key)
    .map(|(game, seat, _)| (game, seat))
    .collect();
    let reported: Vec<String> = super::on_backend!(conn, c => reports::table
        .filter(reports::reporter.eq(&key))
        .select(reports::id)
        .load(c))?;
    super::on_backend!(conn, c => {
        diesel::delete(addresses::table.filter(addresses::address.eq(&key))).execute(c)?;
        diesel::delete(sessions::table.filter(sessions::address.eq(&key))).execute(c)?;
        diesel::delete(sign_ins::table.filter(sign_ins::address.eq(&key))).execute(c)?;
        diesel::delete(muted::table.filter(muted::address.eq(&key))).execute(c)?;
        diesel::delete(absences::table.filter(absences::address.eq(&key))).execute(c)?;
        diesel::delete(person_notices::table.filter(person_notices::address.eq(&key)))
            .execute(c)?;
        diesel::delete(webhook_outbox::table.filter(webhook_outbox::address.eq(&key)))
            .execute(c)?;
        diesel::delete(conduct::table.filter(conduct::address.eq(&key))).execute(c)?;
        diesel::delete(
            blocks::table.filter(blocks::blocker.eq(&key).or(blocks::blocked.eq(&key))),
        )
        .execute(c)?;
        let claimed = super::one_of(seat_claims::id, claims.iter().cloned());
        diesel::delete(seat_claims::table.filter(claimed)).execute(c)?;
        diesel::delete(outbox::table.filter(super::one_of(outbox::id, mails.iter().cloned())))
            .execute(c)?;
        // The seats they sat for go back to their players.
        for (game, seat) in &sittings {
            diesel::delete(sitters::table.find((game, seat))).execute(c)?;
        }
        let counted = super::one_of(rate_counters::bucket, counters.iter().cloned());
        diesel::delete(rate_counters::table.filter(counted)).execute(c)?;
        for id in &reported {
            diesel::update(reports::table.find(id))
                .set(reports::reporter.eq(format!("forgotten:{id}")))
                .execute(c)?;
        }
        Ok(())
    })
}

diesel::define_sql_function!(fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// `text` for a LIKE pattern with `\\` as its escape: `%` and `_` match themselves.
fn like_escaped(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}

/// Mails not yet sent to others that name the person (`words`: their name and address, and
/// each as an HTML page writes it) say `pseudonym` instead.
pub fn rewrite_pending_mails(
    conn: &mut Conn,
    words: &[String],
    pseudonym: &str,
) -> QueryResult<usize> {
    type Mail = (String, String, String, String, String);
    let rows: Vec<Mail> = super::on_backend!(conn, c => outbox::table
        .select((
            outbox::id,
            outbox::to_name,
            outbox::subject,
            outbox::text_body,
            outbox::html_body,
        ))
        .load(c))?;
    let replace = |text: &str| {
        words
            .iter()
            .filter(|w| !w.is_empty())
            .fold(text.to_owned(), |text, word| {
                text.replace(word.as_str(), pseudonym)
            })
    };
    let mut rewritten = 0;
    for (id, to_name, subject, text, html) in rows {
        let new = (
            replace(&to_name),
            replace(&subject),
            replace(&text),
            replace(&html),
        );
        if new == (to_name, subject, text, html) {
            continue;
        }
        super::on_backend!(conn, c => diesel::update(outbox::table.find(&id))
            .set((
                outbox::to_name.eq(&new.0),
                outbox::subject.eq(&new.1),
                outbox::text_body.eq(&new.2),
                outbox::html_body.eq(&new.3),
            ))
            .execute(c))?;
        rewritten += 1;
    }
    Ok(rewritten)
}

/// On SQLite, after a forgetting: copy the WAL into the database file and empty it, so the
/// pages as they were before (which held the erased text) are gone from the files too; the
/// connections delete with `secure_delete`, so freed space is zeroed. Whether the WAL could be
/// emptied (readers can hold it a while; then the next checkpoints finish the work). Nothing
/// to do on PostgreSQL, whose files are not the service's to read.
pub fn scrub_files(conn: &mut Conn) -> QueryResult<bool> {
    #[derive(QueryableByName)]
    struct Checkpointed {
        #[diesel(sql_type = diesel::sql_types::Integer)]
        busy: i32,
    }
    match &mut conn.raw {
        AnyConnection::Sqlite(sqlite) => diesel::sql_query("PRAGMA wal_checkpoint(TRUNCATE)")
            .get_result::<Checkpointed>(sqlite)
            .map(|c| c.busy == 0),
        AnyConnection::Postgresql(_) => Ok(true),
    }
}
