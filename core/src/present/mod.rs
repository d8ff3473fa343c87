//! Presentation: how a game shows itself to people. Owns the message catalogs (`i18n`), the
//! `Presenter` a game implements next to its rules (board, words, page and mail parts), and
//! the small pieces every presenter and the generic pages share. Each game's presenter is a
//! folder here (`condottiere/`); the generic pages and mails never look inside a game.

pub mod condottiere;
pub mod condottieri;
pub mod i18n;
pub mod pergamemnon;
pub mod reply;
pub mod time;
pub mod war;

pub use i18n::{Arg, Catalogs, Words, DEFAULT_LANGUAGE};
pub use reply::{Folding, Script};

use crate::engine::{Events, OptionField, Rules, Seat, Standing, Viewer};
use std::fmt;

/// HTML a presenter made, already escaped where it holds text: templates print it as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Html(pub String);

impl fmt::Display for Html {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Html {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Render `template` into a buffer with `room` bytes to start with (at least the template's
/// own text). askama reserves only the size of the template's text; a page or a board prints
/// parts rendered apart (a seat page is about nine times its template's text), so its buffer
/// was copied three or four times as it grew.
pub fn render_in<T: askama::Template>(template: &T, room: usize) -> askama::Result<String> {
    let mut out = String::with_capacity(room.max(T::SIZE_HINT));
    template.render_into(&mut out)?;
    Ok(out)
}

/// Room for a whole page (a Condottiere seat page in the middle of a game is about 22 KiB).
pub const PAGE_ROOM: usize = 32 * 1024;

/// Room for a board picture (Condottiere's map and lines are about 13 KiB).
pub const BOARD_ROOM: usize = 16 * 1024;

/// Text escaped for HTML (element content and quoted attribute values).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// How seats are called in sentences: by player name, or "P1", "P2"… when no name is known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatNames(Vec<String>);

impl SeatNames {
    pub fn new(names: Vec<String>) -> SeatNames {
        SeatNames(names)
    }

    pub fn name(&self, seat: Seat) -> String {
        self.0
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| seat.to_string())
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// What a presenter needs to word anything: the reader's language, the players' names, and
/// who reads (a seat reads about itself in the second person).
#[derive(Clone, Copy, Debug)]
pub struct Ctx<'a> {
    pub words: Words<'a>,
    pub names: &'a SeatNames,
    pub viewer: Viewer,
}

impl<'a> Ctx<'a> {
    pub fn new(words: Words<'a>, names: &'a SeatNames, viewer: Viewer) -> Ctx<'a> {
        Ctx {
            words,
            names,
            viewer,
        }
    }

    /// A seat's name as a sentence's subject: "you" for the reader's own seat.
    pub fn who(&self, seat: Seat) -> String {
        if self.viewer == Viewer::Seat(seat) {
            self.words.get("you")
        } else {
            self.names.name(seat)
        }
    }

    /// A seat's name, never "you".
    pub fn name(&self, seat: Seat) -> String {
        self.names.name(seat)
    }

    /// Seats by name: "Ann, Bob and Cleo".
    pub fn list(&self, seats: &[Seat]) -> String {
        self.words
            .list(seats.iter().map(|&s| self.names.name(s)).collect())
    }

    /// Whether `seat` is the reader: messages have a `you` variant for it.
    pub fn is_me(&self, seat: Seat) -> bool {
        self.viewer == Viewer::Seat(seat)
    }

    /// `"you"` or `"other"`, for a message's variant selector on who did it.
    pub fn person(&self, seat: Seat) -> &'static str {
        if self.is_me(seat) {
            "you"
        } else {
            "other"
        }
    }
}

/// One form on a seat page: a legend and its controls (buttons or inputs whose values the
/// move handler reads: a field `action` holding the action's JSON, or fields the presenter's
/// `action_from_form` turns into an action). The page wraps it in the move form with `seq`.
#[derive(Clone, Debug, Default)]
pub struct MoveForm {
    pub legend: String,
    pub body: Html,
    /// Shown folded under its legend (a `<details>` the player opens), so that a phone shows
    /// the decision most likely next in full and the others as one line each.
    pub folded: bool,
}

/// A point worth jumping to in a replay: what kind of point (the game's own name for it, e.g.
/// "battle" or "deal") and its label in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Milestone {
    pub mark: &'static str,
    pub label: String,
}

/// A presenter's part of a mail to one seat: text and HTML, each a few lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MailPart {
    pub text: String,
    pub html: Html,
}

/// One step of the log as a mail sums it up ([`Presenter::mail_summary`]).
#[derive(Clone, Debug)]
pub struct MailStep<'e, E> {
    /// Who made the step when it was not the seat's player ("The clock played for Bob."), in
    /// words.
    pub by: Option<String>,
    /// The step's events the reader may see, in the engine's order.
    pub events: Vec<&'e E>,
}

/// How one game shows itself: a game's presenter sits next to its rules and is registered
/// with them (`crate::kinds::Registry`). Every sentence comes from the catalogs through
/// `cx.words`; everything it returns as `Html` is escaped by it.
pub trait Presenter: Send + Sync + 'static {
    type Game: Rules;

    /// Catalog files of a game defined outside this crate: (language, FTL text). A game of
    /// this crate keeps its words in `locales/<language>/<game>.ftl` instead.
    fn catalogs(&self) -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }

    /// The options in words, one phrase each, for invitations and pages.
    fn options(&self, options: &<Self::Game as Rules>::Options, cx: &Ctx) -> Vec<String>;
    /// Advice about a combination of options, shown at creation and on the invitation.
    fn option_notes(&self, options: &<Self::Game as Rules>::Options, cx: &Ctx) -> Vec<String> {
        let _ = (options, cx);
        Vec::new()
    }
    fn option_problem(&self, problem: &<Self::Game as Rules>::OptionProblem, cx: &Ctx) -> String;
    /// The decision as a prompt: "play a card or pass".
    fn decision(&self, decision: &<Self::Game as Rules>::Decision, cx: &Ctx) -> String;
    /// One event as one sentence (already filtered for the reader).
    fn event(&self, event: &<Self::Game as Rules>::Event, cx: &Ctx) -> String;
    /// The order a step's events are told in (default: the engine's). A game may tell a
    /// card before its effect when the rules resolve the effect first.
    fn told_order<'e>(
        &self,
        events: Vec<&'e <Self::Game as Rules>::Event>,
    ) -> Vec<&'e <Self::Game as Rules>::Event> {
        events
    }
    /// An action in words: "play Mercenary 5".
    fn action(&self, action: &<Self::Game as Rules>::Action, cx: &Ctx) -> String;
    /// Why an action was refused, naming the rule.
    fn rule_error(&self, error: &<Self::Game as Rules>::RuleError, cx: &Ctx) -> String;
    /// The result in one sentence.
    fn outcome(&self, outcome: &<Self::Game as Rules>::Outcome, cx: &Ctx) -> String;
    /// One line of the final standings: "Ann: 6 regions".
    fn standing(&self, view: &<Self::Game as Rules>::View, standing: &Standing, cx: &Ctx)
        -> String;
    /// One line about the table: the round, the contested region, the piles…
    fn situation(&self, view: &<Self::Game as Rules>::View, cx: &Ctx) -> String;
    /// Whether a step with these events closes a chapter of the history (a battle): pages
    /// show the current chapter and fold the older ones. A game without chapters folds
    /// its history by count.
    fn ends_chapter(&self, events: &Events<<Self::Game as Rules>::Event>) -> bool {
        let _ = events;
        false
    }
    /// Points worth jumping to in a replay that one step produced (a battle won, a deal), as
    /// labels; `before` is the state before the step (none for the setup).
    fn milestones(
        &self,
        before: Option<&Self::Game>,
        after: &Self::Game,
        events: &Events<<Self::Game as Rules>::Event>,
        cx: &Ctx,
    ) -> Vec<Milestone>;
    /// The board and the table as this view shows them.
    fn board(&self, view: &<Self::Game as Rules>::View, cx: &Ctx) -> Html;
    /// What only this seat sees of itself (its hand…), for its seat page.
    fn private_part(&self, view: &<Self::Game as Rules>::View, seat: Seat, cx: &Ctx) -> Html;
    /// What a reviewer of a finished game sees beyond the board (every hand, the deck…).
    fn review_part(&self, view: &<Self::Game as Rules>::View, cx: &Ctx) -> Html;
    /// The seat's legal actions as forms.
    fn forms(
        &self,
        view: &<Self::Game as Rules>::View,
        seat: Seat,
        legal: &[<Self::Game as Rules>::Action],
        cx: &Ctx,
    ) -> Vec<MoveForm>;
    /// An action from form fields other than `action` (e.g. numbers per territory); `None`
    /// when these fields are not one of this game's forms. The message (in `words`) says
    /// what is wrong and what to do.
    fn action_from_form(
        &self,
        fields: &[(String, String)],
        words: &Words,
    ) -> Option<Result<<Self::Game as Rules>::Action, String>> {
        let _ = (fields, words);
        None
    }
    /// The reply commands that play `action` ("play M5", "jogar Inverno"), in `words`'
    /// language: each a phrase whose words, in any order, name the action; the first is the
    /// one mails show. Empty when this game takes no such move by reply (the reply is then a
    /// message to the table).
    fn commands(&self, action: &<Self::Game as Rules>::Action, words: &Words) -> Vec<String> {
        let _ = (action, words);
        Vec::new()
    }
    /// Every command word of this game in `words`' language, whatever the game's state: the
    /// first words of its commands ("play", "pass", "end turn"), as written in the catalogs.
    /// A reply line that starts with one of them, or with a slip of one
    /// ([`reply::starts_like`]), is taken for a command: it is never posted to the table, and is
    /// answered when it plays nothing. The default: none (the first words of the phrases of the
    /// seat's listed moves still count).
    fn command_words(&self, words: &Words) -> Vec<String> {
        let _ = words;
        Vec::new()
    }
    /// How this game folds a reply line into the words its commands compare (the reply reader
    /// matches [`Presenter::commands`]' phrases and [`Presenter::command_words`] with it). The
    /// default: [`Folding::standard`] (lower case, no accents or punctuation, the filler
    /// words of every catalog's `reply-filler-words` dropped). A game whose orders carry
    /// words the standard folding drops ("A MIL - PAV": an army, Milan to Pavia) folds its own way.
    fn folding(&self, languages: &[Words]) -> Folding {
        Folding::standard(languages)
    }
    /// How a reply's lines are taken: one script stopped by its first refused or unreadable
    /// line ([`Script::StopAtRefusal`], the default: a turn of steps that depend on each
    /// other), or each line on its own ([`Script::EachLine`]: a sheet of written orders).
    fn script(&self) -> Script {
        Script::StopAtRefusal
    }
    /// A reply line read by this game's own grammar, for moves no list of phrases can hold
    /// (numbers of armies, several places, written orders): `line` is the raw line as the
    /// player wrote it (trimmed), which the game folds as it likes (usually with
    /// [`Presenter::folding`]); `languages` holds every catalog, for commands are read in any
    /// language. Read before [`Presenter::commands`]' phrases; the default reads nothing.
    fn read_command(
        &self,
        line: &str,
        view: &<Self::Game as Rules>::View,
        seat: Seat,
        languages: &[Words],
    ) -> Command<<Self::Game as Rules>::Action> {
        let _ = (line, view, seat, languages);
        Command::None
    }
    /// The lines of a turn mail that are this game's: everything the seat needs to decide from
    /// the mail alone, on a phone (its hand by name, the board in words).
    fn mail_part(&self, view: &<Self::Game as Rules>::View, seat: Seat, cx: &Ctx) -> MailPart;
    /// What happened since the reader was last told, as a mail tells it: `steps` are the steps
    /// since then, oldest first, each with the events the reader may see. The default tells
    /// each step as the pages do (its authorship line, then each event's sentence in
    /// [`Presenter::told_order`]); a game whose steps are many small events sums them up (War:
    /// one line per attack, the dice left to the page and the record).
    fn mail_summary(
        &self,
        steps: &[MailStep<'_, <Self::Game as Rules>::Event>],
        cx: &Ctx,
    ) -> Vec<String> {
        steps
            .iter()
            .flat_map(|step| {
                let told = self.told_order(step.events.clone());
                step.by
                    .iter()
                    .cloned()
                    .chain(told.into_iter().map(|event| self.event(event, cx)))
                    .collect::<Vec<_>>()
            })
            .collect()
    }
    /// The public page's player table: extra column headers…
    fn player_columns(&self, cx: &Ctx) -> Vec<String>;
    /// …and each seat's cells under them.
    fn player_cells(&self, view: &<Self::Game as Rules>::View, seat: Seat, cx: &Ctx)
        -> Vec<String>;
    /// The colour of a seat's swatch on the pages, for a game whose seats have colours of
    /// their own (its rules or its board name them); `None` keeps the service's marker colours
    /// ([`SEAT_COLOURS`]).
    fn seat_colour(&self, view: &<Self::Game as Rules>::View, seat: Seat) -> Option<&'static str> {
        let _ = (view, seat);
        None
    }
}

/// What a game's grammar made of a reply line ([`Presenter::read_command`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command<A> {
    /// Its first word is no command of this game.
    None,
    /// It starts like a command, but the rest does not read as one.
    Unreadable,
    /// The action it names (the rules judge it when it is played).
    Action(A),
}

/// The words of a form field's label: `<game>-option-<name>`; help under `.help`.
pub fn option_label_id(game: &str, field: &OptionField) -> String {
    format!("{game}-option-{}", field.name.replace('_', "-"))
}

/// Seat colours, seat 1 first: the six marker colours of the box. Their names are the
/// messages `colour-1` … `colour-6`.
pub const SEAT_COLOURS: [&str; 6] = [
    "#c0392b", "#2471a3", "#1e8449", "#d4ac0d", "#7d3c98", "#ca6f1e",
];

/// A seat's colour and the name of that colour in the reader's language.
pub fn seat_colour(seat: Seat, words: &Words) -> (&'static str, String) {
    let index = seat.index() % SEAT_COLOURS.len();
    (seat_fill(seat), words.get(&format!("colour-{}", index + 1)))
}

/// The seat's colour alone, where its name is said otherwise.
pub fn seat_fill(seat: Seat) -> &'static str {
    SEAT_COLOURS[seat.index() % SEAT_COLOURS.len()]
}
