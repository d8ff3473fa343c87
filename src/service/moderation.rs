//! Block, mute and report: a person's blocks of other addresses and what they keep away, a
//! reader's report of a message, the operator's side (reports, hiding, service-wide blocks).

use super::limits::{self, Limited};
use super::{seat_of, Games, SeatAuth};
use crate::domain::{random_base32, Millis};
use crate::engine::Seat;
use crate::store::{self, write_transaction, BlockRow, Conn, ReportRow, SeatRow};
use diesel::QueryResult;

/// Reports one address may file in an hour, whatever the games.
pub const REPORTS_PER_HOUR: u32 = 20;

/// Why a reader reports a message, in their words: trimmed, at most
/// [`ReportReason::MAX_CHARS`] characters, may be empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportReason(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadReason {
    #[error("a reason has at most {} characters", ReportReason::MAX_CHARS)]
    TooLong,
    #[error("a reason may not contain control characters or characters that reorder text")]
    Unprintable,
}

impl ReportReason {
    /// The one limit of a reason: the form's `maxlength`, the API's check.
    pub const MAX_CHARS: usize = 500;

    pub fn parse(text: &str) -> Result<ReportReason, BadReason> {
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        let text = text.trim();
        if text.chars().count() > ReportReason::MAX_CHARS {
            return Err(BadReason::TooLong);
        }
        let bad = |c: char| {
            (c.is_control() && c != '\n' && c != '\t')
                || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        };
        if text.chars().any(bad) {
            return Err(BadReason::Unprintable);
        }
        Ok(ReportReason(text.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

service_error!(BlockError {
    /// No other person plays that seat at this table (a bot's seat, one's own, none).
    #[error("there is no other player at that seat")]
    NoSuchSeat,
    /// A person may not block their own address.
    #[error("that is your own address")]
    OwnAddress,
});

service_error!(ReportError {
    /// No message by that id that this seat reads (another game's, another pair's private
    /// one, a hidden one).
    #[error("there is no such message")]
    NoSuchMessage,
    #[error("{0}")]
    Bad(BadReason),
    /// This person reported that message already.
    #[error("this message was reported already")]
    Reported,
    #[error("a rate limit was reached: {0:?}")]
    Limited(Limited),
});

service_error!(ModerationError {
    /// No open report, or no message, by that id.
    #[error("there is nothing by that id")]
    NotFound,
});

/// An open report as the operator reads it.
#[derive(Clone, Debug)]
pub struct ReportLine {
    pub id: String,
    pub game_id: String,
    pub message_id: String,
    /// The author's seat and, for a private message, its one reader's (from 1).
    pub from_seat: u8,
    pub to_seat: Option<u8>,
    pub text: String,
    pub reason: String,
    /// The reporter's seat at that table, from 1, when they still hold one.
    pub reporter_seat: Option<u8>,
    pub at: Millis,
}

/// Someone a person blocked, as their settings show it: the name they knew them by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blocked {
    pub id: String,
    pub label: String,
}

impl From<BlockRow> for Blocked {
    fn from(row: BlockRow) -> Blocked {
        Blocked {
            id: row.id,
            label: row.label,
        }
    }
}

impl Games {
    /// The seats at a table whose person the reader's person blocked: their messages are not
    /// shown or mailed to the reader (none for a spectator).
    pub(crate) fn muted_seats(
        &self,
        conn: &mut Conn,
        seats: &[SeatRow],
        reader: Option<Seat>,
    ) -> QueryResult<Vec<i32>> {
        let Some(me) = reader.and_then(|r| seats.iter().find(|s| seat_of(s) == r)) else {
            return Ok(Vec::new());
        };
        if !me.has_person() {
            return Ok(Vec::new());
        }
        let blocked = store::blocks_of(conn, &me.email)?;
        if blocked.is_empty() {
            return Ok(Vec::new());
        }
        Ok(seats
            .iter()
            .filter(|s| s.has_person())
            .filter(|s| {
                let key = store::address_key(&s.email);
                blocked.iter().any(|b| b.blocked == key)
            })
            .map(|s| s.seat)
            .collect())
    }

    /// The seat's person blocks the person at `seat` of the same table, whose address they
    /// are never shown: the name they knew them by.
    pub fn block_seat(
        &self,
        conn: &mut Conn,
        auth: &SeatAuth,
        seat: Seat,
    ) -> Result<String, BlockError> {
        let now = self.now();
        write_transaction(conn, |conn| -> Result<String, BlockError> {
            let seats = store::seats_of(conn, auth.game_id())?;
            let me = seats
                .iter()
                .find(|s| seat_of(s) == auth.seat())
                .ok_or(BlockError::NoSuchSeat)?;
            let them = seats
                .iter()
                .find(|s| seat_of(s) == seat && s.has_person())
                .filter(|s| store::address_key(&s.email) != store::address_key(&me.email))
                .ok_or(BlockError::NoSuchSeat)?;
            if !me.has_person() {
                return Err(BlockError::NoSuchSeat);
            }
            let id = random_base32(16);
            store::insert_block(conn, &id, &me.email, &them.email, &them.name, now)?;
            tracing::info!(game.id = %auth.game_id(), seat = auth.seat().number(), blocked_seat = seat.number(), "a player blocked another");
            Ok(them.name.clone())
        })
    }

    /// `me` blocks an address they typed (in their mail settings): nothing of its person
    /// reaches them from now on, as for a player blocked at a table. They typed it, so it is
    /// what their settings list. `false`: they had blocked it already.
    pub fn block_typed(
        &self,
        conn: &mut Conn,
        me: &str,
        them: &crate::domain::EmailAddress,
    ) -> Result<bool, BlockError> {
        if them.key() == store::address_key(me) {
            return Err(BlockError::OwnAddress);
        }
        let id = random_base32(16);
        let added = store::insert_block(conn, &id, me, them.as_str(), them.as_str(), self.now())?;
        tracing::info!(added, "a person blocked an address they typed");
        Ok(added)
    }

    /// Everyone `address` blocked, oldest first.
    pub fn blocks(&self, conn: &mut Conn, address: &str) -> QueryResult<Vec<Blocked>> {
        Ok(store::blocks_of(conn, address)?
            .into_iter()
            .map(Blocked::from)
            .collect())
    }

    /// `address` lifts its block `id`: whether it had one.
    pub fn unblock(&self, conn: &mut Conn, address: &str, id: &str) -> QueryResult<bool> {
        write_transaction(conn, |conn| store::delete_block(conn, address, id))
    }

    /// Whether `invitee` may not be invited by `creator`: the invitee blocked the creator, or
    /// either is blocked service-wide (the creator is told only that the seat cannot be
    /// invited).
    pub(crate) fn refuses_invitation(
        &self,
        conn: &mut Conn,
        creator: &str,
        invitee: &str,
    ) -> QueryResult<bool> {
        Ok(store::is_address_blocked(conn, invitee)?
            || store::is_blocked_by(conn, invitee, creator)?)
    }

    /// A reader reports a message of its table, with a reason (maybe empty); once per person
    /// and message.
    pub fn report_message(
        &self,
        conn: &mut Conn,
        auth: &SeatAuth,
        message: &str,
        reason: &ReportReason,
    ) -> Result<(), ReportError> {
        let now = self.now();
        write_transaction(conn, |conn| -> Result<(), ReportError> {
            let (row, hidden) =
                store::find_message(conn, message)?.ok_or(ReportError::NoSuchMessage)?;
            let me = i32::from(auth.seat().0);
            if hidden.is_some()
                || row.game_id != auth.game_id().as_str()
                || !row.readable_by(Some(me))
            {
                return Err(ReportError::NoSuchMessage);
            }
            let seats = store::seats_of(conn, auth.game_id())?;
            let reporter = seats
                .iter()
                .find(|s| s.seat == me && s.has_person())
                .ok_or(ReportError::NoSuchMessage)?;
            let reporter = store::address_key(&reporter.email);
            limits::count(
                conn,
                "reports",
                &format!("reports:{reporter}"),
                limits::HOUR,
                REPORTS_PER_HOUR,
                now,
            )?
            .map_err(ReportError::Limited)?;
            let report = ReportRow {
                id: random_base32(16),
                message_id: row.id.clone(),
                reporter,
                reason: reason.as_str().to_owned(),
                created_at: now.0,
                closed_at: None,
                outcome: None,
            };
            if !store::insert_report(conn, &report)? {
                return Err(ReportError::Reported);
            }
            tracing::info!(game.id = %auth.game_id(), seat = auth.seat().number(), report = %report.id, "a message was reported");
            Ok(())
        })
    }

    /// The open reports, oldest first, for the operator.
    pub fn open_reports(&self, conn: &mut Conn) -> QueryResult<Vec<ReportLine>> {
        let mut lines = Vec::new();
        for (report, message) in store::open_reports(conn)? {
            let game = crate::domain::GameId::parse(&message.game_id).ok();
            let reporter_seat = match &game {
                Some(game) => store::seats_of(conn, game)?
                    .iter()
                    .find(|s| store::address_key(&s.email) == report.reporter)
                    .map(|s| s.seat as u8 + 1),
                None => None,
            };
            lines.push(ReportLine {
                id: report.id,
                game_id: message.game_id,
                message_id: message.id,
                from_seat: message.seat as u8 + 1,
                to_seat: message.to_seat.map(|s| s as u8 + 1),
                text: message.body,
                reason: report.reason,
                reporter_seat,
                at: Millis(report.created_at),
            });
        }
        Ok(lines)
    }

    /// The operator hides a message from every page, mail, API answer and export (messages
    /// are outside the hash-chained log: no record's chain changes), closing its open
    /// reports as `hidden`. How many reports it closed.
    pub fn hide_message(&self, conn: &mut Conn, message: &str) -> Result<usize, ModerationError> {
        let now = self.now();
        write_transaction(conn, |conn| -> Result<usize, ModerationError> {
            let (row, hidden) =
                store::find_message(conn, message)?.ok_or(ModerationError::NotFound)?;
            if hidden.is_none() {
                store::hide_message(conn, &row.id, now)?;
            }
            let closed = store::close_reports_of(conn, &row.id, "hidden", now)?;
            tracing::info!(game.id = %row.game_id, message = %row.id, "the operator hid a message");
            Ok(closed)
        })
    }

    /// The operator dismisses an open report, leaving its message as it is.
    pub fn dismiss_report(&self, conn: &mut Conn, report: &str) -> Result<(), ModerationError> {
        let now = self.now();
        write_transaction(conn, |conn| -> Result<(), ModerationError> {
            if !store::close_report(conn, report, "dismissed", now)? {
                return Err(ModerationError::NotFound);
            }
            Ok(())
        })
    }

    /// The operator blocks an address service-wide (`on`) or lifts the block: whether it
    /// changed anything.
    pub fn block_address(&self, conn: &mut Conn, address: &str, on: bool) -> QueryResult<bool> {
        let now = self.now();
        write_transaction(conn, |conn| {
            if on {
                store::block_address(conn, address, now)
            } else {
                store::unblock_address(conn, address)
            }
        })
    }

    /// Whether the operator blocked `address` service-wide.
    pub fn address_blocked(&self, conn: &mut Conn, address: &str) -> QueryResult<bool> {
        store::is_address_blocked(conn, address)
    }
}
