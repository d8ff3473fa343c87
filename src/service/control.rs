//! Who plays a seat: a player resigns (the bot plays on, its pending decision due at once),
//! takes the seat back, or the creator invites a replacement to a resigned seat.

use super::letters;
use super::post::Class;
use super::time::{first_reminder, kind_name, TimeError, HOUR_MS};
use super::{seat_of, Capability, Games, SeatAuth};
use crate::domain::{Control, Millis};
use crate::domain::{EmailAddress, GameId, GameStatus, PlayerName};
use crate::engine::Seat;
use crate::present::Words;
use crate::store::{self, write_transaction, Conn};
use crate::store::{GameRow, SeatRow};

impl Games {
    /// A player resigns: the bot plays their seat from now on, everyone is told, and the
    /// creator may invite a replacement.
    pub fn resign(&self, conn: &mut Conn, auth: &SeatAuth) -> Result<(), TimeError> {
        let now = self.now();
        let id = auth.game_id();
        write_transaction(conn, |conn| -> Result<(), TimeError> {
            let row = store::lock_game(conn, id)?.ok_or(TimeError::NoSuchGame)?;
            if row.status() != GameStatus::Playing {
                return Err(TimeError::NotPlaying);
            }
            let seat = auth.seat();
            store::set_control(conn, id, seat.0 as i32, Control::Bot, 0)?;
            store::set_resigned(conn, id, seat.0 as i32, Some(now))?;
            store::bump_revision(conn, id)?;
            // Its decision, if it has one, is the bot's now.
            self.due_now(conn, id, seat, now)?;
            let seats = store::seats_of(conn, id)?;
            let recipients = self.seat_recipients(conn, &row, &seats, now)?;
            for (other, to) in seats.iter().zip(&recipients) {
                let Some(to) = to else { continue };
                let extra = (other.seat == row.creator_seat)
                    .then(|| to.words.get("mail-seat-resigned-creator"));
                let mail = self.seat_notice(&row, &seats, other, to, "resigned", seat, extra)?;
                if let Some(mail) = self.letter(to, Class::Game, Some(id), "resigned", mail) {
                    store::enqueue(conn, mail, now)?;
                }
            }
            Ok(())
        })?;
        tracing::info!(game.id = %id, seat = auth.seat().number(), "seat resigned");
        Ok(())
    }

    /// An absent player takes their seat back from the bot: everyone is told. Their pending
    /// decision, if any, gets a fresh deadline.
    pub fn take_back(&self, conn: &mut Conn, auth: &SeatAuth) -> Result<bool, TimeError> {
        let now = self.now();
        let id = auth.game_id();
        let seat = auth.seat();
        write_transaction(conn, |conn| -> Result<bool, TimeError> {
            let row = store::lock_game(conn, id)?.ok_or(TimeError::NoSuchGame)?;
            let seats = store::seats_of(conn, id)?;
            let mine = &seats[seat.index()];
            if mine.control() != Control::Absent || row.status() != GameStatus::Playing {
                return Ok(false);
            }
            store::set_control(conn, id, mine.seat, Control::Player, 0)?;
            store::bump_revision(conn, id)?;
            restart_deadline(conn, id, mine.seat, row.hours_per_decision, now)?;
            let seats = store::seats_of(conn, id)?;
            let recipients = self.seat_recipients(conn, &row, &seats, now)?;
            for (other, to) in seats.iter().zip(&recipients) {
                let Some(to) = to else { continue };
                let mail = self.seat_notice(&row, &seats, other, to, "returned", seat, None)?;
                if let Some(mail) = self.letter(to, Class::Game, Some(id), "returned", mail) {
                    store::enqueue(conn, mail, now)?;
                }
            }
            Ok(true)
        })
    }

    /// Make a seat's pending decision (if any) due at once, so the bot plays it.
    fn due_now(
        &self,
        conn: &mut Conn,
        id: &GameId,
        seat: Seat,
        now: Millis,
    ) -> diesel::QueryResult<()> {
        for row in store::deadlines_of(conn, id)? {
            if row.seat == seat.0 as i32 {
                store::update_deadline(conn, &row, now.0, None, true)?;
            }
        }
        Ok(())
    }

    /// The creator invites a replacement to a resigned seat: the person is mailed an invitation
    /// that names the game, its players and its pace, with a signed link to take the seat over.
    /// Nothing changes at the table until they follow it ([`Games::take_over`]): the seat stays
    /// as it is (a bot plays it).
    pub fn replace(
        &self,
        conn: &mut Conn,
        creator: &SeatAuth,
        seat: Seat,
        name: &PlayerName,
        email: &EmailAddress,
    ) -> Result<(), TimeError> {
        let now = self.now();
        let id = creator.game_id();
        write_transaction(conn, |conn| -> Result<(), TimeError> {
            let row = creators_game(conn, creator)?;
            self.invite_take_over(conn, &row, seat, name, email, None, now)
        })?;
        tracing::info!(game.id = %id, seat = seat.number(), "replacement invited");
        Ok(())
    }

    /// Mail `name` at `email` the signed link that takes over the resigned `seat` (inside a
    /// write transaction, the game locked): the creator's replacement, or a stand-in who asked
    /// for a seat the creator listed in the lobby. Never to an address at the table already,
    /// one that asked not to be mailed, or one that blocked the creator or that the operator
    /// blocked; counted against the invitation limits (the client's too, for a stand-in).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn invite_take_over(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seat: Seat,
        name: &PlayerName,
        email: &EmailAddress,
        client_ip: Option<&str>,
        now: Millis,
    ) -> Result<(), TimeError> {
        let id = &row.game_id();
        if row.status() != GameStatus::Playing {
            return Err(TimeError::NotPlaying);
        }
        let seats = store::seats_of(conn, id)?;
        let old = seats
            .iter()
            .find(|s| seat_of(s) == seat)
            .filter(|s| s.resigned_at.is_some())
            .ok_or(TimeError::NotReplaceable)?;
        if seats
            .iter()
            .any(|s| s.has_person() && store::address_key(&s.email) == email.key())
        {
            return Err(TimeError::Refused(super::CreateProblem::SameAddress(
                seat.number(),
                seat.number(),
            )));
        }
        let person = store::ensure_address(conn, email.as_str(), now)?;
        if person.suppressed_at.is_some() {
            return Err(TimeError::Refused(super::CreateProblem::Suppressed(
                seat.number(),
            )));
        }
        // An invitation to a new address, like a new game's: never to someone who blocked
        // the creator, or whom the operator blocked.
        let creator_row = &seats[row.creator_seat as usize];
        if self.refuses_invitation(conn, &creator_row.email, email.as_str())? {
            return Err(TimeError::Refused(super::CreateProblem::CannotInvite(
                seat.number(),
            )));
        }
        self.count_invitation(conn, &person, &creator_row.email, client_ip, now)?
            .map_err(TimeError::Limited)?;
        // A newcomer the service knows no language of reads the creator's, who invites.
        if person.language.is_none() && person.language_seen.is_none() && creator_row.has_person() {
            if let Some(inviter) = store::find_address(conn, &creator_row.email)? {
                if let Some(lang) = inviter.language.or(inviter.language_seen) {
                    self.note_language_seen(conn, &person, &lang)?;
                }
            }
        }
        let to = self.person_recipient(conn, name.as_str(), email.as_str(), now)?;
        let resigned = old.resigned_at.unwrap_or_default().to_string();
        let number = seat.number().to_string();
        let signature = self.links().sign(
            Capability::TakeOver,
            &[&row.id, &number, name.as_str(), &email.key(), &resigned],
        );
        let token = format!(
            "{}.{}.{signature}",
            hex::encode(name.as_str()),
            hex::encode(email.as_str())
        );
        let kind = self.kind(&row.kind).map_err(anyhow::Error::from)?;
        let mail = letters::TakeOver {
            w: to.words,
            footer: self.footer(&to.person),
            to_name: name.as_str().to_owned(),
            game_title: self.name_of(row, &seats, to.words),
            kind_title: to.words.get(&format!("{}-title", kind.name())),
            inviter: creator_row.name.clone(),
            old: old.name.clone(),
            players: seats.iter().map(|s| s.name.clone()).collect(),
            pace: letters::pace(to.words, row.hours_per_decision),
            take_url: self
                .links()
                .url(&format!("/games/{}/take/{number}/{token}", row.id)),
            game_url: self.links().game_url(id),
        }
        .render()
        .map_err(anyhow::Error::from)?;
        if let Some(mail) = self.letter(&to, Class::Invitation, Some(id), "take_over", mail) {
            store::enqueue(conn, mail, now)?;
        }
        Ok(())
    }

    /// The creator lists a resigned seat in the lobby for a stand-in (`on`), or withdraws it:
    /// anyone may then ask for it there, and the first to follow the mailed link takes it over.
    pub fn list_standin(
        &self,
        conn: &mut Conn,
        creator: &SeatAuth,
        seat: Seat,
        on: bool,
    ) -> Result<(), TimeError> {
        let now = self.now();
        let id = creator.game_id();
        write_transaction(conn, |conn| -> Result<(), TimeError> {
            let row = creators_game(conn, creator)?;
            if row.status() != GameStatus::Playing {
                return Err(TimeError::NotPlaying);
            }
            let seats = store::seats_of(conn, id)?;
            if !seats
                .iter()
                .any(|s| seat_of(s) == seat && s.resigned_at.is_some())
            {
                return Err(TimeError::NotReplaceable);
            }
            store::set_standin(conn, id, seat.0 as i32, on, now)?;
            Ok(())
        })?;
        tracing::info!(game.id = %id, seat = seat.number(), on, "seat listed for a stand-in");
        Ok(())
    }

    /// What an invitation to take over a seat offers, read from its link (`None`: the link is
    /// not one, or the seat was taken or the game is no longer played): the person named in it
    /// and the game.
    pub fn take_over_offer(
        &self,
        conn: &mut Conn,
        id: &GameId,
        seat: Seat,
        token: &str,
        words: Words,
    ) -> anyhow::Result<Option<TakeOverOffer>> {
        let Some(row) = store::find_game(conn, id)? else {
            return Ok(None);
        };
        let seats = store::seats_of(conn, id)?;
        let Some((name, _)) = self.take_over_link(&row, &seats, seat, token) else {
            return Ok(None);
        };
        let creator = &seats[row.creator_seat as usize];
        let kind = self.kind(&row.kind)?;
        Ok(Some(TakeOverOffer {
            game_title: self.name_of(&row, &seats, words),
            kind_title: words.get(&format!("{}-title", kind.name())),
            inviter: creator.name.clone(),
            old: seats[seat.index()].name.clone(),
            name,
            players: seats.iter().map(|s| s.name.clone()).collect(),
            pace: letters::pace(words, row.hours_per_decision),
        }))
    }

    /// The name and address an invitation to take over `seat` names, if `token` is a good one
    /// for the seat as it stands: resigned, in a game being played, the address seated nowhere
    /// else at the table.
    fn take_over_link(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        seat: Seat,
        token: &str,
    ) -> Option<(String, EmailAddress)> {
        let mut parts = token.splitn(3, '.');
        let name = String::from_utf8(hex::decode(parts.next()?).ok()?).ok()?;
        let email = String::from_utf8(hex::decode(parts.next()?).ok()?).ok()?;
        let signature = parts.next()?;
        let email = EmailAddress::parse(&email).ok()?;
        let old = seats.iter().find(|s| seat_of(s) == seat)?;
        let resigned = old.resigned_at?.to_string();
        let number = seat.number().to_string();
        let good = self.links().check(
            Capability::TakeOver,
            &[&row.id, &number, &name, &email.key(), &resigned],
            signature,
        );
        let elsewhere = seats
            .iter()
            .any(|s| s.has_person() && store::address_key(&s.email) == email.key());
        (good && !elsewhere && row.status() == GameStatus::Playing).then_some((name, email))
    }

    /// The invited person follows their link and takes the seat over: a new link (the old one
    /// stops working), the seat's pending decision with the whole pace, everyone told. Their
    /// seat's URL (`None`: the link is not one, or the seat is no longer open).
    pub fn take_over(
        &self,
        conn: &mut Conn,
        id: &GameId,
        seat: Seat,
        token: &str,
    ) -> anyhow::Result<Option<String>> {
        let now = self.now();
        let taken = write_transaction(conn, |conn| -> anyhow::Result<Option<String>> {
            let Some(row) = store::lock_game(conn, id)? else {
                return Ok(None);
            };
            let seats = store::seats_of(conn, id)?;
            let Some((name, email)) = self.take_over_link(&row, &seats, seat, token) else {
                return Ok(None);
            };
            let old_name = seats[seat.index()].name.clone();
            let person = store::ensure_address(conn, email.as_str(), now)?;
            // Following the mailed link proves the address.
            store::mark_verified(conn, &person.address, now)?;
            let version = store::replace_seat(conn, id, seat.0 as i32, &name, email.as_str())?;
            store::bump_revision(conn, id)?;
            // The newcomer's decision starts now, with the whole pace.
            restart_deadline(conn, id, seat.0 as i32, row.hours_per_decision, now)?;
            let seats = store::seats_of(conn, id)?;
            let recipients = self.seat_recipients(conn, &row, &seats, now)?;
            for (other, to) in seats.iter().zip(&recipients) {
                let Some(to) = to else { continue };
                let (kind, extra) = if seat_of(other) == seat {
                    (
                        "replacement",
                        Some(to.words.two(
                            "mail-seat-replacement-who",
                            ("creator", seats[row.creator_seat as usize].name.as_str()),
                            ("old", old_name.as_str()),
                        )),
                    )
                } else {
                    (
                        "replaced",
                        Some(
                            to.words
                                .one("mail-seat-replaced-old", "old", old_name.as_str()),
                        ),
                    )
                };
                let mail = self.seat_notice(&row, &seats, other, to, kind, seat, extra)?;
                if let Some(mail) = self.letter(to, Class::Game, Some(id), kind_name(kind), mail) {
                    store::enqueue(conn, mail, now)?;
                }
            }
            Ok(Some(self.links().seat_url(id, seat, version)))
        })?;
        if taken.is_some() {
            tracing::info!(game.id = %id, seat = seat.number(), "seat taken over");
        }
        Ok(taken)
    }
}

/// The game of `creator`'s link, locked (inside a write transaction), if it is its creator's.
fn creators_game(conn: &mut Conn, creator: &SeatAuth) -> Result<GameRow, TimeError> {
    let row = store::lock_game(conn, creator.game_id())?.ok_or(TimeError::NoSuchGame)?;
    if row.creator_seat != creator.seat().0 as i32 {
        return Err(TimeError::NotCreator);
    }
    Ok(row)
}

/// What an invitation to take over a seat offers, as its page shows it.
#[derive(Clone, Debug)]
pub struct TakeOverOffer {
    pub game_title: String,
    pub kind_title: String,
    pub inviter: String,
    /// Who left the seat.
    pub old: String,
    /// The person invited.
    pub name: String,
    pub players: Vec<String>,
    pub pace: String,
}

/// A seat's pending decision starts again at `now`, with the whole pace: a player back at
/// the seat, or a newcomer. A game without a pace has no deadline to move.
fn restart_deadline(
    conn: &mut Conn,
    id: &GameId,
    seat: i32,
    pace_hours: Option<i32>,
    now: Millis,
) -> diesel::QueryResult<()> {
    let Some(hours) = pace_hours else {
        return Ok(());
    };
    for deadline in store::deadlines_of(conn, id)? {
        if deadline.seat == seat {
            let due = now.0 + i64::from(hours) * HOUR_MS;
            store::update_deadline(conn, &deadline, due, first_reminder(now.0, due), false)?;
        }
    }
    Ok(())
}
