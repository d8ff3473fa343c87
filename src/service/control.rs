//! Who plays a seat: a player resigns (the bot plays on, its pending decision due at once),
//! takes the seat back, or the creator invites a replacement to a resigned seat.

use super::post::Class;
use super::time::{first_reminder, kind_name, TimeError, HOUR_MS};
use super::{seat_of, Games, SeatAuth};
use crate::domain::{Control, Millis};
use crate::domain::{EmailAddress, GameId, GameStatus, PlayerName};
use crate::engine::Seat;
use crate::store::{self, write_transaction, Conn};

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

    /// The creator invites a replacement to a resigned seat: a new person, a new link (the
    /// old one stops working), mailed to them; everyone is told.
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
            let row = store::lock_game(conn, id)?.ok_or(TimeError::NoSuchGame)?;
            if row.creator_seat != creator.seat().0 as i32 {
                return Err(TimeError::NotCreator);
            }
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
            // An invitation to a new address, like a new game's.
            let creator_row = &seats[row.creator_seat as usize];
            self.count_invitation(conn, &person, &creator_row.email, None, now)?
                .map_err(TimeError::Limited)?;
            // A newcomer the service knows no language of reads the creator's, who invites.
            if person.language.is_none() && person.language_seen.is_none() {
                let creator_row = seats.iter().find(|s| s.seat == row.creator_seat);
                if let Some(creator_row) = creator_row.filter(|s| s.has_person()) {
                    if let Some(inviter) = store::find_address(conn, &creator_row.email)? {
                        let lang = inviter.language.or(inviter.language_seen);
                        if let Some(lang) = lang {
                            self.note_language_seen(conn, &person, &lang)?;
                        }
                    }
                }
            }
            let old_name = old.name.clone();
            let version =
                store::replace_seat(conn, id, seat.0 as i32, name.as_str(), email.as_str())?;
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
                let _ = version;
                if let Some(mail) = self.letter(to, Class::Game, Some(id), kind_name(kind), mail) {
                    store::enqueue(conn, mail, now)?;
                }
            }
            Ok(())
        })?;
        tracing::info!(game.id = %id, seat = seat.number(), "seat replaced");
        Ok(())
    }
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
