//! Sitters: a player names someone to play their seat while away; the sitter accepts from the
//! one mail they get, then plays from their own link until the player returns or the date.

use super::letters;
use super::limits::Limited;
use super::post::Class;
use super::{Capability, CreateProblem, Games, SeatAuth, SeatPage};
use crate::domain::{Control, EmailAddress, GameId, GameStatus, Millis, PlayerName};
use crate::engine::Seat;
use crate::present::Words;
use crate::store::{self, write_transaction, Conn, SeatRow, SitterRow};

/// The longest absence a sitter covers, in days from today (the form's and the API's limit).
pub const SITTING_MAX_DAYS: i64 = 30;

const DAY_MS: i64 = 86_400_000;

service_error!(SitterError {
    #[error("the game is not being played")]
    NotPlaying,
    /// The seat is not played by its player (a bot plays it, or it was resigned).
    #[error("the seat is not played by its player")]
    NotSeated,
    /// The last day is not between today and [`SITTING_MAX_DAYS`] from now.
    #[error("the sitting must end within {SITTING_MAX_DAYS} days")]
    Until,
    #[error("that address may not be invited")]
    Refused(CreateProblem),
    #[error("too many invitations: {0:?}")]
    Limited(Limited),
});

/// What a sitter's link opens.
#[derive(Debug)]
pub enum Sitting {
    /// The link is not one, the player is back, the date passed or the game ended.
    Over,
    /// Named, not accepted yet: what accepting means.
    Invited(SittingShown),
    /// Accepted: the seat's page as its player would see it, to play from.
    Sits(SittingShown, Box<SeatPage>),
}

/// Who sits for whom, and until when.
#[derive(Clone, Debug)]
pub struct SittingShown {
    pub game_title: String,
    pub seat: Seat,
    pub player: String,
    pub sitter: String,
    /// The start of the day after the absence's last day.
    pub until: Millis,
}

/// The start of the day after `last` (UTC), in milliseconds.
pub fn end_of(last: chrono::NaiveDate) -> Millis {
    let next = last.succ_opt().unwrap_or(last);
    Millis(
        next.and_hms_opt(0, 0, 0)
            .map_or(0, |t| t.and_utc().timestamp_millis()),
    )
}

impl Games {
    /// The player names a sitter for their absence, until the end of `last` (at most
    /// [`SITTING_MAX_DAYS`] away): the sitter is mailed one invitation with their own link,
    /// and nothing changes at the table until they accept it. Naming the same person again
    /// before they accepted only moves the date (no second mail); naming someone else
    /// replaces them.
    pub fn name_sitter(
        &self,
        conn: &mut Conn,
        auth: &SeatAuth,
        name: &PlayerName,
        email: &EmailAddress,
        last: chrono::NaiveDate,
    ) -> Result<(), SitterError> {
        let now = self.now();
        let until = end_of(last);
        if until.0 <= now.0 || until.0 > now.0 + (SITTING_MAX_DAYS + 1) * DAY_MS {
            return Err(SitterError::Until);
        }
        let id = auth.game_id();
        let seat = auth.seat();
        write_transaction(conn, |conn| -> Result<(), SitterError> {
            let row = store::lock_game(conn, id)?.ok_or(SitterError::NotPlaying)?;
            if row.status() != GameStatus::Playing {
                return Err(SitterError::NotPlaying);
            }
            let seats = store::seats_of(conn, id)?;
            let mine = &seats[seat.index()];
            if mine.control() != Control::Player || mine.resigned_at.is_some() {
                return Err(SitterError::NotSeated);
            }
            let n = seat.number();
            if seats
                .iter()
                .any(|s| s.has_person() && store::address_key(&s.email) == email.key())
            {
                return Err(SitterError::Refused(CreateProblem::SameAddress(n, n)));
            }
            let earlier = store::sitters_of(conn, id.as_str())?
                .into_iter()
                .find(|s| s.seat == mine.seat);
            if let Some(earlier) = earlier
                .filter(|s| s.accepted_at.is_none() && store::address_key(&s.email) == email.key())
            {
                // Asked already: a new date, no new mail.
                store::put_sitter(
                    conn,
                    &SitterRow {
                        until_at: until.0,
                        ..earlier
                    },
                )?;
                store::bump_revision(conn, id)?;
                return Ok(());
            }
            let person = store::ensure_address(conn, email.as_str(), now)?;
            if person.suppressed_at.is_some() {
                return Err(SitterError::Refused(CreateProblem::Suppressed(n)));
            }
            if self.refuses_invitation(conn, &mine.email, email.as_str())? {
                return Err(SitterError::Refused(CreateProblem::CannotInvite(n)));
            }
            self.count_invitation(conn, &person, &mine.email, None, now)?
                .map_err(SitterError::Limited)?;
            let sitter = SitterRow {
                game_id: row.id.clone(),
                seat: mine.seat,
                name: name.as_str().to_owned(),
                email: email.as_str().to_owned(),
                invited_at: now.0,
                until_at: until.0,
                accepted_at: None,
            };
            store::put_sitter(conn, &sitter)?;
            store::bump_revision(conn, id)?;
            let to = self.person_recipient(conn, name.as_str(), email.as_str(), now)?;
            let w = to.words;
            let title = self.name_of(&row, &seats, w);
            let mail = letters::Lobby {
                w,
                footer: self.footer(&to.person),
                to_name: name.as_str().to_owned(),
                subject: w.two(
                    "mail-sitter-subject",
                    ("player", mine.name.as_str()),
                    ("game", title.as_str()),
                ),
                lines: vec![
                    w.with(
                        "mail-sitter-intro",
                        &[
                            ("player", mine.name.as_str().into()),
                            ("game", title.as_str().into()),
                            ("until", self.day_words(w, until).into()),
                        ],
                    ),
                    w.get("mail-sitter-once"),
                ],
                link: Some((w.get("mail-sitter-link"), self.sitter_url(&sitter))),
                game_title: title,
                game_url: self.links().game_url(id),
            }
            .render()?;
            if let Some(mail) = self.letter(&to, Class::Invitation, Some(id), "sitter", mail) {
                store::enqueue(conn, mail, now)?;
            }
            Ok(())
        })?;
        tracing::info!(game.id = %id, seat = seat.number(), "sitter named");
        Ok(())
    }

    /// The player ends the sitting of their seat (or withdraws the invitation): the sitter's
    /// link stops working. Whether there was one.
    pub fn end_sitting(&self, conn: &mut Conn, auth: &SeatAuth) -> anyhow::Result<bool> {
        let id = auth.game_id();
        let seat = auth.seat();
        let ended = write_transaction(conn, |conn| -> anyhow::Result<bool> {
            if store::lock_game(conn, id)?.is_none() {
                return Ok(false);
            }
            let ended = store::end_sitting(conn, id.as_str(), seat.0 as i32)?;
            if ended {
                store::bump_revision(conn, id)?;
            }
            Ok(ended)
        })?;
        if ended {
            tracing::info!(game.id = %id, seat = seat.number(), "sitting ended");
        }
        Ok(ended)
    }

    /// The sitter accepts from their link: from now on they play the seat. Whether the link
    /// was good (an accepted one stays accepted).
    pub fn accept_sitting(
        &self,
        conn: &mut Conn,
        id: &GameId,
        seat: Seat,
        token: &str,
    ) -> anyhow::Result<bool> {
        let now = self.now();
        write_transaction(conn, |conn| -> anyhow::Result<bool> {
            let Some(row) = store::lock_game(conn, id)? else {
                return Ok(false);
            };
            let sitters = store::sitters_of(conn, id.as_str())?;
            let Some(sitter) = self.sitter_of(&sitters, seat, token, now) else {
                return Ok(false);
            };
            if row.status() != GameStatus::Playing {
                return Ok(false);
            }
            if sitter.accepted_at.is_none() {
                store::accept_sitting(conn, id.as_str(), sitter.seat, now.0)?;
                store::bump_revision(conn, id)?;
                self.tell_player_of_sitter(conn, &row, sitter, now)?;
                tracing::info!(game.id = %id, seat = seat.number(), "sitting accepted");
            }
            Ok(true)
        })
    }

    /// The player hears, once, that their sitter accepted: until when, and that their own
    /// link takes the seat back at any time.
    fn tell_player_of_sitter(
        &self,
        conn: &mut Conn,
        row: &crate::store::GameRow,
        sitter: &SitterRow,
        now: Millis,
    ) -> anyhow::Result<()> {
        let seats = store::seats_of(conn, &row.game_id())?;
        let seat_row = &seats[sitter.seat as usize];
        if !seat_row.has_person() {
            return Ok(());
        }
        let to = self.seat_recipient(conn, row, seat_row, now)?;
        let w = to.words;
        let title = self.name_of(row, &seats, w);
        let id = row.game_id();
        let sitter_name = sitter.name.as_str();
        let mail = letters::Lobby {
            w,
            footer: self.footer(&to.person),
            to_name: seat_row.name.clone(),
            subject: w.two(
                "mail-sitter-accepted-subject",
                ("sitter", sitter_name),
                ("game", title.as_str()),
            ),
            lines: vec![w.two(
                "mail-sitter-accepted-intro",
                ("sitter", sitter_name),
                ("until", self.day_words(w, Millis(sitter.until_at))),
            )],
            link: Some((
                w.get("mail-sitter-accepted-link"),
                self.links()
                    .seat_url(&id, super::seat_of(seat_row), seat_row.link_version),
            )),
            game_title: title,
            game_url: self.links().game_url(&id),
        }
        .render()?;
        if let Some(mail) = self.letter(&to, Class::Game, Some(&id), "sitter_accepted", mail) {
            store::enqueue(conn, mail, now)?;
        }
        Ok(())
    }

    /// A deadline's reminder or warning for a seat while its sitter sits goes to the sitter,
    /// with their own link (the player hears nothing until they are back).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn sitter_deadline(
        &self,
        conn: &mut Conn,
        row: &crate::store::GameRow,
        seats: &[SeatRow],
        sitter: &SitterRow,
        due_at: i64,
        kind: &'static str,
        now: Millis,
    ) -> anyhow::Result<()> {
        let to = self.person_recipient(conn, &sitter.name, &sitter.email, now)?;
        let w = to.words;
        let title = self.name_of(row, seats, w);
        let player = seats[sitter.seat as usize].name.as_str();
        let id = row.game_id();
        let zone = to.person.time_zone.parse().unwrap_or(chrono_tz::UTC);
        let due = crate::present::time::when(w, due_at, now.0, zone);
        let mail = letters::Lobby {
            w,
            footer: self.footer(&to.person),
            to_name: sitter.name.clone(),
            subject: w.two(
                "mail-sitter-reminder-subject",
                ("player", player),
                ("game", title.as_str()),
            ),
            lines: vec![w.three(
                "mail-sitter-reminder-intro",
                ("player", player),
                ("until", self.day_words(w, Millis(sitter.until_at))),
                ("due", due),
            )],
            link: Some((w.get("mail-sitter-turn-link"), self.sitter_url(sitter))),
            game_title: title,
            game_url: self.links().game_url(&id),
        }
        .render()?;
        if let Some(mail) = self.letter(&to, Class::Asked, Some(&id), kind, mail) {
            store::enqueue(conn, mail, now)?;
        }
        Ok(())
    }

    /// What the sitter's link opens now.
    pub fn sitting(
        &self,
        conn: &mut Conn,
        id: &GameId,
        seat: Seat,
        token: &str,
        lang: &str,
    ) -> anyhow::Result<Sitting> {
        let now = self.now();
        let Some(row) = store::find_game(conn, id)? else {
            return Ok(Sitting::Over);
        };
        let sitters = store::sitters_of(conn, id.as_str())?;
        let Some(sitter) = self.sitter_of(&sitters, seat, token, now) else {
            return Ok(Sitting::Over);
        };
        if row.status() != GameStatus::Playing {
            return Ok(Sitting::Over);
        }
        let seats = store::seats_of(conn, id)?;
        let words = self.registry().catalogs().words(lang);
        let shown = SittingShown {
            game_title: self.name_of(&row, &seats, words),
            seat,
            player: seats[seat.index()].name.clone(),
            sitter: sitter.name.clone(),
            until: Millis(sitter.until_at),
        };
        if sitter.accepted_at.is_none() {
            return Ok(Sitting::Invited(shown));
        }
        let auth = SeatAuth::for_server(id.clone(), seat);
        let page = self
            .seat_page(conn, &auth, lang)
            .map_err(anyhow::Error::from)?;
        Ok(Sitting::Sits(shown, Box::new(page)))
    }

    /// The sitting `token` opens for `seat`, if it is a good link of one not over at `now`
    /// (accepted or not).
    pub(super) fn sitter_of<'s>(
        &self,
        sitters: &'s [SitterRow],
        seat: Seat,
        token: &str,
        now: Millis,
    ) -> Option<&'s SitterRow> {
        let sitter = sitters.iter().find(|s| s.seat == seat.0 as i32)?;
        let parts = sitter_parts(sitter);
        let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
        let good = self.links().check(Capability::Sit, &parts, token);
        (good && now.0 < sitter.until_at).then_some(sitter)
    }

    /// The sitter's own link: `/games/{id}/sit/{seat from 1}/{signature}`.
    pub(super) fn sitter_url(&self, sitter: &SitterRow) -> String {
        let parts = sitter_parts(sitter);
        let borrowed: Vec<&str> = parts.iter().map(String::as_str).collect();
        let signature = self.links().sign(Capability::Sit, &borrowed);
        self.links().url(&format!(
            "/games/{}/sit/{}/{signature}",
            sitter.game_id, parts[1]
        ))
    }

    /// A day in words, for a mail to someone whose zone is not known yet (UTC).
    fn day_words(&self, w: Words, until: Millis) -> String {
        let last = chrono::DateTime::from_timestamp_millis(until.0 - 1).unwrap_or_default();
        w.one("sitter-day", "day", last.format("%Y-%m-%d").to_string())
    }

    /// The sitter mail for a seat whose turn it is while its sitter sits (instead of the
    /// player's turn mail): the sitter's link, never the player's.
    pub(super) fn sitter_turn(
        &self,
        conn: &mut Conn,
        row: &crate::store::GameRow,
        seats: &[SeatRow],
        sitter: &SitterRow,
        now: Millis,
    ) -> anyhow::Result<Option<crate::store::NewMail>> {
        let to = self.person_recipient(conn, &sitter.name, &sitter.email, now)?;
        if !to.wants(Class::Turn) {
            return Ok(None);
        }
        let w = to.words;
        let title = self.name_of(row, seats, w);
        let player = seats[sitter.seat as usize].name.as_str();
        let id = GameId::parse(&row.id)?;
        let mail = letters::Lobby {
            w,
            footer: self.footer(&to.person),
            to_name: sitter.name.clone(),
            subject: w.two(
                "mail-sitter-turn-subject",
                ("player", player),
                ("game", title.as_str()),
            ),
            lines: vec![w.two(
                "mail-sitter-turn-intro",
                ("player", player),
                ("until", self.day_words(w, Millis(sitter.until_at))),
            )],
            link: Some((w.get("mail-sitter-turn-link"), self.sitter_url(sitter))),
            game_title: title,
            game_url: self.links().game_url(&id),
        }
        .render()?;
        Ok(self.letter(&to, Class::Turn, Some(&id), "sitter_turn", mail))
    }
}

/// What a sitter's link signs: the game, the seat (from 1), the sitter's address and when
/// they were named, so naming anyone anew retires it.
fn sitter_parts(sitter: &SitterRow) -> [String; 4] {
    [
        sitter.game_id.clone(),
        (sitter.seat + 1).to_string(),
        store::address_key(&sitter.email),
        sitter.invited_at.to_string(),
    ]
}

/// A form's or the API's last day of an absence: `YYYY-MM-DD`.
pub fn parse_day(text: &str) -> Option<chrono::NaiveDate> {
    chrono::NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok()
}
