//! The game boundary's values with the game's types erased: actions, decisions, options,
//! outcomes, views, events and states, each carrying its game's typed value inside. Only
//! `typed.rs` (the adapter from a `Rules` + `Presenter` pair) looks inside them.

use super::Json;
use crate::engine::{Seat, Standing, Viewer};
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A typed value behind the boundary, with the few abilities the service needs of it.
pub(crate) trait Dyn: Any + Send + Sync + fmt::Debug {
    fn as_any(&self) -> &dyn Any;
    fn eq_dyn(&self, other: &dyn Dyn) -> bool;
}

impl<T: Any + Send + Sync + fmt::Debug + PartialEq> Dyn for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn eq_dyn(&self, other: &dyn Dyn) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
}

macro_rules! erased_with_json {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        ///
        /// Its JSON is made the first time it is asked for: replays and simulations compare
        /// and apply typed values and never need most of it.
        #[derive(Clone)]
        pub struct $name {
            pub(crate) inner: Arc<dyn Dyn>,
            pub(crate) json: std::sync::OnceLock<Json>,
            pub(crate) to_json: fn(&dyn Dyn) -> Json,
        }

        impl $name {
            /// The game's canonical JSON of it (what is stored and hashed).
            pub fn json(&self) -> &Json {
                self.json.get_or_init(|| (self.to_json)(&*self.inner))
            }
            /// Its JSON if it was already made (a size estimate must not make it).
            pub fn json_if_made(&self) -> Option<&Json> {
                self.json.get()
            }
            /// The typed value, for code that knows the game (tests, a game's own modules).
            pub fn downcast<T: Any>(&self) -> Option<&T> {
                self.inner.as_any().downcast_ref()
            }
        }

        impl PartialEq for $name {
            fn eq(&self, other: &Self) -> bool {
                self.inner.eq_dyn(&*other.inner)
            }
        }
        impl Eq for $name {}

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({:?})", stringify!($name), self.inner)
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                self.json().serialize(serializer)
            }
        }
    };
}

erased_with_json!(
    /// One decision of a seat as data: the log entry, the wire format.
    Action
);
erased_with_json!(
    /// A game's creation parameters.
    Options
);

/// How a finished game ended: the game's outcome (stored in records), and its winners.
#[derive(Clone)]
pub struct Outcome {
    pub(crate) json: Json,
    pub(crate) winners: Vec<Seat>,
    pub(crate) inner: Arc<dyn Dyn>,
}

impl Outcome {
    pub fn json(&self) -> &Json {
        &self.json
    }
    pub fn winners(&self) -> &[Seat] {
        &self.winners
    }
    pub fn downcast<T: Any>(&self) -> Option<&T> {
        self.inner.as_any().downcast_ref()
    }
}

impl PartialEq for Outcome {
    fn eq(&self, other: &Self) -> bool {
        self.json == other.json
    }
}
impl Eq for Outcome {}

impl fmt::Debug for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Outcome({})", self.json.get())
    }
}

/// What a seat must decide now. Equal decisions mean the same decision is still open.
#[derive(Clone)]
pub struct Decision {
    pub(crate) inner: Arc<dyn Dyn>,
    pub(crate) json: fn(&dyn Dyn) -> Json,
}

impl Decision {
    /// The decision as JSON (the API's `decision`).
    pub fn to_json(&self) -> Json {
        (self.json)(&*self.inner)
    }
    pub fn downcast<T: Any>(&self) -> Option<&T> {
        self.inner.as_any().downcast_ref()
    }
}

impl PartialEq for Decision {
    fn eq(&self, other: &Self) -> bool {
        self.inner.eq_dyn(&*other.inner)
    }
}
impl Eq for Decision {}

impl fmt::Debug for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.fmt(f)
    }
}

/// One seat that must decide, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    pub seat: Seat,
    pub decision: Decision,
}

/// What one viewer may see of a game, made once per page and handed to the presenter.
#[derive(Clone)]
pub struct View {
    pub(crate) viewer: Viewer,
    pub(crate) inner: Arc<dyn Any + Send + Sync>,
    pub(crate) json: fn(&dyn Any) -> Json,
}

impl View {
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }
    /// The view as JSON (the API's `view`), written straight from the game's type.
    pub fn to_json(&self) -> Json {
        (self.json)(&*self.inner)
    }
    pub fn downcast<T: Any>(&self) -> Option<&T> {
        self.inner.downcast_ref()
    }
}

impl fmt::Debug for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "View({:?})", self.viewer)
    }
}

/// Everything one step of a game produced, each event with its audience. Shared, so a replay
/// extended by one action copies a pointer, not events.
#[derive(Clone)]
pub struct Events {
    pub(crate) inner: Arc<dyn Any + Send + Sync>,
    pub(crate) len: usize,
}

impl Events {
    /// How many events (of every audience).
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn downcast<T: Any>(&self) -> Option<&T> {
        self.inner.downcast_ref()
    }
}

impl fmt::Debug for Events {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Events({})", self.len)
    }
}

/// Why the rules refused an action: a stable code, the game's error inside (its presenter
/// words it), and the rules' own English description for logs and the command line.
#[derive(Clone)]
pub struct RuleError {
    /// The game whose rules refused (its presenter words the error).
    pub(crate) game: &'static str,
    pub(crate) code: &'static str,
    pub(crate) description: String,
    pub(crate) inner: Arc<dyn Any + Send + Sync>,
}

impl RuleError {
    pub fn code(&self) -> &'static str {
        self.code
    }
    /// The name of the game whose rules refused.
    pub fn game(&self) -> &'static str {
        self.game
    }
    pub fn downcast<T: Any>(&self) -> Option<&T> {
        self.inner.downcast_ref()
    }
}

impl PartialEq for RuleError {
    fn eq(&self, other: &RuleError) -> bool {
        self.code == other.code && self.description == other.description
    }
}
impl Eq for RuleError {}

impl fmt::Debug for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RuleError({}: {})", self.code, self.description)
    }
}

/// The rules' own English description (logs, the command line); people read the presenter's.
impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description)
    }
}

impl std::error::Error for RuleError {}

/// A problem with a set of options: a stable code and the game's problem (worded by its
/// presenter).
#[derive(Clone)]
pub struct OptionProblem {
    pub(crate) code: &'static str,
    pub(crate) description: String,
    pub(crate) inner: Arc<dyn Any + Send + Sync>,
}

impl OptionProblem {
    pub fn code(&self) -> &'static str {
        self.code
    }
}

impl fmt::Debug for OptionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OptionProblem({}: {})", self.code, self.description)
    }
}

impl fmt::Display for OptionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description)
    }
}

/// A game in play, its type erased: the state machine the service replays and asks.
pub trait State: Send + Sync + fmt::Debug {
    fn as_any(&self) -> &dyn Any;
    fn clone_box(&self) -> Box<dyn State>;
    fn players(&self) -> u8;
    fn options(&self) -> Options;
    /// Whether the seat may take the action now (the judge, `Rules::check`).
    fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError>;
    /// The menu of legal actions of a seat now, for forms and mails (see
    /// `Rules::legal_actions`: possibly a sample, never the list of what is allowed).
    fn legal_actions(&self, seat: Seat) -> Vec<Action>;
    /// The step the game is in for the seat (`Rules::step`; `None`: each decision its own).
    fn step(&self, seat: Seat) -> Option<u64>;
    /// The state after the action, or the rule that forbids it (this state is unchanged).
    fn apply(&self, seat: Seat, action: &Action) -> Result<(Game, Events), RuleError>;
    /// As [`State::apply`], in place and without the events (what a simulation, which never
    /// looks back and tells nobody, needs on every action); a refused action leaves the state
    /// as it was.
    fn advance(&mut self, seat: Seat, action: &Action) -> Result<(), RuleError>;
    /// Who must decide now and what, in seat order.
    fn pending(&self) -> Vec<Pending>;
    /// Who must decide now, in seat order (the seats of [`State::pending`], without making
    /// their decisions).
    fn waiting(&self) -> Vec<Seat>;
    /// The one action of the menu at the index `pick` chooses from the menu's length (`None`
    /// for an empty menu): a simulation's choice, without erasing the whole menu.
    fn pick_legal(&self, seat: Seat, pick: &mut dyn FnMut(usize) -> usize) -> Option<Action>;
    fn default_action(&self, seat: Seat) -> Option<Action>;
    fn bot_action(&self, seat: Seat, rng: &mut dyn rand_core::RngCore) -> Option<Action>;
    fn outcome(&self) -> Option<Outcome>;
    fn standings(&self) -> Vec<Standing>;
    fn view(&self, viewer: Viewer) -> View;
    fn facts(&self) -> Vec<(&'static str, u64)>;
    /// The state as a position (the game's JSON form).
    fn position(&self) -> serde_json::Value;
    /// Every broken invariant (empty when sound).
    fn audit(&self) -> Vec<String>;
    fn is_over(&self) -> bool;
    /// An empty list of the game's events (what a vote at the table causes).
    fn no_events(&self) -> Events;
    /// The table's votes so far (`kinds::table`; every game the boundary makes has them).
    fn table(&self) -> Option<&super::table::Table> {
        None
    }
    /// The game after a vote at the table at `at` (the replay's route for table entries).
    fn vote(
        &self,
        _seat: Seat,
        _vote: &super::table::Vote,
        _at: i64,
    ) -> Result<(Game, Events), RuleError> {
        Err(super::table::TableError::NotHere.rule_error())
    }
}

/// A game in play: a state of any kind.
pub struct Game(pub(crate) Box<dyn State>);

impl Clone for Game {
    fn clone(&self) -> Game {
        Game(self.0.clone_box())
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::ops::Deref for Game {
    type Target = dyn State;
    fn deref(&self) -> &(dyn State + 'static) {
        &*self.0
    }
}

impl Game {
    /// The typed state, for code that knows the game.
    pub fn downcast<T: Any>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }
    /// The seats the game waits on now.
    pub fn waiting_on(&self) -> Vec<Seat> {
        self.0.waiting()
    }
    /// See [`State::advance`].
    pub fn advance(&mut self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        self.0.advance(seat, action)
    }
    /// What this seat must decide now, if anything.
    pub fn decision(&self, seat: Seat) -> Option<Decision> {
        self.0
            .pending()
            .into_iter()
            .find(|p| p.seat == seat)
            .map(|p| p.decision)
    }
}
