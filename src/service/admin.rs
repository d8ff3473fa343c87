//! The operator's view from the shell: every game at a glance, one game in full (seats with
//! their addresses, pending decisions, last moves, mails), and putting a failed mail back.

use super::replay::{self, Setup};
use super::{names_of, seat_of, Games, LoadError, Loaded};
use crate::domain::{CancelledBy, Millis};
use crate::domain::{GameId, GameStatus};
use crate::engine::{Seat, Viewer};
use crate::present::Ctx;
use crate::store::{self, write_transaction, Conn, OutboxRow};

/// One game in the operator's list.
#[derive(Clone, Debug)]
pub struct GameLine {
    pub id: GameId,
    pub kind: String,
    pub status: GameStatus,
    pub cancelled_by: Option<CancelledBy>,
    /// The names of the seats the game waits on (to accept, or to decide).
    pub waiting_on: Vec<String>,
    /// Since when the game is as it is: its last move, its start, its creation or its end.
    pub since: Millis,
    /// Why the game could not be read, if it could not (an unknown kind, a broken log).
    pub problem: Option<String>,
}

/// One game in full, for `corriere game show`.
#[derive(Debug)]
pub struct GameDetail {
    pub line: GameLine,
    pub loaded: Option<Loaded>,
    pub seats: Vec<SeatLine>,
    /// Who must decide what, in words.
    pub pending: Vec<(String, String)>,
    /// The last moves as anyone may read them, newest first.
    pub last_moves: Vec<LastMove>,
    /// The game's queued and failed mails, oldest first.
    pub mails: Vec<OutboxRow>,
    /// What the scheduler will do for this game next: each pending deadline with its
    /// reminder, soonest first.
    pub deadlines: Vec<DeadlineLine>,
    /// The service's time when this was read (its clock, moved if `--clock-offset` moves it).
    pub now: Millis,
}

/// A pending decision's deadline as the scheduler will act on it.
#[derive(Clone, Debug)]
pub struct DeadlineLine {
    pub name: String,
    /// When the seat's decision is due (then the grace, or the default action).
    pub due_at: Millis,
    /// When the next reminder goes; `None`: no reminder left.
    pub remind_at: Option<Millis>,
    /// Whether the decision already had its one grace extension.
    pub extended: bool,
}

/// A seat as the operator sees it: with its address.
#[derive(Clone, Debug)]
pub struct SeatLine {
    pub seat: Seat,
    pub name: String,
    pub address: String,
    pub accepted: bool,
}

/// A move as a spectator reads it.
#[derive(Clone, Debug)]
pub struct LastMove {
    pub seq: i64,
    pub at: Option<Millis>,
    pub by: Option<String>,
    pub lines: Vec<String>,
}

/// How many moves `game show` lists.
pub const LAST_MOVES: usize = 10;

impl Games {
    /// Every game, newest first.
    pub fn game_lines(&self, conn: &mut Conn) -> anyhow::Result<Vec<GameLine>> {
        store::all_games(conn)?
            .into_iter()
            .map(|row| {
                let id = GameId::parse(&row.id)?;
                Ok(self.line(conn, &id, &row).0)
            })
            .collect()
    }

    /// One game in full.
    pub fn game_detail(&self, conn: &mut Conn, id: &GameId) -> Result<GameDetail, LoadError> {
        let row = store::find_game(conn, id)?.ok_or(LoadError::NoSuchGame)?;
        let (line, loaded) = self.line(conn, id, &row);
        let seat_rows = store::seats_of(conn, id)?;
        let seats = seat_rows
            .iter()
            .map(|s| SeatLine {
                seat: seat_of(s),
                name: s.name.clone(),
                address: s.email.clone(),
                accepted: s.accepted_at.is_some(),
            })
            .collect();
        let names = names_of(&seat_rows);
        let words = self.default_words();
        let cx = Ctx::new(words, &names, Viewer::Spectator);
        let (pending, last_moves) = match (&loaded, self.kind(&row.kind)) {
            (Some(loaded), Ok(kind)) => match &loaded.replay {
                Some(replay) => (
                    replay
                        .pending()
                        .iter()
                        .map(|p| (names.name(p.seat), kind.decision_words(&p.decision, &cx)))
                        .collect(),
                    replay
                        .steps
                        .iter()
                        .rev()
                        .filter(|step| step.seq > 0)
                        .take(LAST_MOVES)
                        .map(|step| LastMove {
                            seq: step.seq as i64,
                            at: step.at.map(Millis),
                            by: step.seat.map(|s| names.name(s)),
                            lines: kind.events_words(&step.events, &replay.sight(step.seq), &cx),
                        })
                        .collect(),
                ),
                None => (Vec::new(), Vec::new()),
            },
            _ => (Vec::new(), Vec::new()),
        };
        let mut deadlines: Vec<DeadlineLine> = store::deadlines_of(conn, id)?
            .into_iter()
            .map(|row| DeadlineLine {
                name: u8::try_from(row.seat)
                    .ok()
                    .map(|s| names.name(Seat(s)))
                    .unwrap_or_else(|| row.seat.to_string()),
                due_at: Millis(row.due_at),
                remind_at: row.remind_at.map(Millis),
                extended: row.extended,
            })
            .collect();
        deadlines.sort_by_key(|d| d.remind_at.unwrap_or(d.due_at).0.min(d.due_at.0));
        Ok(GameDetail {
            line,
            loaded,
            seats,
            pending,
            last_moves,
            mails: store::outbox_rows(conn, Some(id))?,
            deadlines,
            now: self.now(),
        })
    }

    /// A game's line, and the game replayed when it could be.
    fn line(
        &self,
        conn: &mut Conn,
        id: &GameId,
        row: &store::GameRow,
    ) -> (GameLine, Option<Loaded>) {
        let mut line = GameLine {
            id: id.clone(),
            kind: row.kind.clone(),
            status: row.status(),
            cancelled_by: row.cancelled_by.as_deref().and_then(CancelledBy::parse),
            waiting_on: Vec::new(),
            since: Millis(row.ended_at.unwrap_or(row.created_at)),
            problem: None,
        };
        let loaded = match self.load(conn, id) {
            Ok(loaded) => loaded,
            Err(error) => {
                line.problem = Some(error.to_string());
                return (line, None);
            }
        };
        let names = loaded.names();
        match (&loaded.replay, line.status) {
            (None, GameStatus::Inviting) => {
                line.waiting_on = loaded
                    .seats
                    .iter()
                    .filter(|s| !s.accepted)
                    .map(|s| s.name.clone())
                    .collect();
            }
            (Some(replay), GameStatus::Playing) => {
                line.waiting_on = replay
                    .pending()
                    .iter()
                    .map(|p| names.name(p.seat))
                    .collect();
                if let Some(at) = replay.steps.iter().rev().find_map(|s| s.at) {
                    line.since = Millis(at);
                }
            }
            _ => {}
        }
        (line, Some(loaded))
    }

    /// Put a queued or failed mail back in the queue, due now, and forget that its address was
    /// undeliverable (the operator fixed what was wrong). `None`: there is no such mail.
    pub fn retry_mail(
        &self,
        conn: &mut Conn,
        id: &str,
        now: Millis,
    ) -> anyhow::Result<Option<OutboxRow>> {
        write_transaction(conn, |conn| -> anyhow::Result<Option<OutboxRow>> {
            let Some(row) = store::outbox_row(conn, id)? else {
                return Ok(None);
            };
            store::retry_now(conn, id, now)?;
            store::clear_undeliverable(conn, &row.to_addr)?;
            Ok(store::outbox_row(conn, id)?)
        })
    }

    /// Give a seat back the name the game was created with, for a game stored before setup
    /// names were kept apart from who plays a seat: a replacement then rewrote the one name
    /// the log's genesis covers, and the log no longer replays. The name is taken only if the
    /// whole stored log replays with it, so this can mend a chain and never forge one.
    pub fn restore_setup_name(
        &self,
        conn: &mut Conn,
        game: &GameId,
        seat: Seat,
        name: &str,
    ) -> Result<(), RestoreError> {
        write_transaction(conn, |conn| -> Result<(), RestoreError> {
            let row = store::lock_game(conn, game)?.ok_or(RestoreError::NoSuchGame)?;
            let head = row.log_head.clone().ok_or(RestoreError::NotStarted)?;
            let mut seats = store::seats_of(conn, game)?;
            if log_replays(self, conn, &row, &seats, &head)? {
                return Err(RestoreError::AlreadySound);
            }
            let target = seats
                .iter_mut()
                .find(|s| seat_of(s) == seat)
                .ok_or(RestoreError::NoSuchSeat)?;
            target.setup_name = name.to_owned();
            if !log_replays(self, conn, &row, &seats, &head)? {
                return Err(RestoreError::DoesNotReplay);
            }
            store::set_setup_name(conn, game, seat.0 as i32, name)?;
            Ok(())
        })
    }
}

/// Whether a game's whole stored log replays, up to its head, from the setup in these rows.
fn log_replays(
    games: &Games,
    conn: &mut Conn,
    row: &store::GameRow,
    seats: &[store::SeatRow],
    head: &str,
) -> anyhow::Result<bool> {
    let kind = games.kind(&row.kind)?;
    let id = GameId::parse(&row.id)?;
    let rows = store::actions_from(conn, &id, 1)?;
    let replayed = Setup::from_rows(kind, row, seats)
        .and_then(|setup| setup.start(kind))
        .and_then(|mut replay| replay::catch_up(kind, &mut replay, &rows, head));
    Ok(replayed.unwrap_or(false))
}

/// Why a setup name was not restored.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("there is no such seat")]
    NoSuchSeat,
    #[error("the game never started: it has no log to mend")]
    NotStarted,
    #[error("the game's log already replays: nothing to restore")]
    AlreadySound,
    #[error("with that name the log still does not replay: it is not the name the game was created with")]
    DoesNotReplay,
    #[error(transparent)]
    Store(#[from] diesel::result::Error),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}
