//! Time that keeps games moving: a deadline for each step a seat owes decisions in (the game's
//! pace, pushed past declared absences), reminders, the clock acting at a deadline (one grace
//! extension per step, then the game's defaults until the step is done), missed deadlines and
//! absence, and bots playing their seats. Resignations and replacements are in `control.rs`.

use super::letters;
use super::post::{Class, Recipient};
use super::{names_of, seat_of, short, ActionInput, Games, MoveError, Mover};
use crate::audit::Replay;
use crate::domain::{Control, Millis};
use crate::domain::{GameId, GameStatus};
use crate::engine::{Seat, Viewer};
use crate::kinds::table::{TableAction, Vote};
use crate::present::Ctx;
use crate::store::{
    self, write_transaction, Conn, Db, DeadlineChanges, DeadlineRow, GameRow, SeatRow,
};
use anyhow::anyhow;
use chrono::{NaiveDate, TimeZone};
use std::str::FromStr;
use std::time::Duration;

/// How time treats players, from configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeRules {
    /// Deadlines a seat may miss before it is absent (its decisions then played by the bot).
    pub missed_deadlines: u32,
    /// The one extension a step's deadline gets at its first miss, in percent of the pace.
    pub grace_percent: u32,
    /// Days of declared absence a person may take in a calendar year.
    pub vacation_days: u32,
}

impl Default for TimeRules {
    fn default() -> TimeRules {
        TimeRules {
            missed_deadlines: 3,
            grace_percent: 25,
            vacation_days: 14,
        }
    }
}

pub(super) const HOUR_MS: i64 = 3600 * 1000;
const DAY_MS: i64 = 24 * HOUR_MS;

/// The deadline of a step that began at `started` with `pace_ms` of the person's time:
/// time inside their absences does not count, so the deadline moves past each absence that
/// begins before it.
pub fn due_after(started: i64, pace_ms: i64, absences: &[(i64, i64)]) -> i64 {
    let mut sorted = absences.to_vec();
    sorted.sort_unstable();
    let (mut at, mut left) = (started, pace_ms);
    for (from, to) in sorted {
        if to <= at {
            continue;
        }
        if from >= at + left {
            break;
        }
        left -= (from - at).max(0);
        at = to;
    }
    at + left
}

/// The first reminder of a deadline: when a quarter of the time is left.
pub fn first_reminder(started: i64, due: i64) -> Option<i64> {
    let at = due - (due - started) / 4;
    (at > started).then_some(at)
}

/// The reminder after one sent at `sent`: 24 hours before the deadline, if that is later.
pub fn next_reminder(sent: i64, due: i64) -> Option<i64> {
    let at = due - DAY_MS;
    (at > sent).then_some(at)
}

service_error!(TimeError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("the game is not being played")]
    NotPlaying,
    #[error("only the game's creator may do this")]
    NotCreator,
    #[error("that seat is not one a replacement can take")]
    NotReplaceable,
    #[error("that address may not be invited")]
    Refused(super::CreateProblem),
    #[error("too many invitations: {0:?}")]
    Limited(super::limits::Limited),
});

/// A seat's new control and missed count: (seat, control, missed).
pub type SeatControl = (i32, Control, i32);

/// What is wrong with a declared absence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AbsenceProblem {
    /// Not two dates, the end before the start, or a start in the past.
    Dates,
    /// More days this year than a person may take: how many are left.
    TooLong { left: u32 },
}

/// What pages show of time: each pending seat's deadline, who plays each seat, who is away.
#[derive(Clone, Debug, Default)]
pub struct TimeView {
    pub now: Millis,
    pub pace_hours: Option<i32>,
    /// (seat, since, due) for every seat a person must decide for.
    pub deadlines: Vec<(Seat, Millis, Millis)>,
    /// Seats a bot plays: (seat, control, resigned).
    pub bots: Vec<(Seat, Control, bool)>,
    /// Resigned seats their creator listed in the lobby for a stand-in.
    pub standins: Vec<Seat>,
    /// Seats whose person is away now: (seat, until).
    pub away: Vec<(Seat, Millis)>,
    /// Seats a sitter plays for their player now: (seat, the sitter's name, until).
    pub sat: Vec<(Seat, String, Millis)>,
    /// Sitters named and not accepted yet, their date not past: (seat, name, until). Only a
    /// seat's own page shows its one.
    pub named: Vec<(Seat, String, Millis)>,
    /// The time zone of the person whose page it is, if the page is a seat's.
    pub zone: Option<String>,
    /// Whether `zone` is only guessed from the reader's browser (the person has not told
    /// theirs yet): the page says so, and where to choose it.
    pub zone_guessed: bool,
    /// On a seat's page: the absences its person declared that have not ended yet.
    pub mine: Vec<Absence>,
}

/// An absence a person declared, as their own pages list it (with a way to withdraw it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Absence {
    pub id: String,
    pub starts: Millis,
    /// The start of the day after its last day.
    pub ends: Millis,
}

/// What one scheduler pass did with deadlines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeReport {
    pub reminders: usize,
    pub extensions: usize,
    pub clock_moves: usize,
    pub bot_moves: usize,
}

impl Games {
    pub fn time_rules(&self) -> &TimeRules {
        &self.0.time
    }

    /// What pages show of a game's time; `zone`: the time zone of the person whose page it is.
    pub fn time_view(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seats: &[SeatRow],
        zone: Option<String>,
    ) -> diesel::QueryResult<TimeView> {
        let mut view = TimeView {
            zone,
            ..self.deadlines_view(conn, row, seats)?
        };
        let now = view.now;
        // Everyone's absences now, in one query.
        let people: Vec<&str> = seats
            .iter()
            .filter(|s| s.has_person())
            .map(|s| s.email.as_str())
            .collect();
        let absences = store::absences_of_between(conn, &people, now, Millis(now.0 + 1))?;
        view.standins = store::standins_of(conn, &row.game_id())?
            .into_iter()
            .map(|seat| Seat(seat as u8))
            .collect();
        for sitter in store::sitters_of(conn, &row.id)? {
            let seat = Seat(sitter.seat as u8);
            if sitter.sits_at(now.0) {
                view.sat.push((seat, sitter.name, Millis(sitter.until_at)));
            } else if sitter.accepted_at.is_none() && now.0 < sitter.until_at {
                view.named
                    .push((seat, sitter.name, Millis(sitter.until_at)));
            }
        }
        for seat_row in seats {
            let seat = seat_of(seat_row);
            if seat_row.bot_plays() {
                view.bots
                    .push((seat, seat_row.control(), seat_row.resigned_at.is_some()));
            }
            if seat_row.has_person() {
                let key = store::address_key(&seat_row.email);
                let until = absences
                    .iter()
                    .filter(|a| a.address == key)
                    .map(|a| a.ends_at)
                    .max();
                if let Some(until) = until {
                    view.away.push((seat, Millis(until)));
                }
            }
        }
        Ok(view)
    }

    /// [`Games::time_view`] with only the deadlines: none without a pace (only bots' seats
    /// have deadlines then, and they are not shown).
    pub fn deadlines_view(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seats: &[SeatRow],
    ) -> diesel::QueryResult<TimeView> {
        let mut view = TimeView {
            now: self.now(),
            pace_hours: row.hours_per_decision,
            ..TimeView::default()
        };
        if row.hours_per_decision.is_none() {
            return Ok(view);
        }
        let id = GameId::parse(&row.id).map_err(|_| diesel::result::Error::NotFound)?;
        for deadline in store::deadlines_of(conn, &id)? {
            let seat = Seat(deadline.seat as u8);
            if seats.get(seat.index()).is_some_and(|s| !s.bot_plays()) {
                view.deadlines
                    .push((seat, Millis(deadline.started_at), Millis(deadline.due_at)));
            }
        }
        Ok(view)
    }

    /// The deadline changes a move makes. A deadline belongs to the step a seat is in
    /// (`Rules::step`, `Replay::step_start`), not to its last action: a seat that begins to
    /// owe a decision, or whose step changes while it owes one, gets a new deadline (`at` plus
    /// the pace, pushed past its person's absences; a bot's seat is due at once); a seat that
    /// acts inside its step (a War turn's placements, attacks and moves; revised written
    /// orders) keeps the one it has; a seat that no longer decides loses its own. For a game
    /// that names no steps each decision is its own step, so every decision gets a deadline.
    pub(crate) fn deadline_changes(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seats: &[SeatRow],
        before: Option<&Replay>,
        after: &Replay,
        at: i64,
    ) -> diesel::QueryResult<DeadlineChanges> {
        let mut changes = DeadlineChanges::default();
        let pending = |replay: &Replay, seat: Seat| replay.pending().iter().any(|p| p.seat == seat);
        for seat_row in seats {
            let seat = seat_of(seat_row);
            let was = before.is_some_and(|b| pending(b, seat));
            let is = !after.game.is_over() && pending(after, seat);
            let new_step = before.is_some_and(|b| b.step_start(seat) != after.step_start(seat));
            // A seat that stops owing inside a step the game names (a power that said READY)
            // keeps the step's deadline: if it owes again before the step resolves (it revises
            // its orders), the deadline is the one it had.
            let same_named_step = after.game.step(seat).is_some() && before.is_some() && !new_step;
            if !is {
                if (was && !same_named_step) || after.game.is_over() {
                    changes.cleared.push(seat_row.seat);
                }
                continue;
            }
            let began = if was {
                new_step
            } else if same_named_step {
                let id = GameId::parse(&row.id).map_err(|_| diesel::result::Error::NotFound)?;
                !store::deadlines_of(conn, &id)?.iter().any(|d| {
                    d.seat == seat_row.seat && d.since_seq >= after.step_start(seat) as i64
                })
            } else {
                true
            };
            if !began {
                continue;
            }
            let (due_at, remind_at) = if seat_row.bot_plays() {
                (at, None)
            } else {
                let Some(hours) = row.hours_per_decision else {
                    continue;
                };
                let pace = i64::from(hours) * HOUR_MS;
                let away: Vec<(i64, i64)> = store::absences_of(conn, &seat_row.email, Millis(at))?
                    .iter()
                    .map(|a| (a.starts_at, a.ends_at))
                    .collect();
                // A step that begins while the table paused the clock starts when it resumes.
                let paused = after.game.table().and_then(|t| t.paused_at(at));
                let from = paused.map_or(at, |(_, until)| until);
                let due = due_after(from, pace, &away);
                (due, first_reminder(from, due))
            };
            changes.set.push(DeadlineRow {
                game_id: row.id.clone(),
                seat: seat_row.seat,
                // The step's start, or later when the seat began to owe inside its step.
                since_seq: after.seq as i64,
                started_at: at,
                due_at,
                remind_at,
                extended: false,
                claimed_until: None,
            });
        }
        Ok(changes)
    }

    /// What a move changes in who plays its seat: the clock's move counts a missed deadline
    /// (the budget spent, the seat is absent); a player acting from their link takes an absent
    /// seat back. With the mails that tell everyone.
    pub(crate) fn control_changes(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seats: &[SeatRow],
        mover: &Mover,
        seat: Seat,
        now: Millis,
    ) -> anyhow::Result<(Vec<SeatControl>, Vec<store::OutboxRow>)> {
        let seat_row = &seats[seat.index()];
        let (change, notice) = match mover {
            // One missed deadline per step: the clock's later entries in the same step (the
            // rest of a War turn) enforce the deadline already missed.
            Mover::Clock { .. }
                if seat_row.control() == Control::Player
                    && !self.clock_played_this_step(conn, row, seats, seat)? =>
            {
                let missed = seat_row.missed + 1;
                if missed as u32 >= self.0.time.missed_deadlines {
                    ((seat_row.seat, Control::Absent, missed), Some("absent"))
                } else {
                    ((seat_row.seat, Control::Player, missed), None)
                }
            }
            Mover::Link(_) if seat_row.control() == Control::Absent => {
                ((seat_row.seat, Control::Player, 0), Some("returned"))
            }
            _ => return Ok((Vec::new(), Vec::new())),
        };
        let mut mails = Vec::new();
        if let Some(kind) = notice {
            let id = GameId::parse(&row.id)?;
            let recipients = self.seat_recipients(conn, row, seats, now)?;
            for (other, to) in seats.iter().zip(&recipients) {
                let Some(to) = to else { continue };
                let mail = self.seat_notice(row, seats, other, to, kind, seat, None)?;
                mails.extend(
                    self.letter(to, Class::Game, Some(&id), kind_name(kind), mail)
                        .map(|m| m.into_row(now)),
                );
            }
        }
        Ok((vec![change], mails))
    }

    /// Whether the clock already played for `seat` in the step it is in (the game as it
    /// stands before the move: the replay of the move's own snapshot, from the cache).
    fn clock_played_this_step(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        seats: &[SeatRow],
        seat: Seat,
    ) -> anyhow::Result<bool> {
        let Some(replay) = self.replay(conn, row, seats)? else {
            return Ok(false);
        };
        let start = replay.step_start(seat);
        Ok(replay
            .steps
            .iter()
            .rev()
            .take_while(|s| s.seq > start)
            .any(|s| {
                s.seat == Some(seat) && matches!(s.author, Some(crate::audit::Author::Clock { .. }))
            }))
    }

    /// A mail about one seat to everyone (`absent`, `returned`, `resigned`, `replaced`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn seat_notice(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        to_seat: &SeatRow,
        to: &Recipient,
        kind: &str,
        about: Seat,
        extra: Option<String>,
    ) -> anyhow::Result<letters::Rendered> {
        let id = GameId::parse(&row.id)?;
        let names = names_of(seats);
        let words = to.words;
        let cx = Ctx::new(words, &names, Viewer::Seat(seat_of(to_seat)));
        let _ = &cx;
        let you = seat_of(to_seat) == about;
        let text = words.three(
            &format!("mail-seat-{kind}"),
            ("name", names.name(about)),
            ("missed", self.0.time.missed_deadlines),
            ("you", letters::you(you)),
        );
        Ok(letters::SeatNotice {
            w: words,
            footer: self.footer(&to.person),
            to_name: to_seat.name.clone(),
            game_title: self.name_of(row, seats, words),
            subject_key: format!("mail-seat-{kind}-subject"),
            about: names.name(about),
            you,
            text,
            extra,
            seat_url: self
                .links()
                .seat_url(&id, seat_of(to_seat), to_seat.link_version),
        }
        .render()?)
    }

    /// One scheduler pass over deadlines due by the service's clock: reminders, grace
    /// extensions, the clock's moves, bots' moves. Each row is claimed first, so two
    /// schedulers never act on one; a move raced by another process is `Stale` and dropped.
    pub async fn run_deadlines(&self, db: &Db) -> anyhow::Result<TimeReport> {
        let now = self.now();
        let rows = db
            .run(move |conn| store::claim_due_deadlines(conn, now, Duration::from_secs(60), 50))
            .await??;
        let mut report = TimeReport::default();
        for row in rows {
            if let Err(error) = self.deadline_due(db, &row, now, &mut report).await {
                tracing::error!(game.id = %row.game_id, seat = row.seat + 1, error = format!("{error:#}"), "a deadline could not be handled");
                let row = row.clone();
                let _ = db
                    .run(move |conn| store::release_deadline(conn, &row))
                    .await;
            }
        }
        Ok(report)
    }

    async fn deadline_due(
        &self,
        db: &Db,
        row: &DeadlineRow,
        now: Millis,
        report: &mut TimeReport,
    ) -> anyhow::Result<()> {
        let id = GameId::parse(&row.game_id)?;
        let seat = Seat(u8::try_from(row.seat)?);
        let games = self.clone();
        let (game_row, seats, replay) = db
            .run({
                let id = id.clone();
                move |conn| -> anyhow::Result<_> {
                    let game_row = store::find_game(conn, &id)?.ok_or_else(|| anyhow!("gone"))?;
                    let seats = store::seats_of(conn, &id)?;
                    let replay = games.replay(conn, &game_row, &seats)?;
                    Ok((game_row, seats, replay))
                }
            })
            .await??;
        // A deadline of a step that is no longer the seat's, or of a seat that owes nothing
        // now: forget it. A row set inside the seat's current step is that step's (rows
        // stored before deadlines followed steps too).
        let current = replay.as_ref().filter(|r| {
            game_row.status() == GameStatus::Playing && in_step(r, seat, row.since_seq)
        });
        let Some(replay) = current else {
            let row = row.clone();
            db.run(move |conn| store::drop_deadline(conn, &row.game_id, row.seat))
                .await??;
            return Ok(());
        };
        let seat_row = &seats[seat.index()];
        if seat_row.bot_plays() {
            report.bot_moves += self.play_bots(db, &id).await;
            return Ok(());
        }
        if row.due_at > now.0 {
            self.remind(db, row, &game_row, &seats, replay, now).await?;
            report.reminders += 1;
            return Ok(());
        }
        let pace = i64::from(game_row.hours_per_decision.unwrap_or(0)) * HOUR_MS;
        let grace = pace * i64::from(self.0.time.grace_percent) / 100;
        if !row.extended && grace > 0 {
            self.extend(db, row, &game_row, &seats, replay, row.due_at + grace, now)
                .await?;
            report.extensions += 1;
            return Ok(());
        }
        report.clock_moves += self.clock_plays_the_step(db, row, seat, replay.seq).await?;
        report.bot_moves += self.play_bots(db, &id).await;
        Ok(())
    }

    /// The clock at a deadline: the game's default for the seat, again and again, until the
    /// seat owes nothing more in the deadline's step (a War turn's placements, combat and
    /// moves: one entry each), each a move of its own (`Mover::Clock` with the same deadline,
    /// its own transaction). It stops when the step ends, when the player or another scheduler
    /// was first (`Stale`), or when a bot took the seat (the missed deadline made it absent:
    /// the bot plays the rest). How many moves it made.
    async fn clock_plays_the_step(
        &self,
        db: &Db,
        row: &DeadlineRow,
        seat: Seat,
        mut seq: u64,
    ) -> anyhow::Result<usize> {
        let id = GameId::parse(&row.game_id)?;
        let mover = Mover::Clock {
            game: id.clone(),
            seat,
            deadline: Millis(row.due_at),
        };
        // A step has a handful of decisions; the bound only keeps a faulty game from looping.
        let mut moves = 0;
        for _ in 0..1_000 {
            match self
                .make_move(db, mover.clone(), seq as i64, Vec::new(), "en")
                .await
            {
                Ok(_) => moves += 1,
                // Another scheduler, or the player, was first.
                Err(MoveError::Stale { .. }) | Err(MoveError::NotPlaying) => break,
                Err(error) => return Err(anyhow!("the clock's move: {error}")),
            }
            let games = self.clone();
            let (id, since) = (id.clone(), row.since_seq);
            let next = db
                .run(move |conn| -> anyhow::Result<Option<u64>> {
                    let Some(game_row) = store::find_game(conn, &id)? else {
                        return Ok(None);
                    };
                    let seats = store::seats_of(conn, &id)?;
                    let Some(replay) = games.replay(conn, &game_row, &seats)? else {
                        return Ok(None);
                    };
                    let clocked = game_row.status() == GameStatus::Playing
                        && !seats[seat.index()].bot_plays()
                        && in_step(&replay, seat, since);
                    Ok(clocked.then_some(replay.seq))
                })
                .await??;
            match next {
                Some(next) => seq = next,
                None => break,
            }
        }
        Ok(moves)
    }

    /// The reminder of a deadline, by mail; the next one set.
    async fn remind(
        &self,
        db: &Db,
        row: &DeadlineRow,
        game_row: &GameRow,
        seats: &[SeatRow],
        replay: &Replay,
        now: Millis,
    ) -> anyhow::Result<()> {
        let games = self.clone();
        let (row, game_row, seats, replay) = (
            row.clone(),
            game_row.clone(),
            seats.to_vec(),
            replay.clone(),
        );
        db.run(move |conn| {
            write_transaction(conn, |conn| -> anyhow::Result<()> {
                let next = next_reminder(now.0, row.due_at);
                if store::update_deadline(conn, &row, row.due_at, next, row.extended)? {
                    games.deadline_mail(conn, &game_row, &seats, &replay, &row, "reminder", now)?;
                }
                Ok(())
            })
        })
        .await?
    }

    /// The first miss of a step's deadline: one grace extension, and a warning.
    #[allow(clippy::too_many_arguments)]
    async fn extend(
        &self,
        db: &Db,
        row: &DeadlineRow,
        game_row: &GameRow,
        seats: &[SeatRow],
        replay: &Replay,
        due: i64,
        now: Millis,
    ) -> anyhow::Result<()> {
        let games = self.clone();
        let (row, game_row, seats, replay) = (
            row.clone(),
            game_row.clone(),
            seats.to_vec(),
            replay.clone(),
        );
        db.run(move |conn| {
            write_transaction(conn, |conn| -> anyhow::Result<()> {
                if store::update_deadline(conn, &row, due, None, true)? {
                    let extended = DeadlineRow {
                        due_at: due,
                        extended: true,
                        ..row.clone()
                    };
                    games.deadline_mail(
                        conn, &game_row, &seats, &replay, &extended, "overdue", now,
                    )?;
                }
                Ok(())
            })
        })
        .await?
    }

    /// A reminder or a grace warning to the seat of a deadline (in every mail mode: a deadline
    /// is what every mode is told; not for a muted game).
    #[allow(clippy::too_many_arguments)]
    fn deadline_mail(
        &self,
        conn: &mut Conn,
        game_row: &GameRow,
        seats: &[SeatRow],
        replay: &Replay,
        row: &DeadlineRow,
        kind: &'static str,
        now: Millis,
    ) -> anyhow::Result<()> {
        let id = GameId::parse(&game_row.id)?;
        let seat_row = &seats[row.seat as usize];
        if !seat_row.has_person() {
            return Ok(());
        }
        let sitters = store::sitters_of(conn, &game_row.id)?;
        if let Some(sitter) = sitters
            .iter()
            .find(|s| s.seat == row.seat && s.sits_at(now.0))
        {
            return self.sitter_deadline(conn, game_row, seats, sitter, row.due_at, kind, now);
        }
        let seat = seat_of(seat_row);
        let to = self.seat_recipient(conn, game_row, seat_row, now)?;
        let game_kind = self.kind(&game_row.kind)?;
        let names = names_of(seats);
        let cx = Ctx::new(to.words, &names, Viewer::Seat(seat));
        let decision = replay
            .game
            .decision(seat)
            .ok_or_else(|| anyhow!("seat {} owes no decision", seat.number()))?;
        let zone = chrono_tz::Tz::from_str(&to.person.time_zone).unwrap_or(chrono_tz::UTC);
        let head = replay.head_hex();
        let mail = letters::Deadline {
            w: to.words,
            footer: self.footer(&to.person),
            to_name: seat_row.name.clone(),
            game_title: self.name_of(game_row, seats, to.words),
            kind: kind.to_owned(),
            prompt: game_kind.decision_words(&decision, &cx),
            due: crate::present::time::when(to.words, row.due_at, now.0, zone),
            part: game_kind.mail_part(&replay.game.view(Viewer::Seat(seat)), seat, &cx),
            seat_url: self.links().seat_url(&id, seat, seat_row.link_version),
            seq: replay.seq as i64,
            log_head_short: short(&head),
            signed_receipt: self.receipt_line(&id, replay.seq as i64, &head),
        }
        .render()?;
        if !to.muted {
            if let Some(mut mail) = self.letter(&to, Class::Asked, Some(&id), kind, mail) {
                mail.reply_to = Some(self.reply_to(seat_row, replay.seq as i64, None));
                store::enqueue(conn, mail, now)?;
            }
        }
        Ok(())
    }

    /// Play every pending bot seat of a game until the game waits on a person (or ends), and
    /// agree for the seats nobody holds any more to what the table proposes: after
    /// each move, after the acceptance that starts a game, and at the scheduler's passes.
    /// Safe to call from anywhere, any number of times: a move raced by another caller is
    /// `Stale` and skipped. How many moves the bots made.
    pub async fn play_bots(&self, db: &Db, game: &GameId) -> usize {
        let mut moves = 0;
        for _ in 0..10_000 {
            let games = self.clone();
            let id = game.clone();
            let next = db
                .run(
                    move |conn| -> anyhow::Result<Option<(Seat, i64, Vec<ActionInput>)>> {
                        let Some(row) = store::find_game(conn, &id)? else {
                            return Ok(None);
                        };
                        if row.status() != GameStatus::Playing {
                            return Ok(None);
                        }
                        let seats = store::seats_of(conn, &id)?;
                        let Some(replay) = games.replay(conn, &row, &seats)? else {
                            return Ok(None);
                        };
                        let seq = replay.seq as i64;
                        // A proposal waiting on a seat nobody holds any more is answered first.
                        let at = games.now().0.max(replay.last_at().unwrap_or(0));
                        if let Some(seat) = super::moves::bot_to_agree(&replay, &seats, at) {
                            let agree = TableAction::new(Vote::Agree).action();
                            return Ok(Some((seat, seq, vec![ActionInput::Action(agree)])));
                        }
                        Ok(replay
                            .pending()
                            .iter()
                            .find(|p| seats[p.seat.index()].bot_plays())
                            .map(|p| (p.seat, seq, Vec::new())))
                    },
                )
                .await;
            let Ok(Ok(Some((seat, seq, actions)))) = next else {
                return moves;
            };
            let mover = Mover::Bot {
                game: game.clone(),
                seat,
            };
            match self.make_move(db, mover, seq, actions, "en").await {
                Ok(_) => moves += 1,
                Err(MoveError::Stale { .. }) => {}
                Err(error) => {
                    tracing::error!(game.id = %game, seat = seat.number(), %error, "a bot could not move");
                    return moves;
                }
            }
        }
        moves
    }

    /// The absences `address` declared that have not ended, earliest first.
    pub fn absences_listed(
        &self,
        conn: &mut Conn,
        address: &str,
    ) -> diesel::QueryResult<Vec<Absence>> {
        Ok(store::absences_of(conn, address, self.now())?
            .into_iter()
            .map(|a| Absence {
                id: a.id,
                starts: Millis(a.starts_at),
                ends: Millis(a.ends_at),
            })
            .collect())
    }

    /// A person withdraws an absence they declared (`false`: they have no such absence): their
    /// running deadlines are worked out again without it (a deadline that had its grace keeps
    /// it as it is).
    pub fn withdraw_absence(
        &self,
        conn: &mut Conn,
        person: &store::AddressRow,
        id: &str,
    ) -> anyhow::Result<bool> {
        write_transaction(conn, |conn| -> anyhow::Result<bool> {
            if store::delete_absence(conn, &person.address, id)? == 0 {
                return Ok(false);
            }
            let left: Vec<(i64, i64)> = store::absences_of(conn, &person.address, Millis(0))?
                .iter()
                .map(|a| (a.starts_at, a.ends_at))
                .collect();
            let seats: Vec<(String, i32)> = store::seats_of_address(conn, &person.address)?
                .into_iter()
                .map(|s| (s.game_id, s.seat))
                .collect();
            for row in store::deadlines_of_seats(conn, &seats)? {
                if row.extended {
                    continue;
                }
                let game = store::find_game(conn, &GameId::parse(&row.game_id)?)?;
                let Some(hours) = game.and_then(|g| g.hours_per_decision) else {
                    continue;
                };
                let due = due_after(row.started_at, i64::from(hours) * HOUR_MS, &left);
                if due != row.due_at {
                    let remind = row
                        .remind_at
                        .and_then(|_| first_reminder(row.started_at, due));
                    store::update_deadline(conn, &row, due, remind, row.extended)?;
                }
            }
            Ok(true)
        })
    }

    /// A person declares an absence from `from` to `to` (whole days in their zone): their
    /// deadlines in every game are pushed past it. At most [`TimeRules::vacation_days`] a
    /// calendar year.
    pub fn declare_absence(
        &self,
        conn: &mut Conn,
        person: &store::AddressRow,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Result<(), AbsenceProblem>, anyhow::Error> {
        let now = self.now();
        let zone = chrono_tz::Tz::from_str(&person.time_zone).unwrap_or(chrono_tz::UTC);
        let today = now.to_utc().with_timezone(&zone).date_naive();
        if to < from || from < today {
            return Ok(Err(AbsenceProblem::Dates));
        }
        let start_of = |day: NaiveDate| -> Millis {
            let local = day.and_hms_opt(0, 0, 0).expect("midnight");
            Millis(
                zone.from_local_datetime(&local)
                    .earliest()
                    .map_or(0, |t| t.timestamp_millis()),
            )
        };
        let (starts, ends) = (start_of(from), start_of(to.succ_opt().unwrap_or(to)));
        let year = chrono::Datelike::year(&from);
        let year_start = start_of(NaiveDate::from_ymd_opt(year, 1, 1).expect("a date"));
        let year_end = start_of(NaiveDate::from_ymd_opt(year + 1, 1, 1).expect("a date"));
        write_transaction(conn, |conn| -> anyhow::Result<Result<(), AbsenceProblem>> {
            let taken: i64 = store::absences_between(conn, &person.address, year_start, year_end)?
                .iter()
                .map(|a| a.ends_at.min(year_end.0) - a.starts_at.max(year_start.0))
                .sum();
            let budget = i64::from(self.0.time.vacation_days) * DAY_MS;
            if taken + (ends.0 - starts.0) > budget {
                let left = ((budget - taken).max(0) / DAY_MS) as u32;
                return Ok(Err(AbsenceProblem::TooLong { left }));
            }
            store::insert_absence(
                conn,
                &store::AbsenceRow {
                    id: crate::domain::random_base32(16),
                    address: person.address.clone(),
                    starts_at: starts.0,
                    ends_at: ends.0,
                    created_at: now.0,
                },
            )?;
            // Every running deadline of this person's seats moves past the absence.
            let seats: Vec<(String, i32)> = store::seats_of_address(conn, &person.address)?
                .into_iter()
                .map(|s| (s.game_id, s.seat))
                .collect();
            for row in store::deadlines_of_seats(conn, &seats)? {
                let due = due_after(
                    row.started_at,
                    row.due_at - row.started_at,
                    &[(starts.0, ends.0)],
                );
                if due != row.due_at {
                    let remind = row
                        .remind_at
                        .and_then(|_| first_reminder(row.started_at, due));
                    store::update_deadline(conn, &row, due, remind, row.extended)?;
                }
            }
            Ok(Ok(()))
        })
    }
}

/// Whether `seat` owes a decision now in the step a deadline row set at `since_seq` belongs
/// to: the row was set at or after the start of the seat's current step.
fn in_step(replay: &Replay, seat: Seat, since_seq: i64) -> bool {
    replay.game.decision(seat).is_some() && since_seq >= replay.step_start(seat) as i64
}

/// The outbox kind of a seat notice.
pub(super) fn kind_name(kind: &str) -> &'static str {
    match kind {
        "absent" => "absent",
        "returned" => "returned",
        "resigned" => "resigned",
        "replacement" => "replacement",
        _ => "replaced",
    }
}
