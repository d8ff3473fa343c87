//! The game boundary: every game kind behind one interface (`Kind`), found by the name stored
//! with each game. Owns the registry; a game is its engine module, its presenter, one line here.
//!
//! The service, the audit layer, the pages, the mails and the commands talk to games only
//! through `Kind` and the erased values of `erased.rs` (actions, decisions, states…); the
//! adapter in `typed.rs` turns a game's `Rules` and `Presenter` into a `Kind`.

mod erased;
pub mod table;
pub mod table_reply;
mod typed;

pub use erased::{
    Action, Decision, Events, Game, OptionProblem, Options, Outcome, Pending, RuleError, State,
    View,
};
pub use typed::kind;

use crate::engine::{Audience, OptionField, Press, Seat, Seed, Sight, Standing};
use crate::present::{
    Catalogs, Command, Ctx, Folding, Html, MailPart, Milestone, MoveForm, Script, Words,
};
use serde_json::value::RawValue;
use std::fmt;
use std::sync::Arc;

/// JSON text kept exactly as written: a game's canonical JSON of its options, actions and
/// outcomes is what the hash chain covers, byte for byte.
#[derive(Clone)]
pub struct Json(Box<RawValue>);

impl Json {
    /// Wrap JSON text (checked to be JSON, kept as it is).
    pub fn new(text: String) -> Result<Json, serde_json::Error> {
        RawValue::from_string(text).map(Json)
    }
    /// The JSON of a value, compact (serde_json's canonical form of the game's types).
    pub fn of<T: serde::Serialize + ?Sized>(value: &T) -> Json {
        Json(serde_json::value::to_raw_value(value).expect("game values serialize"))
    }
    pub fn get(&self) -> &str {
        self.0.get()
    }
    pub fn raw(&self) -> &RawValue {
        &self.0
    }
    /// As a `serde_json::Value` (for JSON answers that embed it).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::from_str(self.get()).expect("a Json holds JSON")
    }
}

impl PartialEq for Json {
    fn eq(&self, other: &Json) -> bool {
        self.get() == other.get()
    }
}
impl Eq for Json {}

impl fmt::Debug for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.get())
    }
}

impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.get())
    }
}

impl serde::Serialize for Json {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Json {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Json, D::Error> {
        Box::<RawValue>::deserialize(deserializer).map(Json)
    }
}

/// One game kind: its rules and its presenter, with the game's types erased. Made by
/// [`kind`] from a game's `Presenter` (whose `Game` is the rules).
pub trait Kind: Send + Sync {
    /// The stored and recorded name, e.g. "condottiere".
    fn name(&self) -> &'static str;
    fn rules_versions(&self) -> &'static [u32];
    fn current_rules_version(&self) -> u32;
    /// The smallest and largest table.
    fn players(&self) -> (u8, u8);
    /// The creation parameters, with their limits (forms and API share them).
    fn option_fields(&self) -> Vec<OptionField>;
    /// The OpenAPI schemas of the game's options and actions (`Rules::schemas`).
    fn schemas(&self) -> Vec<crate::engine::schema::NamedSchema>;
    /// Options from JSON (the API's object, a form made into one, a stored row, a record),
    /// in the game's canonical form; the message says what does not fit the game's options.
    fn read_options(&self, json: &str) -> Result<Options, String>;
    /// Every problem with these options for a table of `players` (limits included).
    fn option_problems(&self, options: &Options, players: u8) -> Vec<OptionProblem>;
    /// The options a new game stores (`Rules::settle_options`), asked once they have no problem.
    fn settle_options(&self, options: &Options) -> Options;
    /// A new game and the events of its setup.
    fn setup(
        &self,
        rules_version: u32,
        options: &Options,
        players: u8,
        seed: Seed,
    ) -> Result<(Game, Events), String>;
    /// An action from JSON (stored, posted, or read from a record), in canonical form.
    fn read_action(&self, json: &str) -> Result<Action, String>;
    /// An outcome from JSON (a record's), in canonical form.
    fn read_outcome(&self, json: &str) -> Result<Outcome, String>;
    /// A playable game from a position (the game's JSON form), or every broken invariant.
    fn read_position(&self, json: &str) -> Result<Game, Vec<String>>;
    /// Who may see this log entry while the game runs (see `Rules::entry_audience`).
    fn entry_audience(&self, options: &Options, seat: Seat, action: &Action) -> Audience;
    /// Who may talk at a table with these options (see `Rules::press`).
    fn press(&self, options: &Options) -> Press;
    /// The counters a verifier reports that these events advance.
    fn counts(&self, events: &Events) -> Vec<&'static str>;
    /// The events with their audiences, as JSON (the engine command's output).
    fn events_json(&self, events: &Events) -> serde_json::Value;

    /// Catalog files the game brings (language, FTL text), beyond `locales/`.
    fn catalogs(&self) -> Vec<(&'static str, &'static str)>;
    fn options_words(&self, options: &Options, cx: &Ctx) -> Vec<String>;
    fn option_notes(&self, options: &Options, cx: &Ctx) -> Vec<String>;
    fn option_problem_words(&self, problem: &OptionProblem, cx: &Ctx) -> String;
    fn decision_words(&self, decision: &Decision, cx: &Ctx) -> String;
    /// The events `cx.viewer` may see at `sight` (`audit::Replay::sight`), one sentence each.
    fn events_words(&self, events: &Events, sight: &Sight, cx: &Ctx) -> Vec<String>;
    fn action_words(&self, action: &Action, cx: &Ctx) -> String;
    fn rule_error_words(&self, error: &RuleError, cx: &Ctx) -> String;
    fn outcome_words(&self, outcome: &Outcome, cx: &Ctx) -> String;
    fn standing_words(&self, view: &View, standing: &Standing, cx: &Ctx) -> String;
    fn situation(&self, view: &View, cx: &Ctx) -> String;
    /// See `Presenter::ends_chapter`.
    fn ends_chapter(&self, events: &Events) -> bool;
    fn milestones(
        &self,
        before: Option<&Game>,
        after: &Game,
        events: &Events,
        cx: &Ctx,
    ) -> Vec<Milestone>;
    fn board(&self, view: &View, cx: &Ctx) -> Html;
    fn private_part(&self, view: &View, seat: Seat, cx: &Ctx) -> Html;
    fn review_part(&self, view: &View, cx: &Ctx) -> Html;
    fn forms(&self, view: &View, seat: Seat, legal: &[Action], cx: &Ctx) -> Vec<MoveForm>;
    fn action_from_form(
        &self,
        fields: &[(String, String)],
        words: &Words,
    ) -> Option<Result<Action, String>>;
    /// The reply commands that play `action` in `words`' language (see
    /// `Presenter::commands`).
    fn commands(&self, action: &Action, words: &Words) -> Vec<String>;
    /// The game's command words in `words`' language (see `Presenter::command_words`).
    fn command_words(&self, words: &Words) -> Vec<String>;
    /// How the game folds a reply line (see `Presenter::folding`).
    fn folding(&self, languages: &[Words]) -> Folding;
    /// How the game takes a reply's lines (see `Presenter::script`).
    fn script(&self) -> Script;
    /// A raw reply line by the game's own grammar (see `Presenter::read_command`).
    fn read_command(
        &self,
        line: &str,
        view: &View,
        seat: Seat,
        languages: &[Words],
    ) -> Command<Action>;
    fn mail_part(&self, view: &View, seat: Seat, cx: &Ctx) -> MailPart;
    /// What a mail tells of these steps (each: its authorship line, its events, and what has
    /// become public of it, `Replay::sight`; only what `cx.viewer` may see is told; see
    /// `Presenter::mail_summary`).
    fn mail_summary(&self, steps: &[(Option<String>, &Events, Sight)], cx: &Ctx) -> Vec<String>;
    fn player_columns(&self, cx: &Ctx) -> Vec<String>;
    fn player_cells(&self, view: &View, seat: Seat, cx: &Ctx) -> Vec<String>;
    /// A seat's own colour in this game, if it has one (see `Presenter::seat_colour`).
    fn seat_colour(&self, view: &View, seat: Seat) -> Option<&'static str>;
}

/// No game of that name is registered here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no game called {0:?} here")]
pub struct UnknownKind(pub String);

/// The game kinds this service plays, by name, and the message catalogs with their words.
#[derive(Clone)]
pub struct Registry {
    kinds: Vec<Arc<dyn Kind>>,
    catalogs: Catalogs,
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

impl Registry {
    /// Every game this service plays: one line per game.
    pub fn standard() -> Registry {
        static STANDARD: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
        STANDARD
            .get_or_init(|| {
                Registry::empty()
                    .with(kind(crate::present::condottiere::Condottiere))
                    .and_then(|r| r.with(kind(crate::present::war::War)))
                    .and_then(|r| r.with(kind(crate::present::condottieri::Condottieri)))
                    .and_then(|r| r.with(kind(crate::present::pergamemnon::Pergamemnon)))
                    .expect("the built-in catalogs parse")
            })
            .clone()
    }

    /// No games, the embedded catalogs.
    pub fn empty() -> Registry {
        Registry {
            kinds: Vec::new(),
            catalogs: Catalogs::build(&[]).expect("the built-in catalogs parse"),
        }
    }

    /// This registry and one more game (e.g. a test's). Fails when the name is taken or the
    /// game's catalogs do not parse.
    pub fn with(mut self, kind: Arc<dyn Kind>) -> Result<Registry, String> {
        if self.get(kind.name()).is_ok() {
            return Err(format!(
                "a game called {:?} is registered already",
                kind.name()
            ));
        }
        self.kinds.push(kind);
        let extra: Vec<_> = self.kinds.iter().flat_map(|k| k.catalogs()).collect();
        self.catalogs = Catalogs::build(&extra)?;
        Ok(self)
    }

    pub fn get(&self, name: &str) -> Result<&dyn Kind, UnknownKind> {
        self.kinds
            .iter()
            .find(|k| k.name() == name)
            .map(|k| &**k)
            .ok_or_else(|| UnknownKind(name.to_owned()))
    }

    /// The registered games, in the order they were registered (the first is the default).
    pub fn kinds(&self) -> impl Iterator<Item = &dyn Kind> {
        self.kinds.iter().map(|k| &**k)
    }

    pub fn names(&self) -> Vec<&'static str> {
        self.kinds.iter().map(|k| k.name()).collect()
    }

    pub fn catalogs(&self) -> &Catalogs {
        &self.catalogs
    }
}

/// Whose decision it is, in a sentence, from the reader's point of view (`cx.viewer`).
pub fn status(kind: &dyn Kind, waiting: &[(Seat, Decision)], cx: &Ctx) -> String {
    let w = &cx.words;
    let me = match cx.viewer {
        crate::engine::Viewer::Seat(seat) => Some(seat),
        _ => None,
    };
    let mine = waiting.iter().find(|(s, _)| Some(*s) == me);
    let others: Vec<Seat> = waiting
        .iter()
        .filter(|(s, _)| Some(*s) != me)
        .map(|(s, _)| *s)
        .collect();
    match (mine, others.as_slice()) {
        (Some((_, d)), []) => w.one("status-yours", "decision", kind.decision_words(d, cx)),
        (Some((_, d)), rest) => w.two(
            "status-yours-also",
            ("decision", kind.decision_words(d, cx)),
            ("others", cx.list(rest)),
        ),
        (None, []) => String::new(),
        (None, many) => {
            let first = waiting
                .iter()
                .find(|(s, _)| *s == many[0])
                .map(|(_, d)| kind.decision_words(d, cx))
                .unwrap_or_default();
            w.two(
                "status-waiting",
                ("seats", cx.list(many)),
                ("decision", first),
            )
        }
    }
}
