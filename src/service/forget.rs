//! "Forget me": a person's address and name leave every table in one transaction, their seats
//! take a pseudonym (a running game's seat goes to the bot), and every record still verifies.

use super::{seat_of, Cancel, Games, SeatAuth};
use crate::audit::name_hash;
use crate::domain::{Control, GameId, GameStatus};
use crate::store::{self, write_transaction, AddressRow, Conn, ForgottenSeat};
use anyhow::anyhow;

/// What forgetting a person did.
#[derive(Clone, Debug)]
pub struct Forgotten {
    /// The name their seats carry now ("Player 7f3a").
    pub pseudonym: String,
    /// The running games whose seat went to the bot (the bots may have a move to make).
    pub running: Vec<GameId>,
    /// How many seats they held.
    pub seats: usize,
}

/// The text as an HTML page or mail escapes it (askama's escaping).
fn html_escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&#34;")
        .replace('\'', "&#39;")
}

impl Games {
    /// Forget `person`, in one transaction. Each of their seats loses its address and takes
    /// one pseudonym: in a game waiting for acceptances the seat declines (the game is
    /// cancelled, as when anyone declines); in a running game the bot plays the seat from now
    /// on (as when a player resigns, and the others are told, under the pseudonym); a finished
    /// game keeps the seat under the pseudonym. A game created with salted names (v2) keeps
    /// only the hash of their name, so its record still verifies; a game from before (v1)
    /// keeps their name where its genesis covers it (its setup name, shown in its record),
    /// and nowhere else. Then every row held for their address goes (see
    /// `store::forget_address_rows`: mails not yet sent to them, sessions, preferences…), and
    /// mails not yet sent to others say the pseudonym instead of their name or address.
    pub fn forget(&self, conn: &mut Conn, person: &AddressRow) -> anyhow::Result<Forgotten> {
        // A fresh pseudonym in the person's language ("Player 7f3a", "Jogador 7f3a"): a word
        // and four random hex digits. Stored once, it reads the same to everyone after.
        let lang = person
            .language
            .as_deref()
            .or(person.language_seen.as_deref())
            .unwrap_or("en");
        let code = hex::encode(rand::random::<[u8; 2]>());
        let pseudonym =
            self.registry()
                .catalogs()
                .words(lang)
                .one("forget-pseudonym", "code", code);
        let forgotten = write_transaction(conn, |conn| -> anyhow::Result<Forgotten> {
            let seats = store::seats_of_address(conn, &person.address)?;
            let mut running = Vec::new();
            let mut words = vec![person.address.clone()];
            for seat in &seats {
                let id = GameId::parse(&seat.game_id)?;
                let Some(row) = store::lock_game(conn, &id)? else {
                    continue;
                };
                words.push(seat.email.clone());
                words.push(seat.name.clone());
                // A v2 seat whose setup name is theirs keeps only what its genesis covers.
                let hash = match &seat.name_salt {
                    Some(salt) if seat.setup_name == seat.name => {
                        let salt = crate::audit::parse_hash(salt)
                            .ok_or_else(|| anyhow!("a stored salt is not 64 hex digits"))?;
                        Some(hex::encode(name_hash(&salt, &seat.setup_name)))
                    }
                    _ => None,
                };
                store::forget_seat(
                    conn,
                    &ForgottenSeat {
                        game: &id,
                        seat: seat.seat,
                        pseudonym: &pseudonym,
                        name_hash: hash.as_deref(),
                    },
                )?;
                store::bump_revision(conn, &id)?;
                match row.status() {
                    GameStatus::Inviting => {
                        self.cancel(conn, &id, Cancel::Declined(seat_of(seat)))
                            .map_err(|e| anyhow!("declining for a forgotten seat: {e}"))?;
                    }
                    GameStatus::Playing if seat.control() != Control::Bot => {
                        self.resign(conn, &SeatAuth::for_server(id.clone(), seat_of(seat)))
                            .map_err(|e| anyhow!("resigning a forgotten seat: {e}"))?;
                        running.push(id);
                    }
                    _ => {}
                }
            }
            store::forget_address_rows(conn, &person.address)?;
            let mut words: Vec<String> = words
                .into_iter()
                // A name of one letter would garble other words of the mails.
                .filter(|w| w.chars().count() > 1)
                .flat_map(|w| [html_escaped(&w), w])
                .collect();
            words.sort_by_key(|w| std::cmp::Reverse(w.len()));
            words.dedup();
            store::rewrite_pending_mails(conn, &words, &pseudonym)?;
            Ok(Forgotten {
                pseudonym: pseudonym.clone(),
                running,
                seats: seats.len(),
            })
        })?;
        match store::scrub_files(conn) {
            Ok(true) => {}
            Ok(false) => tracing::warn!("the WAL was busy after a forgetting; checkpoints go on"),
            Err(error) => tracing::warn!(%error, "the WAL could not be emptied after a forgetting"),
        }
        tracing::info!(seats = forgotten.seats, "a person was forgotten");
        Ok(forgotten)
    }
}
