//! Table talk: messages between seats, kept beside the rules log and never in it, who may read
//! each (one rule, `MessageRow::readable_by`), and how they reach people by mail.

use super::post::{Class, MailMode};
use super::*;
use crate::domain::refused_in_text;
use crate::engine::Press;
use crate::store::MessageRow;
use diesel::QueryResult;
use serde::Serialize;

/// A batch of messages leaves once its oldest is this old, so several sent within a minute
/// make one mail.
pub const MESSAGE_BATCH_MS: i64 = 60_000;

/// A message's text: what a person typed, trimmed, 1 to [`MessageText::MAX_CHARS`] characters,
/// lines kept, no other control characters and nothing that reorders text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageText(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadMessage {
    #[error("a message must not be empty")]
    Empty,
    #[error("a message has at most {} characters", MessageText::MAX_CHARS)]
    TooLong,
    #[error("a message may not contain control characters or characters that reorder text")]
    Unprintable,
}

impl BadMessage {
    /// The catalog message that words it.
    pub fn key(self) -> &'static str {
        match self {
            BadMessage::Empty => "talk-problem-empty",
            BadMessage::TooLong => "talk-problem-too-long",
            BadMessage::Unprintable => "talk-problem-unprintable",
        }
    }
}

impl MessageText {
    /// The one limit of a message: the form's `maxlength`, the API's check, a reply's.
    pub const MAX_CHARS: usize = 2000;

    pub fn parse(text: &str) -> Result<MessageText, BadMessage> {
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        let text = text.trim();
        if text.chars().all(|c| c.is_whitespace()) {
            return Err(BadMessage::Empty);
        }
        if text.chars().count() > MessageText::MAX_CHARS {
            return Err(BadMessage::TooLong);
        }
        if text.chars().any(refused_in_text) {
            return Err(BadMessage::Unprintable);
        }
        Ok(MessageText(text.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A seat's private notes as its player wrote them (`\r\n` made `\n`); empty erases them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoteText(String);

/// Why notes cannot be kept as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadNote {
    #[error("notes may be at most {} characters", NoteText::MAX_CHARS)]
    TooLong,
    #[error("notes may not contain control characters or characters that reorder text")]
    Unprintable,
}

impl NoteText {
    /// The one limit of a seat's notes: the form's `maxlength` and the service's check.
    pub const MAX_CHARS: usize = 10_000;

    pub fn parse(text: &str) -> Result<NoteText, BadNote> {
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        let text = text.trim_end();
        if text.chars().count() > NoteText::MAX_CHARS {
            return Err(BadNote::TooLong);
        }
        if text.chars().any(refused_in_text) {
            return Err(BadNote::Unprintable);
        }
        Ok(NoteText(text.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How a message arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    Page,
    Api,
    Mail,
}

impl Via {
    fn as_str(self) -> &'static str {
        match self {
            Via::Page => "page",
            Via::Api => "api",
            Via::Mail => "mail",
        }
    }
}

service_error!(MessageError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("there is no such seat at this table")]
    NoSuchSeat,
    #[error("{0}")]
    Bad(BadMessage),
    #[error("a rate limit was reached: {0:?}")]
    Limited(Limited),
    /// The game's press rule allows no messages ("gunboat").
    #[error("this table plays without messages")]
    NoPress,
    /// The game's press rule allows public messages only.
    #[error("this table allows public messages only")]
    PublicOnly,
    /// The operator blocked the author's address service-wide.
    #[error("this address may not write here")]
    Blocked,
});

/// One message at the table, as this seat may read it (never another pair's private
/// messages).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = Message)]
pub struct TalkLine {
    /// The message's id: what a reader reports it by.
    pub id: String,
    /// The author's seat, from 1 (as everywhere people read seats).
    #[schema(minimum = 1)]
    pub from_seat: u8,
    pub from: String,
    /// The one seat it was for (from 1), if private.
    #[schema(minimum = 1)]
    pub to_seat: Option<u8>,
    pub to: Option<String>,
    pub text: String,
    /// When it was sent (milliseconds since the epoch).
    pub at: i64,
    /// The number of moves in the log when it was sent.
    pub move_number: i64,
}

/// The messages `reader` may read, oldest first (`None`: a spectator, who reads the public
/// ones), without those of the seats in `muted` (people the reader blocked).
pub(crate) fn talk_lines(
    rows: &[MessageRow],
    seats: &[SeatRow],
    reader: Option<Seat>,
    muted: &[i32],
) -> Vec<TalkLine> {
    let name = |seat: i32| {
        seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    };
    rows.iter()
        .filter(|row| row.readable_by(reader.map(|s| i32::from(s.0))))
        .filter(|row| !muted.contains(&row.seat))
        .map(|row| TalkLine {
            id: row.id.clone(),
            from_seat: row.seat as u8 + 1,
            from: name(row.seat),
            to_seat: row.to_seat.map(|s| s as u8 + 1),
            to: row.to_seat.map(name),
            text: row.body.clone(),
            at: row.created_at,
            move_number: row.seq,
        })
        .collect()
}

/// Messages in a mail to `reader`, one line each ("Ann: …", "Ann, to you only: …").
pub(crate) fn talk_words(lines: &[&TalkLine], words: Words) -> Vec<String> {
    lines
        .iter()
        .map(|line| {
            let key = if line.to_seat.is_some() {
                "talk-mail-line-private"
            } else {
                "talk-mail-line"
            };
            words.two(
                key,
                ("name", line.from.as_str()),
                ("text", line.text.as_str()),
            )
        })
        .collect()
}

impl Games {
    /// Send a message to the table, or privately to one seat.
    pub fn post_message(
        &self,
        conn: &mut Conn,
        auth: &SeatAuth,
        to: Option<Seat>,
        text: &MessageText,
        via: Via,
    ) -> Result<TalkLine, MessageError> {
        let now = self.now();
        let id = &auth.game_id;
        let seq = self.load(conn, id).map_err(|e| match e {
            LoadError::NoSuchGame => MessageError::NoSuchGame,
            other => MessageError::Unexpected(other.into()),
        })?;
        let seq = seq.seq();
        write_transaction(conn, |conn| -> Result<TalkLine, MessageError> {
            let game = store::lock_game(conn, id)?.ok_or(MessageError::NoSuchGame)?;
            let seats = store::seats_of(conn, id)?;
            match (self.press_of(&game)?, to) {
                (Press::None, _) => return Err(MessageError::NoPress),
                (Press::Public, Some(_)) => return Err(MessageError::PublicOnly),
                _ => {}
            }
            let author = seats.iter().find(|s| seat_of(s) == auth.seat);
            if let Some(author) = author.filter(|s| s.has_person()) {
                if store::is_address_blocked(conn, &author.email)? {
                    return Err(MessageError::Blocked);
                }
            }
            if let Some(to) = to {
                if to == auth.seat || seats.iter().all(|s| seat_of(s) != to) {
                    return Err(MessageError::NoSuchSeat);
                }
            }
            let bucket = format!("messages:{id}:{}", auth.seat.number());
            limits::count(
                conn,
                "messages",
                &bucket,
                limits::HOUR,
                self.limits().messages_per_hour,
                now,
            )?
            .map_err(MessageError::Limited)?;
            let row = MessageRow {
                id: crate::domain::random_base32(16),
                game_id: id.to_string(),
                seat: i32::from(auth.seat.0),
                to_seat: to.map(|s| i32::from(s.0)),
                seq,
                body: text.as_str().to_owned(),
                // Strictly after the game's last message, so their order is their time's.
                created_at: game
                    .last_message_at
                    .map_or(now.0, |last| now.0.max(last + 1)),
                via: via.as_str().to_owned(),
            };
            store::insert_message(conn, &row)?;
            tracing::info!(game.id = %id, seat = auth.seat.number(), private = to.is_some(), via = via.as_str(), "message sent");
            Ok(talk_lines(&[row], &seats, Some(auth.seat), &[]).remove(0))
        })
    }

    /// The press rule of a stored game (its options say it).
    fn press_of(&self, row: &GameRow) -> anyhow::Result<Press> {
        let kind = self.kind(&row.kind)?;
        let options = kind
            .read_options(&row.options)
            .map_err(|e| anyhow::anyhow!("stored options of game {}: {e}", row.id))?;
        Ok(kind.press(&options))
    }

    /// The table's talk as `reader` may read it, oldest first: a seat reads the public
    /// messages and its own private ones; a spectator reads the public ones unless the creator
    /// made the table private.
    pub fn talk(
        &self,
        conn: &mut Conn,
        game: &GameId,
        reader: Option<Seat>,
    ) -> QueryResult<Vec<TalkLine>> {
        let Some(row) = store::find_game(conn, game)? else {
            return Ok(Vec::new());
        };
        let seats = store::seats_of(conn, game)?;
        self.talk_at(conn, &row, &seats, reader)
    }

    /// [`Games::talk`] of a game already read.
    pub(crate) fn talk_at(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seats: &[SeatRow],
        reader: Option<Seat>,
    ) -> QueryResult<Vec<TalkLine>> {
        if reader.is_none() && row.private_table {
            return Ok(Vec::new());
        }
        let rows = store::messages_of(conn, row)?;
        self.readable_talk(conn, &rows, seats, reader)
    }

    /// [`talk_lines`] of messages read already, without the messages of people the reader
    /// blocked (asked only when there are messages).
    pub(crate) fn readable_talk(
        &self,
        conn: &mut Conn,
        rows: &[MessageRow],
        seats: &[SeatRow],
        reader: Option<Seat>,
    ) -> QueryResult<Vec<TalkLine>> {
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let muted = self.muted_seats(conn, seats, reader)?;
        Ok(talk_lines(rows, seats, reader, &muted))
    }

    /// The public messages a record may carry, marked as outside the verified log (none for
    /// a private table; never a private message).
    pub fn talk_export(&self, conn: &mut Conn, game: &GameId) -> QueryResult<serde_json::Value> {
        let lines = self.talk(conn, game, None)?;
        Ok(serde_json::json!({
            "verified": false,
            "note": "table talk: not part of the hash-chained log",
            "messages": lines.iter().map(|l| serde_json::json!({
                "seat": l.from_seat,
                "name": l.from,
                "text": l.text,
                "time": crate::audit::rfc3339_millis(l.at),
                "move": l.move_number,
            })).collect::<Vec<_>>(),
        }))
    }

    /// The Reply-To address of a mail to `seat_row` as of move `seq`; replies to it answer
    /// `partner`'s private message when there is one.
    pub(crate) fn reply_to(&self, seat_row: &SeatRow, seq: i64, partner: Option<Seat>) -> String {
        let token = self.links().reply_token(
            &GameId::parse(&seat_row.game_id).expect("stored game ids parse"),
            seat_of(seat_row),
            seq,
            partner,
            seat_row.link_version,
        );
        self.reply_address().with_token(&token)
    }

    /// Mail the messages waiting for people who read every turn: a batch per seat once its
    /// oldest message is a minute old (digest readers get theirs in the digest; muted games
    /// and results-only readers none). Safe with several servers: each batch is claimed in the
    /// transaction that queues it. How many mails were queued.
    pub fn mail_messages(&self, conn: &mut Conn) -> anyhow::Result<usize> {
        let now = self.now();
        let mut queued = 0;
        // A week back is far more than any scheduler pause; older messages were mailed.
        let since = Millis(now.0 - 7 * 24 * 3600 * 1000);
        let due = Millis(now.0 - MESSAGE_BATCH_MS);
        for game in store::games_with_messages_unmailed(conn, since, due)? {
            let id = GameId::parse(&game)?;
            queued += write_transaction(conn, |conn| self.mail_game_messages(conn, &id, now))?;
        }
        Ok(queued)
    }

    fn mail_game_messages(
        &self,
        conn: &mut Conn,
        id: &GameId,
        now: Millis,
    ) -> anyhow::Result<usize> {
        let Some(row) = store::find_game(conn, id)? else {
            return Ok(0);
        };
        if row.status() == GameStatus::Cancelled {
            return Ok(0);
        }
        let seats = store::seats_of(conn, id)?;
        let rows = store::messages_of(conn, &row)?;
        let recipients = self.seat_recipients(conn, &row, &seats, now)?;
        let seq = self.load(conn, id).map(|l| l.seq()).unwrap_or(0);
        let mut queued = 0;
        for (seat_row, to) in seats.iter().zip(&recipients) {
            let Some(to) = to else { continue };
            if to.mode() != MailMode::EveryTurn || !to.wants(Class::Turn) {
                continue;
            }
            let me = seat_of(seat_row);
            let lines = self.readable_talk(conn, &rows, &seats, Some(me))?;
            let pending: Vec<&TalkLine> = lines
                .iter()
                .filter(|l| l.from_seat != me.number() && l.at > seat_row.messages_mailed_at)
                .collect();
            let (Some(oldest), Some(newest)) = (pending.first(), pending.last()) else {
                continue;
            };
            if oldest.at > now.0 - MESSAGE_BATCH_MS {
                continue;
            }
            if !store::set_messages_mailed(conn, id, seat_row.seat, newest.at)? {
                continue;
            }
            // A reply answers the last message's author privately if that one was private.
            let partner = newest.to_seat.is_some().then(|| Seat(newest.from_seat - 1));
            let words = to.words;
            let mail = letters::Talk {
                w: words,
                footer: self.footer(&to.person),
                to_name: seat_row.name.clone(),
                game_title: self.name_of(&row, &seats, words),
                lines: talk_words(&pending, words),
                seat_url: self.links().seat_url(id, me, seat_row.link_version),
            }
            .render()?;
            if let Some(mut mail) = self.letter(to, Class::Turn, Some(id), "talk", mail) {
                mail.reply_to = Some(self.reply_to(seat_row, seq, partner));
                // A direct message among them is also told to the person's webhook.
                if pending.iter().any(|l| l.to_seat.is_some()) {
                    self.queue_webhook(conn, "message", &to.person, id, &mail.subject, now)?;
                }
                store::enqueue(conn, mail, now)?;
                queued += 1;
            }
        }
        Ok(queued)
    }
}
