//! A move, from the seat's request to the stored actions: the one service operation every
//! handler calls (a page's form, the API, the clock, a bot, and later a reply by mail). It is
//! prepared outside the write lock (checked by the rules, mails rendered), then stored by the
//! writer if its game did not change meanwhile.

use super::letters;
use super::replay::action_row;
use super::{
    happened_since, mail_happened, names_of, seat_of, short, talk, Class, Games, MoveError,
    MoveOutcome, Recipient, Refusal, SeatAuth, SeatLink,
};
use crate::audit::{Author, Rejection, Replay};
use crate::domain::Control;
use crate::domain::{GameId, GameStatus, Millis};
use crate::engine::{Seat, Viewer};
use crate::kinds::table::{Ending, TableAction};
use crate::kinds::{Action, Kind, RuleError};
use crate::present::{Ctx, Words};
use crate::store::{
    self, ActionRow, Conn, Db, DeadlineChanges, GameRow, NewMail, NewMove, OutboxRow, SeatRow,
};
use anyhow::anyhow;
use rand_core::SeedableRng;
use std::sync::Arc;

/// How often a move is prepared without a lock, again when something changed its game while
/// it was being prepared; after that it is prepared and stored under the game's write lock.
pub const MOVE_ATTEMPTS: usize = 3;

/// An action of a script the rules refused after earlier ones were applied.
#[derive(Clone, Debug)]
pub struct Refused {
    /// Its position in the script, from 0.
    pub index: usize,
    pub error: RuleError,
    /// The rule in the mover's language, for anyone (the answer names no one "you").
    pub to_anyone: String,
}

/// Who moves: a seat link as it arrived (checked in the move's own trip to the database), a
/// seat the server acts for as its player (a reply already checked, a test), or the server
/// itself taking a seat's decision: the clock at a deadline, or a bot. The log says which
/// (`audit::Author`).
#[derive(Clone, Debug)]
pub enum Mover {
    Link(SeatLink),
    /// The seat's player, for whom the server acts: entries by the seat.
    Server(SeatAuth),
    /// The game's clock, for a seat whose `deadline` passed: it plays the game's default for
    /// the seat's decision (`default_action`), one action, and only once the deadline has
    /// passed. With `expected_seq` the seq at which the deadline was set, two clocks racing
    /// on the same deadline apply it once (the other is `Stale`).
    Clock {
        game: GameId,
        seat: Seat,
        deadline: Millis,
    },
    /// A bot playing the seat (an absent or resigned player): the game's `bot_action` unless
    /// it is given actions, which must be legal like any.
    Bot {
        game: GameId,
        seat: Seat,
    },
    /// The sitter the seat's player named, from their own link (`token`, see
    /// `service::sitters`), while the sitting lasts: entries by the sitter.
    Sitter {
        game: GameId,
        seat: Seat,
        token: String,
    },
}

impl Mover {
    fn game(&self) -> &GameId {
        match self {
            Mover::Link(SeatLink { game, .. })
            | Mover::Clock { game, .. }
            | Mover::Bot { game, .. }
            | Mover::Sitter { game, .. } => game,
            Mover::Server(auth) => &auth.game_id,
        }
    }

    /// Who the log says took the actions.
    fn author(&self) -> Author {
        match self {
            Mover::Link(_) | Mover::Server(_) => Author::Seat,
            Mover::Clock { deadline, .. } => Author::Clock {
                deadline: deadline.0,
            },
            Mover::Bot { .. } => Author::Bot,
            Mover::Sitter { .. } => Author::Sitter,
        }
    }
}

/// One action as it arrived: its JSON (an API body, a button's value), the fields of a form
/// the game's presenter reads, or an action the caller already has. The game reads it: only
/// the game knows its actions.
#[derive(Clone, Debug)]
pub enum ActionInput {
    Json(String),
    Form(Vec<(String, String)>),
    Action(Action),
}

/// A move ready to be stored, with what to answer and to cache once it is.
struct Prepared {
    auth: SeatAuth,
    write: NewMove,
    outcome: MoveOutcome,
    after: Arc<Replay>,
    /// A seat a bot plays must decide next: it plays once the move is stored.
    bot_next: bool,
}

impl Games {
    /// Play actions for a seat: one, or a script of several applied one after the other. The
    /// one move operation: the pages, the API, and later replies by mail and the clock call it
    /// once. `expected_seq` is the move number the seat's page (or mail) showed: a form drawn
    /// before the seat's decision last changed is refused as `Stale` (so two identical posts
    /// apply once), while another seat answering the same simultaneous decision meanwhile
    /// does not make it stale. An action the rules refuse stores nothing; in a script, the
    /// actions before it stand, the rest is dropped, and the outcome says which one was refused.
    /// Words (what happened, a form's problems) are in `lang`.
    pub async fn make_move(
        &self,
        db: &Db,
        mover: Mover,
        expected_seq: i64,
        inputs: Vec<ActionInput>,
        lang: &str,
    ) -> Result<MoveOutcome, MoveError> {
        for _ in 0..MOVE_ATTEMPTS {
            let (games, who, script, lang) =
                (self.clone(), mover.clone(), inputs.clone(), lang.to_owned());
            let arriving = db.move_arriving();
            let mut prepared = db
                .read(move |conn| games.prepare(conn, &who, expected_seq, &script, &lang))
                .await?;
            // What is stored goes to the writer; the rest answers and caches once it is.
            let write = std::mem::take(&mut prepared.write);
            match db.commit_move(write, arriving).await {
                Ok(true) => return Ok(self.stored(db, &mover, prepared).await),
                // The game changed under the move: prepare it again (it is usually stale now).
                Ok(false) => continue,
                Err(error) if store::is_unique_violation(&error) => {
                    return Err(MoveError::Stale {
                        current_seq: prepared.outcome.seq,
                    })
                }
                Err(error) => return Err(error.into()),
            }
        }
        // Other moves of the game were stored under every attempt (several seats answering
        // one simultaneous decision at once): prepare and store this one holding the game's
        // write lock, so that nothing can change the game in between. Slower, but it cannot
        // lose: a legal answer is applied or refused with a reason, never lost to contention.
        let (games, who, script, lang) =
            (self.clone(), mover.clone(), inputs.clone(), lang.to_owned());
        let prepared = db
            .write(move |conn| -> Result<Prepared, MoveError> {
                store::lock_game(conn, who.game())?.ok_or(MoveError::NoSuchGame)?;
                let prepared = games.prepare(conn, &who, expected_seq, &script, &lang)?;
                if !store::store_move(conn, &prepared.write)? {
                    return Err(anyhow!(
                        "game {} changed while its write lock was held",
                        who.game()
                    )
                    .into());
                }
                Ok(prepared)
            })
            .await?;
        Ok(self.stored(db, &mover, prepared).await)
    }

    /// A move is stored: its replay goes to the cache, and bots whose turn it is now play at
    /// once (a bot mover loops itself).
    async fn stored(&self, db: &Db, mover: &Mover, prepared: Prepared) -> MoveOutcome {
        let auth = &prepared.auth;
        self.0.cache.put(&auth.game_id, prepared.after);
        tracing::info!(game.id = %auth.game_id, seat = auth.seat.number(), seq = prepared.outcome.seq, by = mover.author().name(), "move stored");
        if prepared.bot_next && !matches!(mover, Mover::Bot { .. }) {
            Box::pin(self.play_bots(db, &auth.game_id)).await;
        }
        prepared.outcome
    }

    /// Everything a move writes, built from one snapshot ([`Db::read`]) without the write
    /// lock: the seat checked, the actions read and checked by the game, the action rows and
    /// chain head, the mails to whoever decides next (or the game-over mails), and the state
    /// after. It only reads: a seat's person, which a mail's recipient would make when
    /// missing, exists since the seat was filled (creation, replacement, and the migration of
    /// older games).
    fn prepare(
        &self,
        conn: &mut Conn,
        mover: &Mover,
        expected_seq: i64,
        inputs: &[ActionInput],
        lang: &str,
    ) -> Result<Prepared, MoveError> {
        let now = self.now();
        let Table {
            row,
            seats,
            auth,
            sitters,
        } = self.table(conn, mover, inputs)?;
        let seat = auth.seat;
        // A player who resigned left the seat to the bot for good: their link plays no more
        // (nor votes: the table counts the players who remain).
        if matches!(mover, Mover::Link(_) | Mover::Server(_))
            && seats[seat.index()].control() == Control::Bot
        {
            return Err(MoveError::Resigned);
        }
        let kind = self.kind(&row.kind).map_err(anyhow::Error::from)?;
        let words = self.registry().catalogs().words(lang);
        let mut actions = inputs
            .iter()
            .map(|input| read_input(kind, input, &words))
            .collect::<Result<Vec<_>, _>>()?;
        if row.status() != GameStatus::Playing {
            return Err(MoveError::NotPlaying);
        }
        let before = self.current(conn, &row, &seats, seat, expected_seq)?;
        if actions
            .iter()
            .any(|action| before.answers_unseen_proposal(action, expected_seq))
        {
            return Err(MoveError::Stale {
                current_seq: before.seq as i64,
            });
        }
        if actions.is_empty() {
            actions.extend(server_choice(mover, &before, seat)?);
        }
        // Times never run backwards in a log, even if the server clock steps back.
        let at = before.last_at().map_or(now.0, |last| last.max(now.0));
        let Applied {
            after,
            rows,
            refused,
        } = {
            let names = names_of(&seats);
            let word = |error| Refusal::new(kind, error, &words, &names, seat);
            apply(&before, mover, seat, actions, at, &word)?
        };
        let mut deadlines = self.deadline_changes(conn, &row, &seats, Some(&before), &after, at)?;
        deadlines.shift_ms = pause_shift(&before, &after, at);
        let told = Told {
            row: &row,
            seats: &seats,
            mover,
            seat,
            before: &before,
            after: &after,
            now,
            sitters: &sitters,
        };
        let (mut mails, seen_by) = match after.game.is_over() {
            true => self.game_over_mails(conn, kind, &told)?,
            false => self.turn_mails(conn, kind, &told, &deadlines)?,
        };
        // A vote at the table that did not end the game: everyone else is told (a bot's
        // agreement for a seat nobody holds any more is on the page, not in a mail).
        if !after.game.is_over() && !matches!(mover, Mover::Bot { .. }) {
            let votes = after.steps[before.steps.len()..]
                .iter()
                .filter(|step| step.action.as_ref().is_some_and(is_vote))
                .count();
            if votes > 0 {
                mails.extend(self.vote_mails(conn, kind, &told)?);
            }
        }
        let (controls, notices) = self.control_changes(conn, &row, &seats, mover, seat, now)?;
        mails.extend(notices);
        let names = names_of(&seats);
        let cx = Ctx::new(words, &names, Viewer::Seat(seat));
        let over = after.game.is_over();
        let outcome = MoveOutcome {
            waiting: after.game.waiting_on(),
            seq: after.seq as i64,
            log_head: after.head_hex(),
            receipt: self.receipt_line(&auth.game_id, after.seq as i64, &after.head_hex()),
            game_over: over,
            happened: happened_since(kind, &after, before.seq as i64, &cx),
            refused,
        };
        Ok(Prepared {
            bot_next: bot_next(&after, &seats, &controls, at),
            write: NewMove {
                revision: row.revision,
                actions: rows,
                ended_at: over.then_some(now),
                no_result: after.game.table().and_then(|t| t.ended()) == Some(Ending::Cancelled),
                webhooks: self.webhooks_of_mails(conn, &mails, now)?,
                mails,
                seen_by,
                deadlines,
                controls,
                proposal: new_proposal(&before, &after, at),
                // The player acting from their own link (or by mail) is back.
                sitting_ended: (matches!(mover, Mover::Link(_) | Mover::Server(_))
                    && sitters.iter().any(|s| s.seat == seat.0 as i32))
                .then_some(seat.0 as i32),
            },
            outcome,
            after: Arc::new(after),
            auth,
        })
    }

    /// The move's game, its seats, and the seat the mover may play.
    pub(super) fn table(
        &self,
        conn: &mut Conn,
        mover: &Mover,
        inputs: &[ActionInput],
    ) -> Result<Table, MoveError> {
        let id = mover.game();
        let row = store::find_game(conn, id)?.ok_or(MoveError::NoSuchGame)?;
        // Read after the game row: a relink in between moves the revision on, and the
        // conditional write then sends the move back here.
        let seats = store::seats_of(conn, id)?;
        let sitters = store::sitters_of(conn, id.as_str())?;
        let auth = match mover {
            Mover::Link(link) => self
                .authorize_among(&seats, link)
                .ok_or(MoveError::BadLink)?,
            Mover::Sitter { game, seat, token } => self
                .sitter_of(&sitters, *seat, token, self.now())
                .filter(|s| s.accepted_at.is_some())
                .map(|_| SeatAuth::for_server(game.clone(), *seat))
                .ok_or(MoveError::BadLink)?,
            Mover::Server(auth) => auth.clone(),
            Mover::Clock { game, seat, .. } | Mover::Bot { game, seat } => {
                SeatAuth::for_server(game.clone(), *seat)
            }
        };
        if matches!(mover, Mover::Clock { .. }) && inputs.len() > 1 {
            return Err(anyhow!("the clock plays one action for one deadline").into());
        }
        Ok(Table {
            row,
            seats,
            auth,
            sitters,
        })
    }

    /// The game's replay as it stands, when the seat's view of it (`expected_seq`) is current.
    pub(super) fn current(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seats: &[SeatRow],
        seat: Seat,
        expected_seq: i64,
    ) -> Result<Arc<Replay>, MoveError> {
        let before = self
            .replay(conn, row, seats)?
            .ok_or(MoveError::NotPlaying)?;
        let current = before.seq as i64;
        if expected_seq > current || expected_seq < before.stamp(seat) as i64 {
            return Err(MoveError::Stale {
                current_seq: current,
            });
        }
        Ok(before)
    }

    /// The game-over mails, one to every seat that has an address, and the seats they tell.
    fn game_over_mails(
        &self,
        conn: &mut Conn,
        kind: &dyn Kind,
        told: &Told,
    ) -> Result<(Vec<OutboxRow>, Vec<i32>), MoveError> {
        let Told {
            row,
            seats,
            after,
            now,
            ..
        } = *told;
        let (id, seq) = (told.mover.game(), after.seq as i64);
        let mut mails = Vec::new();
        let mut seen_by = told.mover_saw();
        let recipients = self.seat_recipients(conn, row, seats, now)?;
        for (seat_row, to) in seats.iter().zip(&recipients) {
            let Some(to) = to else { continue };
            let mail = self.game_over(kind, row, seats, seat_row, to, after)?;
            mails.extend(
                self.letter(to, Class::Game, Some(id), "game_over", mail)
                    .map(|mut m| {
                        m.reply_to = Some(self.reply_to(seat_row, seq, None));
                        m.into_row(now)
                    }),
            );
            seen_by.push(seat_row.seat);
        }
        Ok((mails, seen_by))
    }

    /// The turn mails to the seats whose decision the move changed, and the seats they tell.
    fn turn_mails(
        &self,
        conn: &mut Conn,
        kind: &dyn Kind,
        told: &Told,
        deadlines: &DeadlineChanges,
    ) -> Result<(Vec<OutboxRow>, Vec<i32>), MoveError> {
        let Told {
            row,
            seats,
            mover,
            seat,
            before,
            after,
            now,
            sitters,
        } = *told;
        let (id, seq) = (told.mover.game(), after.seq as i64);
        let mut mails = Vec::new();
        let mut seen_by = told.mover_saw();
        // The table's talk, read only when a turn mail is written.
        let mut messages = None;
        // A player whose deadline the clock enforced is told when it must decide again;
        // one at the table is not, nor a bot's seat.
        let told_already = |next| next == seat && !matches!(mover, Mover::Clock { .. });
        for next in after.game.waiting_on() {
            if told_already(next) || before.game.decision(next) == after.game.decision(next) {
                continue;
            }
            let seat_row = &seats[next.index()];
            // A bot's seat is played at once; a digest reader or a muted game is told
            // later, from where it last heard.
            if seat_row.bot_plays() || !seat_row.has_person() {
                continue;
            }
            // While a sitter sits, the turn is theirs to hear of (with their own link), and
            // the player hears nothing until they are back.
            if let Some(sitter) = sitters
                .iter()
                .find(|s| s.seat == seat_row.seat && s.sits_at(now.0))
            {
                let mail = self.sitter_turn(conn, row, seats, sitter, now)?;
                mails.extend(mail.map(|m| m.into_row(now)));
                continue;
            }
            let to = &self.seat_recipient(conn, row, seat_row, now)?;
            if !to.wants(Class::Turn) {
                continue;
            }
            // A reply of this seat is being answered: the answer carries the decision
            // (`service/replies.rs`).
            if store::being_answered(conn, &row.id, seat_row.seat, now)? {
                continue;
            }
            let since = seat_row.last_seen_seq;
            let due = self.due_words(deadlines, next, to, now);
            // The table's talk since the seat last saw the game, others' messages only.
            let messages = match &mut messages {
                Some(rows) => rows,
                None => messages.insert(store::messages_of(conn, row)?),
            };
            let talk_lines = self.readable_talk(conn, messages, seats, Some(next))?;
            let fresh: Vec<&talk::TalkLine> = talk_lines
                .iter()
                .filter(|l| l.from_seat != next.number() && l.move_number >= since)
                .collect();
            let talk = talk::talk_words(&fresh, to.words);
            let mail = self.your_turn(kind, row, seats, seat_row, to, after, since, due, talk)?;
            mails.extend(
                self.letter(to, Class::Turn, Some(id), "your_turn", mail)
                    .map(|mut m| {
                        m.reply_to = Some(self.reply_to(seat_row, seq, None));
                        m.into_row(now)
                    }),
            );
            seen_by.push(seat_row.seat);
        }
        Ok((mails, seen_by))
    }

    /// A vote at the table, told to every other seat that has an address: who voted what,
    /// what is pending now and until when, and the seat's link to answer (or reply).
    fn vote_mails(
        &self,
        conn: &mut Conn,
        kind: &dyn Kind,
        told: &Told,
    ) -> Result<Vec<OutboxRow>, MoveError> {
        let Told {
            row,
            seats,
            seat,
            before,
            after,
            now,
            ..
        } = *told;
        let names = names_of(seats);
        let table = after.game.table();
        let pending = table.and_then(|t| t.pending_at(after.last_at().unwrap_or(now.0)));
        let mails = self.table_notices(conn, row, seats, now, "table_vote", |reader, to, cx| {
            // The voter knows.
            if reader == seat {
                return None;
            }
            let said: Vec<String> = after.steps[before.steps.len()..]
                .iter()
                .filter_map(|step| step.action.as_ref().filter(|a| is_vote(a)))
                .map(|action| {
                    to.words.two(
                        "record-step",
                        ("name", names.name(seat)),
                        ("action", kind.action_words(action, cx)),
                    )
                })
                .collect();
            let extra = pending.map(|open| {
                let zone = to.person.time_zone.parse().unwrap_or(chrono_tz::UTC);
                let due = crate::present::time::when(to.words, open.expires(), now.0, zone);
                to.words.one("mail-table-answer-by", "due", due)
            });
            Some(TableWords {
                subject_key: "mail-table-vote-subject",
                about: seat,
                text: said.join("\n"),
                extra,
                // A reply to it may vote ("agree", "aceito"): `service/replies.rs`.
                reply_at: Some(after.seq as i64),
            })
        })?;
        Ok(mails.into_iter().map(|m| m.into_row(now)).collect())
    }

    /// A notice about the votes at the table to every seat a person still holds (a bot's seat,
    /// or a resigned player's, has no say), in the words `say` gives each reader (`None`:
    /// nothing for them), with their seat's link and, when asked, their reply address.
    pub(super) fn table_notices(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seats: &[SeatRow],
        now: Millis,
        mail_kind: &'static str,
        say: impl Fn(Seat, &Recipient, &Ctx) -> Option<TableWords>,
    ) -> anyhow::Result<Vec<NewMail>> {
        let id = GameId::parse(&row.id)?;
        let names = names_of(seats);
        let recipients = self.seat_recipients(conn, row, seats, now)?;
        let mut mails = Vec::new();
        for (seat_row, to) in seats.iter().zip(&recipients) {
            let Some(to) = to else { continue };
            if seat_row.control() == Control::Bot {
                continue;
            }
            let reader = seat_of(seat_row);
            let cx = Ctx::new(to.words, &names, Viewer::Seat(reader));
            let Some(said) = say(reader, to, &cx) else {
                continue;
            };
            let mail = letters::SeatNotice {
                w: to.words,
                footer: self.footer(&to.person),
                to_name: seat_row.name.clone(),
                game_title: self.name_of(row, seats, to.words),
                subject_key: said.subject_key.into(),
                about: names.name(said.about),
                you: reader == said.about,
                text: said.text,
                extra: said.extra,
                seat_url: self.links().seat_url(&id, reader, seat_row.link_version),
            }
            .render()?;
            if let Some(mut mail) = self.letter(to, Class::Game, Some(&id), mail_kind, mail) {
                mail.reply_to = said.reply_at.map(|seq| self.reply_to(seat_row, seq, None));
                mails.push(mail);
            }
        }
        Ok(mails)
    }

    /// The game-over mail for one seat: the result and standings, what happened since the seat
    /// last acted, links to the replay and the record, and the game's secret, so anyone can
    /// now verify the deal.
    fn game_over(
        &self,
        kind: &dyn Kind,
        row: &GameRow,
        seats: &[SeatRow],
        seat_row: &SeatRow,
        to: &Recipient,
        after: &Replay,
    ) -> anyhow::Result<letters::Rendered> {
        let id = GameId::parse(&row.id)?;
        let outcome = after
            .game
            .outcome()
            .ok_or_else(|| anyhow!("an over game has no outcome"))?;
        let seat = seat_of(seat_row);
        let names = names_of(seats);
        let words = to.words;
        let cx = Ctx::new(words, &names, Viewer::Seat(seat));
        let reviewer = after.game.view(Viewer::Reviewer);
        let head = after.head_hex();
        Ok(letters::GameOver {
            w: words,
            footer: self.footer(&to.person),
            to_name: seat_row.name.clone(),
            game_title: self.name_of(row, seats, words),
            game_id: id.to_string(),
            result: kind.outcome_words(&outcome, &cx),
            standings: after
                .game
                .standings()
                .iter()
                .map(|s| kind.standing_words(&reviewer, s, &cx))
                .collect(),
            happened: mail_happened(kind, after, seat_row.last_seen_seq, &cx),
            game_url: self.0.links.game_url(&id),
            replay_url: self.links().url(&format!("/games/{id}/replay/0")),
            record_url: self.links().url(&format!("/games/{id}/record.json")),
            seq: after.seq as i64,
            log_head_short: short(&head),
            signed_receipt: self.receipt_line(&id, after.seq as i64, &head),
            log_head: head,
            secret: row.secret.clone(),
            commitment: row.commitment.clone(),
        }
        .render()?)
    }
}

/// The game and seat a move is for, as read at the start of its snapshot.
pub(super) struct Table {
    pub(super) row: GameRow,
    pub(super) seats: Vec<SeatRow>,
    pub(super) auth: SeatAuth,
    /// The seats' sitters (named, sitting or past their date).
    pub(super) sitters: Vec<store::SitterRow>,
}

/// The actions applied: the state after, their log rows, and a script's refused action.
struct Applied {
    after: Replay,
    rows: Vec<ActionRow>,
    refused: Option<Refused>,
}

/// What the mails of a move are written from.
/// What a notice about the table says to one reader ([`Games::table_notices`]).
pub(super) struct TableWords {
    pub subject_key: &'static str,
    /// The seat it is about (the reader's own: it says "you").
    pub about: Seat,
    pub text: String,
    /// A line for this reader alone.
    pub extra: Option<String>,
    /// The move number a reply to it answers, when a reply may vote.
    pub reply_at: Option<i64>,
}

#[derive(Clone, Copy)]
struct Told<'a> {
    row: &'a GameRow,
    seats: &'a [SeatRow],
    mover: &'a Mover,
    seat: Seat,
    before: &'a Replay,
    after: &'a Replay,
    now: Millis,
    sitters: &'a [store::SitterRow],
}

impl Told<'_> {
    /// The mover has seen what it did, unless the clock or a bot did it for the seat.
    fn mover_saw(&self) -> Vec<i32> {
        match self.mover.author() {
            Author::Seat => vec![self.seat.0 as i32],
            _ => Vec::new(),
        }
    }
}

/// Without an action, the clock plays the game's default and a bot its choice; a seat
/// must send one.
fn server_choice(mover: &Mover, before: &Replay, seat: Seat) -> Result<Option<Action>, MoveError> {
    let chosen = match mover {
        Mover::Clock { .. } => before.game.default_action(seat),
        Mover::Bot { .. } => before.game.bot_action(seat, &mut bot_rng()),
        Mover::Link(_) | Mover::Server(_) | Mover::Sitter { .. } => None,
    };
    if chosen.is_none() && mover.author() != Author::Seat {
        return Err(MoveError::NothingToDecide);
    }
    Ok(chosen)
}

/// Apply the actions one after the other on a copy of `before`, each through the checked
/// path: the first refused one fails the move, a later one ends the script there.
fn apply(
    before: &Replay,
    mover: &Mover,
    seat: Seat,
    actions: Vec<Action>,
    at: i64,
    word: &dyn Fn(RuleError) -> Refusal,
) -> Result<Applied, MoveError> {
    let (id, author) = (mover.game(), mover.author());
    let mut after = before.clone();
    let mut rows = Vec::new();
    let mut refused = None;
    for (index, action) in actions.into_iter().enumerate() {
        let json = action.json().get().to_owned();
        match after.apply(seat, action, at, author) {
            Ok(_) => {}
            Err(Rejection::Rule(error)) if index > 0 => {
                let said = word(error);
                refused = Some(Refused {
                    index,
                    error: said.rule,
                    to_anyone: said.to_anyone,
                });
                break;
            }
            Err(rejection) => return Err(rejected(rejection, word)),
        }
        let (seq, hash) = (after.seq as i64, after.head_hex());
        rows.push(action_row(id, seq, seat, json, at, author, hash));
        if after.game.is_over() {
            break;
        }
    }
    Ok(Applied {
        after,
        rows,
        refused,
    })
}

/// The first seat a proposal at the table waits on at `at` that no player holds any more (a
/// bot's from the creation, or one whose player resigned). A draw, a cancel or a pause is
/// for "every remaining player" to agree: such a seat's bot agrees, in the log like any
/// bot's entry, so that the players who remain decide (and the record shows how).
pub(super) fn bot_to_agree(replay: &Replay, seats: &[SeatRow], at: i64) -> Option<Seat> {
    let open = replay.game.table()?.pending_at(at)?;
    open.awaiting(seats.len() as u8)
        .into_iter()
        .find(|seat| seats[seat.index()].control() == Control::Bot)
}

/// The proposal at the table a move made, if it waits for answers: its entry's seq and when
/// it lapses (kept so that everyone hears when it does).
fn new_proposal(before: &Replay, after: &Replay, at: i64) -> Option<(i64, i64)> {
    let open = after.game.table()?.pending_at(at)?;
    let step = after.steps[before.steps.len()..].iter().find(|step| {
        step.action
            .as_ref()
            .and_then(|a| a.downcast::<TableAction>())
            .is_some_and(|t| matches!(t.table, crate::kinds::table::Vote::Propose(_)))
    })?;
    Some((step.seq as i64, open.expires()))
}

/// Whether an action is a vote at the table (`kinds::table`).
pub(super) fn is_vote(action: &Action) -> bool {
    action.downcast::<TableAction>().is_some()
}

/// How far a move moves the game's running deadlines: a pause the table agreed at `at`
/// pushes them back by its length, so each keeps the time it had left; a pause resumed
/// early takes back the part not used.
fn pause_shift(before: &Replay, after: &Replay, at: i64) -> i64 {
    let pause = |replay: &Replay| replay.game.table().and_then(|t| t.paused_at(at));
    match (pause(before), pause(after)) {
        (None, Some((from, until))) => until - from,
        (Some((_, until)), None) => -(until - at).max(0),
        _ => 0,
    }
}

/// Whether a bot plays a seat that decides next, once this move's control changes are stored.
fn bot_next(after: &Replay, seats: &[SeatRow], controls: &[(i32, Control, i32)], at: i64) -> bool {
    bot_to_agree(after, seats, at).is_some()
        || after.pending().iter().any(|p| {
            match controls.iter().find(|(seat, ..)| *seat == p.seat.0 as i32) {
                Some((_, control, _)) => *control != Control::Player,
                None => seats[p.seat.index()].bot_plays(),
            }
        })
}

/// What a move answers when the replay refuses its (first) action: a rule worded for the
/// seat and for anyone, with the game's names.
fn rejected(rejection: Rejection, word: &dyn Fn(RuleError) -> Refusal) -> MoveError {
    match rejection {
        Rejection::Rule(error) => MoveError::Illegal(word(error)),
        Rejection::NotTheDefault { .. } => MoveError::NotTheDefault,
        Rejection::BeforeDeadline { deadline, .. } => MoveError::BeforeDeadline {
            deadline: Millis(deadline),
        },
    }
}

/// Randomness for a bot's choice: a seed from `rand` (the operating system seeds it), never
/// replayed (the log keeps what the bot chose, and that is what replays).
fn bot_rng() -> rand_chacha::ChaCha20Rng {
    rand_chacha::ChaCha20Rng::from_seed(rand::random())
}

/// An action from what arrived, read by its game; when it is not one, why: the game's reader
/// says it for JSON (technical: the API shows it, a page shows its own words instead), the
/// game's presenter in `words` for its forms.
fn read_input(kind: &dyn Kind, input: &ActionInput, words: &Words) -> Result<Action, MoveError> {
    match input {
        ActionInput::Action(action) => Ok(action.clone()),
        ActionInput::Json(json) => kind.read_action(json).map_err(MoveError::Unreadable),
        ActionInput::Form(fields) => match kind.action_from_form(fields, words) {
            Some(parsed) => parsed.map_err(MoveError::Unreadable),
            None => Err(MoveError::Unreadable(words.get("move-unknown-action"))),
        },
    }
}
