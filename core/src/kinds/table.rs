//! Votes at the table, the same for every game: a draw, a concession, cancelling and pausing
//! the clock, proposed and answered in log entries of their own (`{"table":…}`), replayed here.
//!
//! A table entry is a chain entry like any other, by the seat that votes; its action JSON is
//! `{"table":<vote>}` (no game's action has a `table` key: theirs are `{"type":…}`). The
//! vote is `{"propose":<proposal>}`, `"agree"`, `"decline"` or `"resume"`; a proposal is
//! `"draw"`, `"cancel"`, `{"concede":<seat>}` or `{"pause":{"hours":<n>}}`. Every rule below
//! reads only the log (seats and the entries' times), so a verifier replays it exactly.
//!
//! - At most one proposal is pending. Its proposer agrees by proposing. It lapses
//!   [`EXPIRY_MS`] after it was made (an answer later than that is refused), or when anyone
//!   declines it (the proposer declining withdraws it).
//! - A draw, a cancel or a pause passes when every seat has agreed. A concession to seat S
//!   (the proposer gives up, S wins alone) passes when every seat but S has agreed: at a
//!   table of two, conceding ends the game at once.
//! - A draw ends the game with no winner, a cancel ends it as cancelled (no result), a
//!   concession ends it with S the only winner: that is then the game's outcome everywhere.
//! - A pause of n hours (1 to [`MAX_PAUSE_HOURS`]) stops the clock from the entry that passed
//!   it for n hours, or until any seat resumes; while it lasts the clock may not act.

use super::erased::{Action, Dyn, Events, Game, Outcome, Pending, RuleError, State, View};
use super::Json;
use crate::engine::{Seat, Standing, Viewer};
use crate::present::Ctx;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A proposal lapses this long after it was made: 72 hours.
pub const EXPIRY_MS: i64 = 72 * 3_600_000;

/// The longest pause, in hours (14 days): one limit for forms, the API and the replay.
pub const MAX_PAUSE_HOURS: u32 = 14 * 24;

/// What may be proposed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Proposal {
    Draw,
    Cancel,
    /// The proposer concedes: this seat wins alone.
    Concede(Seat),
    Pause {
        hours: u32,
    },
}

/// One vote at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Vote {
    Propose(Proposal),
    Agree,
    Decline,
    /// End a pause before its time.
    Resume,
}

/// A table entry's action: `{"table":<vote>}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableAction {
    pub table: Vote,
}

impl TableAction {
    pub fn new(vote: Vote) -> TableAction {
        TableAction { table: vote }
    }
    /// As an erased action (its JSON is the canonical one above).
    pub fn action(self) -> Action {
        fn to_json(value: &dyn Dyn) -> Json {
            Json::of(
                value
                    .as_any()
                    .downcast_ref::<TableAction>()
                    .expect("a vote"),
            )
        }
        Action {
            inner: Arc::new(self),
            json: std::sync::OnceLock::new(),
            to_json,
        }
    }
    /// A table action from JSON, when it is one (`None`: it is not a table entry at all).
    pub fn read(json: &str) -> Option<Result<TableAction, String>> {
        if !json.contains("\"table\"") {
            return None;
        }
        let value: serde_json::Value = serde_json::from_str(json).ok()?;
        value.get("table")?;
        Some(serde_json::from_value(value).map_err(|e| e.to_string()))
    }
}

/// How a vote ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    Draw,
    Cancelled,
    Conceded(Seat),
}

/// The game's outcome when a vote ended it: `{"table":"draw"}`, `{"table":"cancelled"}`,
/// `{"table":{"conceded":<seat>}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableOutcome {
    pub table: Ending,
}

impl TableOutcome {
    pub fn outcome(&self) -> Outcome {
        Outcome {
            json: Json::of(self),
            winners: match self.table {
                Ending::Conceded(seat) => vec![seat],
                Ending::Draw | Ending::Cancelled => Vec::new(),
            },
            inner: Arc::new(self.clone()),
        }
    }
    /// A table outcome from JSON, when it is one.
    pub fn read(json: &str) -> Option<Result<Outcome, String>> {
        if !json.contains("\"table\"") {
            return None;
        }
        let value: serde_json::Value = serde_json::from_str(json).ok()?;
        value.get("table")?;
        Some(
            serde_json::from_value::<TableOutcome>(value)
                .map(|o| o.outcome())
                .map_err(|e| e.to_string()),
        )
    }
}

/// Why a vote is refused. Nothing changes on a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("the game is over")]
    Over,
    #[error("a proposal is pending already")]
    Pending,
    #[error("nothing is proposed (or the proposal lapsed)")]
    NothingPending,
    #[error("this seat agreed already")]
    AgreedAlready,
    #[error("a seat cannot concede to itself, nor to a seat not at the table")]
    BadConcession,
    #[error("a pause lasts from 1 hour to 336 hours")]
    PauseLength,
    #[error("the clock is paused already")]
    PausedAlready,
    #[error("the clock is not paused")]
    NotPaused,
    #[error("the clock is paused")]
    ClockPaused,
    #[error("votes go through the log's replay")]
    NotHere,
}

impl TableError {
    pub fn code(self) -> &'static str {
        match self {
            TableError::Over => "table-over",
            TableError::Pending => "table-pending",
            TableError::NothingPending => "table-nothing-pending",
            TableError::AgreedAlready => "table-agreed-already",
            TableError::BadConcession => "table-bad-concession",
            TableError::PauseLength => "table-pause-length",
            TableError::PausedAlready => "table-paused-already",
            TableError::NotPaused => "table-not-paused",
            TableError::ClockPaused => "table-clock-paused",
            TableError::NotHere => "table-not-here",
        }
    }
    pub fn rule_error(self) -> RuleError {
        RuleError {
            game: "table",
            code: self.code(),
            description: self.to_string(),
            inner: Arc::new(self),
        }
    }
    /// The refusal in the reader's words.
    pub fn words(self, cx: &Ctx) -> String {
        self.said(&cx.words)
    }
    /// The refusal in `w`'s words.
    pub fn said(self, w: &crate::present::Words) -> String {
        match self {
            TableError::PauseLength => {
                w.one("table-error-pause-length", "hours", MAX_PAUSE_HOURS as i64)
            }
            other => w.get(&format!("{}-error", other.code())),
        }
    }
}

/// A proposal waiting for answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposed {
    pub proposal: Proposal,
    pub by: Seat,
    pub at: i64,
    /// Who agreed so far (the proposer first).
    pub agreed: Vec<Seat>,
}

impl Proposed {
    /// When it lapses (ms since the epoch).
    pub fn expires(&self) -> i64 {
        self.at + EXPIRY_MS
    }
    /// The seats whose agreement it needs that have not given it.
    pub fn awaiting(&self, players: u8) -> Vec<Seat> {
        Seat::all(players)
            .filter(|s| !self.agreed.contains(s) && Some(*s) != self.beneficiary())
            .collect()
    }
    fn beneficiary(&self) -> Option<Seat> {
        match self.proposal {
            Proposal::Concede(seat) => Some(seat),
            _ => None,
        }
    }
}

/// The table's votes so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    proposed: Option<Proposed>,
    ended: Option<Ending>,
    /// The pause in force (from, until), or the last one.
    pause: Option<(i64, i64)>,
}

impl Table {
    /// The proposal still open at `now`.
    pub fn pending_at(&self, now: i64) -> Option<&Proposed> {
        self.proposed.as_ref().filter(|p| now <= p.expires())
    }
    /// The last proposal not answered by a decline or its passing: still open, or lapsed
    /// without everyone's agreement.
    pub fn proposed(&self) -> Option<&Proposed> {
        self.proposed.as_ref()
    }
    /// How a vote ended the game.
    pub fn ended(&self) -> Option<Ending> {
        self.ended
    }
    /// The pause in force at `now`: (from, until).
    pub fn paused_at(&self, now: i64) -> Option<(i64, i64)> {
        self.pause
            .filter(|(from, until)| *from <= now && now < *until)
    }
    /// Every pause's length so far is not kept: only the last one, (from, until) as it
    /// stands (a resume shortens it).
    pub fn last_pause(&self) -> Option<(i64, i64)> {
        self.pause
    }

    /// The table after `seat`'s vote at `at` in a game of `players` (over or not).
    pub fn vote(
        &self,
        seat: Seat,
        vote: &Vote,
        at: i64,
        players: u8,
        over: bool,
    ) -> Result<Table, TableError> {
        if over || self.ended.is_some() {
            return Err(TableError::Over);
        }
        let mut next = self.clone();
        match vote {
            Vote::Propose(proposal) => {
                if self.pending_at(at).is_some() {
                    return Err(TableError::Pending);
                }
                match proposal {
                    Proposal::Concede(to) if *to == seat || to.0 >= players => {
                        return Err(TableError::BadConcession)
                    }
                    Proposal::Pause { hours } if !(1..=MAX_PAUSE_HOURS).contains(hours) => {
                        return Err(TableError::PauseLength)
                    }
                    Proposal::Pause { .. } if self.paused_at(at).is_some() => {
                        return Err(TableError::PausedAlready)
                    }
                    _ => {}
                }
                next.proposed = Some(Proposed {
                    proposal: proposal.clone(),
                    by: seat,
                    at,
                    agreed: vec![seat],
                });
            }
            Vote::Agree => {
                let open = next
                    .proposed
                    .as_mut()
                    .filter(|p| at <= p.expires())
                    .ok_or(TableError::NothingPending)?;
                if open.agreed.contains(&seat) {
                    return Err(TableError::AgreedAlready);
                }
                open.agreed.push(seat);
            }
            Vote::Decline => {
                self.pending_at(at).ok_or(TableError::NothingPending)?;
                next.proposed = None;
            }
            Vote::Resume => {
                let (from, _) = self.paused_at(at).ok_or(TableError::NotPaused)?;
                next.pause = Some((from, at));
            }
        }
        if let Some(open) = next
            .proposed
            .as_ref()
            .filter(|p| p.awaiting(players).is_empty())
        {
            match open.proposal {
                Proposal::Draw => next.ended = Some(Ending::Draw),
                Proposal::Cancel => next.ended = Some(Ending::Cancelled),
                Proposal::Concede(to) => next.ended = Some(Ending::Conceded(to)),
                Proposal::Pause { hours } => {
                    next.pause = Some((at, at + i64::from(hours) * 3_600_000));
                }
            }
            next.proposed = None;
        }
        Ok(next)
    }
}

/// A game with its table: every `Game` the boundary makes is one. Asks about the game go to
/// the game, except that a game a vote ended is over, with the vote's outcome.
pub(crate) struct Tabled {
    pub(crate) game: Box<dyn State>,
    pub(crate) table: Table,
}

impl fmt::Debug for Tabled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game.fmt(f)
    }
}

impl Tabled {
    pub(crate) fn wrap(game: Box<dyn State>) -> Game {
        Game(Box::new(Tabled {
            game,
            table: Table::default(),
        }))
    }
    fn ended(&self) -> bool {
        self.table.ended.is_some()
    }
}

impl State for Tabled {
    fn as_any(&self) -> &dyn Any {
        self.game.as_any()
    }
    fn clone_box(&self) -> Box<dyn State> {
        Box::new(Tabled {
            game: self.game.clone_box(),
            table: self.table.clone(),
        })
    }
    fn players(&self) -> u8 {
        self.game.players()
    }
    fn options(&self) -> super::Options {
        self.game.options()
    }
    fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if action.downcast::<TableAction>().is_some() {
            return Err(TableError::NotHere.rule_error());
        }
        if self.ended() {
            return Err(TableError::Over.rule_error());
        }
        self.game.check(seat, action)
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        match self.ended() {
            true => Vec::new(),
            false => self.game.legal_actions(seat),
        }
    }
    fn step(&self, seat: Seat) -> Option<u64> {
        self.game.step(seat)
    }
    fn apply(&self, seat: Seat, action: &Action) -> Result<(Game, Events), RuleError> {
        if action.downcast::<TableAction>().is_some() {
            return Err(TableError::NotHere.rule_error());
        }
        if self.ended() {
            return Err(TableError::Over.rule_error());
        }
        let (next, events) = self.game.apply(seat, action)?;
        Ok((
            Game(Box::new(Tabled {
                game: next.0,
                table: self.table.clone(),
            })),
            events,
        ))
    }
    fn advance(&mut self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if action.downcast::<TableAction>().is_some() {
            return Err(TableError::NotHere.rule_error());
        }
        if self.ended() {
            return Err(TableError::Over.rule_error());
        }
        self.game.advance(seat, action)
    }
    fn pending(&self) -> Vec<Pending> {
        match self.ended() {
            true => Vec::new(),
            false => self.game.pending(),
        }
    }
    fn waiting(&self) -> Vec<Seat> {
        match self.ended() {
            true => Vec::new(),
            false => self.game.waiting(),
        }
    }
    fn pick_legal(&self, seat: Seat, pick: &mut dyn FnMut(usize) -> usize) -> Option<Action> {
        match self.ended() {
            true => None,
            false => self.game.pick_legal(seat, pick),
        }
    }
    fn default_action(&self, seat: Seat) -> Option<Action> {
        self.game.default_action(seat).filter(|_| !self.ended())
    }
    fn bot_action(&self, seat: Seat, rng: &mut dyn rand_core::RngCore) -> Option<Action> {
        match self.ended() {
            true => None,
            false => self.game.bot_action(seat, rng),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        match self.table.ended {
            Some(ending) => Some(TableOutcome { table: ending }.outcome()),
            None => self.game.outcome(),
        }
    }
    fn standings(&self) -> Vec<Standing> {
        self.game.standings()
    }
    fn view(&self, viewer: Viewer) -> View {
        self.game.view(viewer)
    }
    fn facts(&self) -> Vec<(&'static str, u64)> {
        self.game.facts()
    }
    fn position(&self) -> serde_json::Value {
        self.game.position()
    }
    fn audit(&self) -> Vec<String> {
        self.game.audit()
    }
    fn is_over(&self) -> bool {
        self.ended() || self.game.is_over()
    }
    fn no_events(&self) -> Events {
        self.game.no_events()
    }
    fn table(&self) -> Option<&Table> {
        Some(&self.table)
    }
    fn vote(&self, seat: Seat, vote: &Vote, at: i64) -> Result<(Game, Events), RuleError> {
        let table = self
            .table
            .vote(seat, vote, at, self.players(), self.game.is_over())
            .map_err(TableError::rule_error)?;
        Ok((
            Game(Box::new(Tabled {
                game: self.game.clone_box(),
                table,
            })),
            self.game.no_events(),
        ))
    }
}

/// A vote in the reader's words: "proposes a draw", "agrees".
pub fn vote_words(action: &TableAction, cx: &Ctx) -> String {
    let w = &cx.words;
    match &action.table {
        Vote::Propose(proposal) => {
            w.one("table-proposes", "proposal", proposal_words(proposal, cx))
        }
        Vote::Agree => w.get("table-agrees"),
        Vote::Decline => w.get("table-declines"),
        Vote::Resume => w.get("table-resumes"),
    }
}

/// A proposal in words: "a draw", "to concede the game to Bob", "a pause of 48 hours".
pub fn proposal_words(proposal: &Proposal, cx: &Ctx) -> String {
    let w = &cx.words;
    match proposal {
        Proposal::Draw => w.get("table-proposal-draw"),
        Proposal::Cancel => w.get("table-proposal-cancel"),
        Proposal::Concede(seat) => w.one("table-proposal-concede", "seat", cx.name(*seat)),
        Proposal::Pause { hours } => w.one("table-proposal-pause", "hours", *hours as i64),
    }
}

/// A vote's ending in words: "agreed a draw".
pub fn outcome_words(outcome: &TableOutcome, cx: &Ctx) -> String {
    let w = &cx.words;
    match outcome.table {
        Ending::Draw => w.get("table-outcome-draw"),
        Ending::Cancelled => w.get("table-outcome-cancelled"),
        Ending::Conceded(seat) => w.one("table-outcome-conceded", "seat", cx.name(seat)),
    }
}

/// What the table has open at `now`, one sentence each (a proposal and who it waits for, a
/// pause and when it ends), in the reader's words; `when` words a moment in the reader's zone.
pub fn table_lines(
    table: &Table,
    now: i64,
    players: u8,
    cx: &Ctx,
    when: &dyn Fn(i64) -> String,
) -> Vec<String> {
    let w = &cx.words;
    let mut lines = Vec::new();
    if let Some(open) = table.pending_at(now) {
        lines.push(w.three(
            "table-pending-line",
            ("name", cx.name(open.by)),
            ("proposal", proposal_words(&open.proposal, cx)),
            ("due", when(open.expires())),
        ));
        lines.push(w.two(
            "table-pending-votes",
            ("agreed", cx.list(&open.agreed)),
            ("waiting", cx.list(&open.awaiting(players))),
        ));
    }
    if let Some((_, until)) = table.paused_at(now) {
        lines.push(w.one("table-paused-line", "until", when(until)));
    }
    lines
}

/// What `seat` may do at the table at `now`: (answer the proposal, propose, resume).
pub fn may(table: &Table, seat: Seat, now: i64, players: u8) -> (bool, bool, bool) {
    let open = table.pending_at(now);
    let answer = open.is_some_and(|p| p.awaiting(players).contains(&seat));
    (
        answer,
        open.is_none() && table.ended().is_none(),
        table.paused_at(now).is_some(),
    )
}

/// A vote from a form's fields (`vote`: draw, cancel, concede, pause, agree, decline,
/// resume; `seat` for a concession, `hours` for a pause), or why not. The API takes the
/// vote's JSON instead; the limits are the replay's.
pub fn vote_from_fields(vote: &str, seat: &str, hours: &str) -> Result<Vote, TableError> {
    Ok(match vote.trim() {
        "draw" => Vote::Propose(Proposal::Draw),
        "cancel" => Vote::Propose(Proposal::Cancel),
        "concede" => Vote::Propose(Proposal::Concede(
            seat.trim()
                .parse::<u8>()
                .ok()
                .and_then(Seat::from_number)
                .ok_or(TableError::BadConcession)?,
        )),
        "pause" => Vote::Propose(Proposal::Pause {
            hours: hours
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|h| (1..=MAX_PAUSE_HOURS).contains(h))
                .ok_or(TableError::PauseLength)?,
        }),
        "agree" => Vote::Agree,
        "decline" => Vote::Decline,
        "resume" => Vote::Resume,
        _ => return Err(TableError::NotHere),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: i64 = 3_600_000;

    fn vote(table: &Table, seat: u8, vote: Vote, at: i64) -> Result<Table, TableError> {
        table.vote(Seat(seat), &vote, at, 3, false)
    }

    #[test]
    fn the_json_is_canonical_and_apart_from_game_actions() {
        let propose = TableAction::new(Vote::Propose(Proposal::Concede(Seat(1))));
        assert_eq!(
            propose.clone().action().json().get(),
            r#"{"table":{"propose":{"concede":2}}}"#
        );
        let pause = TableAction::new(Vote::Propose(Proposal::Pause { hours: 48 }));
        assert_eq!(
            pause.action().json().get(),
            r#"{"table":{"propose":{"pause":{"hours":48}}}}"#
        );
        assert_eq!(
            TableAction::read(r#"{ "table" : "agree" }"#),
            Some(Ok(TableAction::new(Vote::Agree)))
        );
        assert_eq!(TableAction::read(r#"{"type":"pass"}"#), None);
        assert!(matches!(
            TableAction::read(r#"{"table":"maybe"}"#),
            Some(Err(_))
        ));
        assert_eq!(
            TableOutcome {
                table: Ending::Conceded(Seat(0))
            }
            .outcome()
            .json()
            .get(),
            r#"{"table":{"conceded":1}}"#
        );
    }

    #[test]
    fn a_draw_needs_everyone() {
        let t = vote(&Table::default(), 0, Vote::Propose(Proposal::Draw), 0).unwrap();
        assert_eq!(t.pending_at(0).unwrap().awaiting(3), vec![Seat(1), Seat(2)]);
        let t = vote(&t, 1, Vote::Agree, H).unwrap();
        assert_eq!(vote(&t, 1, Vote::Agree, H), Err(TableError::AgreedAlready));
        assert_eq!(t.ended(), None);
        let t = vote(&t, 2, Vote::Agree, 2 * H).unwrap();
        assert_eq!(t.ended(), Some(Ending::Draw));
        assert_eq!(
            vote(&t, 0, Vote::Propose(Proposal::Cancel), 3 * H),
            Err(TableError::Over)
        );
    }

    #[test]
    fn a_concession_needs_all_but_the_winner() {
        let t = Table::default()
            .vote(
                Seat(0),
                &Vote::Propose(Proposal::Concede(Seat(1))),
                0,
                2,
                false,
            )
            .unwrap();
        assert_eq!(t.ended(), Some(Ending::Conceded(Seat(1))));
        assert_eq!(
            vote(
                &Table::default(),
                0,
                Vote::Propose(Proposal::Concede(Seat(0))),
                0
            ),
            Err(TableError::BadConcession)
        );
        assert_eq!(
            vote(
                &Table::default(),
                0,
                Vote::Propose(Proposal::Concede(Seat(3))),
                0
            ),
            Err(TableError::BadConcession)
        );
        let t = vote(
            &Table::default(),
            0,
            Vote::Propose(Proposal::Concede(Seat(2))),
            0,
        )
        .unwrap();
        let t = vote(&t, 1, Vote::Agree, 1).unwrap();
        assert_eq!(t.ended(), Some(Ending::Conceded(Seat(2))));
    }

    #[test]
    fn a_proposal_lapses_or_is_declined() {
        let t = vote(&Table::default(), 0, Vote::Propose(Proposal::Cancel), 0).unwrap();
        assert_eq!(
            vote(&t, 1, Vote::Propose(Proposal::Draw), H),
            Err(TableError::Pending)
        );
        assert_eq!(
            vote(&t, 1, Vote::Agree, EXPIRY_MS + 1),
            Err(TableError::NothingPending)
        );
        // Once lapsed, another may be proposed.
        assert!(vote(&t, 1, Vote::Propose(Proposal::Draw), EXPIRY_MS + 1).is_ok());
        let declined = vote(&t, 2, Vote::Decline, H).unwrap();
        assert_eq!(declined.pending_at(H), None);
        assert_eq!(
            vote(&declined, 1, Vote::Agree, H),
            Err(TableError::NothingPending)
        );
        assert_eq!(declined.ended(), None);
    }

    #[test]
    fn a_pause_stops_the_clock_for_its_length_or_until_resumed() {
        let long = Proposal::Pause {
            hours: MAX_PAUSE_HOURS + 1,
        };
        assert_eq!(
            vote(&Table::default(), 0, Vote::Propose(long), 0),
            Err(TableError::PauseLength)
        );
        let t = vote(
            &Table::default(),
            0,
            Vote::Propose(Proposal::Pause { hours: 10 }),
            0,
        )
        .unwrap();
        let t = vote(&t, 1, Vote::Agree, H).unwrap();
        assert_eq!(t.paused_at(H), None);
        let t = vote(&t, 2, Vote::Agree, 2 * H).unwrap();
        assert_eq!(t.paused_at(2 * H), Some((2 * H, 12 * H)));
        assert_eq!(t.paused_at(12 * H), None);
        assert_eq!(
            vote(&t, 0, Vote::Propose(Proposal::Pause { hours: 1 }), 3 * H),
            Err(TableError::PausedAlready)
        );
        let resumed = vote(&t, 1, Vote::Resume, 5 * H).unwrap();
        assert_eq!(resumed.paused_at(5 * H), None);
        assert_eq!(resumed.last_pause(), Some((2 * H, 5 * H)));
        assert_eq!(
            vote(&resumed, 1, Vote::Resume, 6 * H),
            Err(TableError::NotPaused)
        );
    }
}
