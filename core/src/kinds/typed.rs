//! The adapter from a game's typed `Rules` and `Presenter` to the erased `Kind` and `State`:
//! the one place that puts typed values into erased ones and takes them out again.

use super::erased::{
    Action, Decision, Dyn, Events, Game, OptionProblem, Options, Outcome, Pending, RuleError,
    State, View,
};
use super::table::{self, TableAction, TableError, TableOutcome, Tabled};
use super::{Json, Kind};
use crate::engine::{
    Audience, Coded, GameOutcome, OptionField, Press, Rules, Seat, Seed, Sight, Standing, Viewer,
};
use crate::present::{
    Command, Ctx, Folding, Html, MailPart, MailStep, Milestone, MoveForm, Presenter, Script, Words,
};
use std::any::Any;
use std::fmt;
use std::sync::Arc;

type Opts<G> = <G as Rules>::Options;
type Act<G> = <G as Rules>::Action;
type Ev<G> = <G as Rules>::Event;
type EventList<G> = Vec<(Audience, Ev<G>)>;

/// The `Kind` of a game, from its presenter (whose `Game` is the rules): the registry line.
pub fn kind<P: Presenter>(presenter: P) -> Arc<dyn Kind> {
    Arc::new(Typed { presenter })
}

struct Typed<P> {
    presenter: P,
}

/// A typed state behind the erased `State`. The state is taken out only while
/// [`State::advance`] applies an action to it (the engines' `apply` takes it by value), so it
/// is always there between calls; `events` is that call's scratch list, kept for the next.
struct TypedState<G: Rules> {
    game: Option<G>,
    events: EventList<G>,
}

/// Why a typed state is always there: only `advance` takes it, and it puts it back.
const TAKEN: &str = "a state is only taken while an action is applied to it";

impl<G: Rules> TypedState<G> {
    fn new(game: G) -> TypedState<G> {
        TypedState {
            game: Some(game),
            events: Vec::new(),
        }
    }
    fn game(&self) -> &G {
        self.game.as_ref().expect(TAKEN)
    }
}

impl<G: Rules> fmt::Debug for TypedState<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} state", G::NAME)
    }
}

/// The JSON of an erased value of type `T`.
fn json_of<T: serde::Serialize + 'static>(value: &dyn Dyn) -> Json {
    Json::of(
        value
            .as_any()
            .downcast_ref::<T>()
            .expect("a value of its game"),
    )
}

fn action<G: Rules>(typed: Act<G>) -> Action {
    Action {
        inner: Arc::new(typed),
        json: std::sync::OnceLock::new(),
        to_json: json_of::<Act<G>>,
    }
}

fn options<G: Rules>(typed: Opts<G>) -> Options {
    Options {
        inner: Arc::new(typed),
        json: std::sync::OnceLock::new(),
        to_json: json_of::<Opts<G>>,
    }
}

fn outcome<G: Rules>(typed: &G::Outcome) -> Outcome {
    Outcome {
        json: Json::of(typed),
        winners: typed.winners(),
        inner: Arc::new(typed.clone()),
    }
}

fn decision<G: Rules>(typed: G::Decision) -> Decision {
    fn to_json<D: serde::Serialize + 'static>(value: &dyn Dyn) -> Json {
        let typed = value
            .as_any()
            .downcast_ref::<D>()
            .expect("a decision of its game");
        Json::of(typed)
    }
    Decision {
        inner: Arc::new(typed),
        json: to_json::<G::Decision>,
    }
}

fn events<G: Rules>(typed: EventList<G>) -> Events {
    Events {
        len: typed.len(),
        inner: Arc::new(typed),
    }
}

fn rule_error<G: Rules>(typed: G::RuleError) -> RuleError {
    RuleError {
        game: G::NAME,
        code: typed.code(),
        description: typed.to_string(),
        inner: Arc::new(typed),
    }
}

/// A new game, with its table (`table::Tabled`).
fn game<G: Rules>(typed: G) -> Game {
    Tabled::wrap(Box::new(TypedState::new(typed)))
}

/// The typed value inside an erased one of this game. A value of another game here is a
/// bug in the caller (the registry hands each game only its own values).
fn typed<'a, T: Any>(value: Option<&'a T>, what: &str) -> &'a T {
    value.unwrap_or_else(|| panic!("{what} of another game kind"))
}

impl<G: Rules> State for TypedState<G> {
    fn as_any(&self) -> &dyn Any {
        self.game()
    }
    fn clone_box(&self) -> Box<dyn State> {
        Box::new(TypedState::new(self.game().clone()))
    }
    fn players(&self) -> u8 {
        self.game().players()
    }
    fn options(&self) -> Options {
        options::<G>(self.game().options().clone())
    }
    fn check(&self, seat: Seat, act: &Action) -> Result<(), RuleError> {
        let typed_action: &Act<G> = typed(act.downcast(), "an action");
        self.game()
            .check(seat, typed_action)
            .map_err(rule_error::<G>)
    }
    fn step(&self, seat: Seat) -> Option<u64> {
        self.game().step(seat)
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.game()
            .legal_actions(seat)
            .into_iter()
            .map(action::<G>)
            .collect()
    }
    fn apply(&self, seat: Seat, act: &Action) -> Result<(Game, Events), RuleError> {
        let typed_action: &Act<G> = typed(act.downcast(), "an action");
        let mut list = Vec::new();
        match self.game().clone().apply(seat, typed_action, &mut list) {
            // The table around it is kept by `Tabled::apply`.
            Ok(next) => Ok((Game(Box::new(TypedState::new(next))), events::<G>(list))),
            Err((_, error)) => Err(rule_error::<G>(error)),
        }
    }
    fn advance(&mut self, seat: Seat, act: &Action) -> Result<(), RuleError> {
        let typed_action: &Act<G> = typed(act.downcast(), "an action");
        let game = self.game.take().expect(TAKEN);
        self.events.clear();
        let (game, result) = match game.apply(seat, typed_action, &mut self.events) {
            Ok(next) => (next, Ok(())),
            Err((back, error)) => (back, Err(rule_error::<G>(error))),
        };
        self.game = Some(game);
        result
    }
    fn waiting(&self) -> Vec<Seat> {
        self.game().waiting_on()
    }
    fn pick_legal(&self, seat: Seat, pick: &mut dyn FnMut(usize) -> usize) -> Option<Action> {
        let mut legal = self.game().legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let index = pick(legal.len());
        Some(action::<G>(legal.swap_remove(index)))
    }
    fn pending(&self) -> Vec<Pending> {
        self.game()
            .pending()
            .into_iter()
            .map(|(seat, d)| Pending {
                seat,
                decision: decision::<G>(d),
            })
            .collect()
    }
    fn default_action(&self, seat: Seat) -> Option<Action> {
        self.game().default_action(seat).map(action::<G>)
    }
    fn bot_action(&self, seat: Seat, rng: &mut dyn rand_core::RngCore) -> Option<Action> {
        self.game().bot_action(seat, rng).map(action::<G>)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game().outcome().map(outcome::<G>)
    }
    fn standings(&self) -> Vec<Standing> {
        self.game().standings()
    }
    fn view(&self, viewer: Viewer) -> View {
        fn to_json<V: serde::Serialize + 'static>(value: &dyn Any) -> Json {
            let typed = value.downcast_ref::<V>().expect("a view of its game");
            Json::of(typed)
        }
        View {
            viewer,
            inner: Arc::new(self.game().view(viewer)),
            json: to_json::<G::View>,
        }
    }
    fn facts(&self) -> Vec<(&'static str, u64)> {
        self.game().facts()
    }
    fn position(&self) -> serde_json::Value {
        serde_json::to_value(self.game().to_position()).expect("positions serialize")
    }
    fn audit(&self) -> Vec<String> {
        self.game().audit()
    }
    fn is_over(&self) -> bool {
        self.game().is_over()
    }
    fn no_events(&self) -> Events {
        events::<G>(Vec::new())
    }
}

impl<P: Presenter> Typed<P> {
    fn state<'a>(&self, game: &'a Game) -> &'a P::Game {
        typed(game.downcast(), "a game")
    }
    fn view<'a>(&self, view: &'a View) -> &'a <P::Game as Rules>::View {
        typed(view.downcast(), "a view")
    }
    fn events<'a>(&self, events: &'a Events) -> &'a EventList<P::Game> {
        typed(events.downcast(), "events")
    }
}

/// serde's message for a value that does not fit the game's type, made a little friendlier.
fn json_problem(error: serde_json::Error) -> String {
    error.to_string()
}

impl<P: Presenter> Kind for Typed<P> {
    fn name(&self) -> &'static str {
        P::Game::NAME
    }
    fn rules_versions(&self) -> &'static [u32] {
        P::Game::RULES_VERSIONS
    }
    fn current_rules_version(&self) -> u32 {
        P::Game::CURRENT_RULES_VERSION
    }
    fn players(&self) -> (u8, u8) {
        P::Game::PLAYERS
    }
    fn option_fields(&self) -> Vec<OptionField> {
        P::Game::option_fields()
    }
    fn schemas(&self) -> Vec<crate::engine::schema::NamedSchema> {
        P::Game::schemas()
    }
    fn read_options(&self, json: &str) -> Result<Options, String> {
        serde_json::from_str::<Opts<P::Game>>(json)
            .map(options::<P::Game>)
            .map_err(json_problem)
    }
    fn option_problems(&self, opts: &Options, players: u8) -> Vec<OptionProblem> {
        let typed_options: &Opts<P::Game> = typed(opts.downcast(), "options");
        P::Game::option_problems(typed_options, players)
            .into_iter()
            .map(|problem| OptionProblem {
                code: problem.code(),
                description: problem.to_string(),
                inner: Arc::new(problem),
            })
            .collect()
    }
    fn settle_options(&self, opts: &Options) -> Options {
        let typed_options: &Opts<P::Game> = typed(opts.downcast(), "options");
        options::<P::Game>(P::Game::settle_options(typed_options.clone()))
    }
    fn setup(
        &self,
        rules_version: u32,
        opts: &Options,
        players: u8,
        seed: Seed,
    ) -> Result<(Game, Events), String> {
        let typed_options: &Opts<P::Game> = typed(opts.downcast(), "options");
        let mut list = Vec::new();
        let state = P::Game::setup(rules_version, typed_options, players, seed, &mut list)
            .map_err(|problems| problems.join("; "))?;
        Ok((game(state), events::<P::Game>(list)))
    }
    fn read_action(&self, json: &str) -> Result<Action, String> {
        if let Some(vote) = TableAction::read(json) {
            return vote.map(TableAction::action);
        }
        serde_json::from_str::<Act<P::Game>>(json)
            .map(action::<P::Game>)
            .map_err(json_problem)
    }
    fn read_outcome(&self, json: &str) -> Result<Outcome, String> {
        if let Some(outcome) = TableOutcome::read(json) {
            return outcome;
        }
        serde_json::from_str::<<P::Game as Rules>::Outcome>(json)
            .map(|typed| outcome::<P::Game>(&typed))
            .map_err(json_problem)
    }
    fn read_position(&self, json: &str) -> Result<Game, Vec<String>> {
        let position = serde_json::from_str::<<P::Game as Rules>::Position>(json)
            .map_err(|e| vec![json_problem(e)])?;
        P::Game::from_position(position).map(game)
    }
    fn entry_audience(&self, opts: &Options, seat: Seat, act: &Action) -> Audience {
        if act.downcast::<TableAction>().is_some() {
            return Audience::Everyone;
        }
        P::Game::entry_audience(
            typed(opts.downcast(), "options"),
            seat,
            typed(act.downcast(), "an action"),
        )
    }
    fn press(&self, opts: &Options) -> Press {
        P::Game::press(typed(opts.downcast(), "options"))
    }
    fn counts(&self, list: &Events) -> Vec<&'static str> {
        self.events(list)
            .iter()
            .flat_map(|(_, event)| P::Game::counts(event).iter().copied())
            .collect()
    }
    fn events_json(&self, list: &Events) -> serde_json::Value {
        #[derive(serde::Serialize)]
        struct WithAudience<'a, E> {
            audience: Audience,
            #[serde(flatten)]
            event: &'a E,
        }
        let shown: Vec<_> = self
            .events(list)
            .iter()
            .map(|(audience, event)| WithAudience {
                audience: *audience,
                event,
            })
            .collect();
        serde_json::to_value(shown).expect("events serialize")
    }

    fn catalogs(&self) -> Vec<(&'static str, &'static str)> {
        self.presenter.catalogs()
    }
    fn options_words(&self, opts: &Options, cx: &Ctx) -> Vec<String> {
        self.presenter
            .options(typed(opts.downcast(), "options"), cx)
    }
    fn option_notes(&self, opts: &Options, cx: &Ctx) -> Vec<String> {
        self.presenter
            .option_notes(typed(opts.downcast(), "options"), cx)
    }
    fn option_problem_words(&self, problem: &OptionProblem, cx: &Ctx) -> String {
        self.presenter
            .option_problem(typed(problem.inner.downcast_ref(), "an option problem"), cx)
    }
    fn decision_words(&self, d: &Decision, cx: &Ctx) -> String {
        self.presenter
            .decision(typed(d.downcast(), "a decision"), cx)
    }
    fn events_words(&self, list: &Events, sight: &Sight, cx: &Ctx) -> Vec<String> {
        let visible = P::Game::visible(self.events(list), cx.viewer, sight);
        self.presenter
            .told_order(visible)
            .into_iter()
            .map(|event| self.presenter.event(event, cx))
            .collect()
    }
    fn action_words(&self, act: &Action, cx: &Ctx) -> String {
        if let Some(vote) = act.downcast::<TableAction>() {
            return table::vote_words(vote, cx);
        }
        self.presenter
            .action(typed(act.downcast(), "an action"), cx)
    }
    fn rule_error_words(&self, error: &RuleError, cx: &Ctx) -> String {
        if let Some(refusal) = error.downcast::<TableError>() {
            return refusal.words(cx);
        }
        self.presenter
            .rule_error(typed(error.downcast(), "a rule error"), cx)
    }
    fn outcome_words(&self, o: &Outcome, cx: &Ctx) -> String {
        if let Some(ending) = o.downcast::<TableOutcome>() {
            return table::outcome_words(ending, cx);
        }
        self.presenter
            .outcome(typed(o.downcast(), "an outcome"), cx)
    }
    fn standing_words(&self, view: &View, standing: &Standing, cx: &Ctx) -> String {
        self.presenter.standing(self.view(view), standing, cx)
    }
    fn situation(&self, view: &View, cx: &Ctx) -> String {
        self.presenter.situation(self.view(view), cx)
    }
    fn ends_chapter(&self, list: &Events) -> bool {
        self.presenter.ends_chapter(self.events(list))
    }
    fn milestones(
        &self,
        before: Option<&Game>,
        after: &Game,
        list: &Events,
        cx: &Ctx,
    ) -> Vec<Milestone> {
        self.presenter.milestones(
            before.map(|b| self.state(b)),
            self.state(after),
            self.events(list),
            cx,
        )
    }
    fn board(&self, view: &View, cx: &Ctx) -> Html {
        self.presenter.board(self.view(view), cx)
    }
    fn private_part(&self, view: &View, seat: Seat, cx: &Ctx) -> Html {
        self.presenter.private_part(self.view(view), seat, cx)
    }
    fn review_part(&self, view: &View, cx: &Ctx) -> Html {
        self.presenter.review_part(self.view(view), cx)
    }
    fn forms(&self, view: &View, seat: Seat, legal: &[Action], cx: &Ctx) -> Vec<MoveForm> {
        let legal: Vec<Act<P::Game>> = legal
            .iter()
            .map(|a| typed::<Act<P::Game>>(a.downcast(), "an action").clone())
            .collect();
        self.presenter.forms(self.view(view), seat, &legal, cx)
    }
    fn action_from_form(
        &self,
        fields: &[(String, String)],
        words: &Words,
    ) -> Option<Result<Action, String>> {
        self.presenter
            .action_from_form(fields, words)
            .map(|parsed| parsed.map(action::<P::Game>))
    }
    fn commands(&self, act: &Action, words: &Words) -> Vec<String> {
        if act.downcast::<TableAction>().is_some() {
            return Vec::new();
        }
        self.presenter
            .commands(typed(act.downcast(), "an action"), words)
    }
    fn command_words(&self, words: &Words) -> Vec<String> {
        self.presenter.command_words(words)
    }
    fn folding(&self, languages: &[Words]) -> Folding {
        self.presenter.folding(languages)
    }
    fn script(&self) -> Script {
        self.presenter.script()
    }
    fn read_command(
        &self,
        line: &str,
        view: &View,
        seat: Seat,
        languages: &[Words],
    ) -> Command<Action> {
        match self
            .presenter
            .read_command(line, self.view(view), seat, languages)
        {
            Command::None => Command::None,
            Command::Unreadable => Command::Unreadable,
            Command::Action(a) => Command::Action(action::<P::Game>(a)),
        }
    }
    fn mail_part(&self, view: &View, seat: Seat, cx: &Ctx) -> MailPart {
        self.presenter.mail_part(self.view(view), seat, cx)
    }
    fn mail_summary(&self, steps: &[(Option<String>, &Events, Sight)], cx: &Ctx) -> Vec<String> {
        let steps: Vec<MailStep<'_, _>> = steps
            .iter()
            .map(|(by, list, sight)| MailStep {
                by: by.clone(),
                events: P::Game::visible(self.events(list), cx.viewer, sight),
            })
            .collect();
        self.presenter.mail_summary(&steps, cx)
    }
    fn player_columns(&self, cx: &Ctx) -> Vec<String> {
        self.presenter.player_columns(cx)
    }
    fn player_cells(&self, view: &View, seat: Seat, cx: &Ctx) -> Vec<String> {
        self.presenter.player_cells(self.view(view), seat, cx)
    }
    fn seat_colour(&self, view: &View, seat: Seat) -> Option<&'static str> {
        self.presenter.seat_colour(self.view(view), seat)
    }
}
