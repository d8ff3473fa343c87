//! Condottiere (FFG 2006 edition) for 2–6 players with the five optional rules, as decided in
//! `shared/rules/condottiere.md` (rulings R1–R32). Pure: the seed is the only source of chance.

mod actions;
mod bot;
mod cards;
mod legal;
mod map;
mod rules;
mod state;
mod strength;
mod validate;
mod view;

pub use actions::{Action, Decision, Event, RuleError, SeatCard, SeatStrength};
pub use cards::{Card, Hand, DECK_SIZE};
pub use map::{largest_group, Region, BORDERS, REGION_COUNT};
pub use rules::Events;
pub use state::{
    Battle, BattleKind, DrawChoice, Ending, Game, LineCard, Options, Outcome, Pending, Position,
    SeatSet, Series, Step, CURRENT_RULES_VERSION, RULES_VERSIONS,
};
pub use validate::PositionError;
pub use view::{visible_events, BattleView, CardView, SeatView, View, Waiting};

use crate::engine::{
    Audience, OptionField, OptionKind, Rules, Seat, Seed, Sight, Standing, Viewer,
};

/// Either problem that can stop a setup or an action.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error(transparent)]
    Rule(#[from] RuleError),
}

impl Game {
    /// Apply one action: the new state, or the untouched state and the rule that forbids it.
    /// The state is handed back by value on purpose (the `Rules` boundary), hence the large `Err`.
    #[allow(clippy::result_large_err)]
    pub fn apply(
        self,
        seat: Seat,
        action: &Action,
        events: &mut Events,
    ) -> Result<Game, (Game, RuleError)> {
        if let Err(error) = self.check(seat, action) {
            return Err((self, error));
        }
        let mut game = self;
        game.perform(seat, action, events);
        Ok(game)
    }

    /// Every problem with the state, for simulations and property tests (empty when sound).
    pub fn audit(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let counts = self.card_counts();
        for card in Card::ALL {
            if counts[card as usize] != card.copies() {
                problems.push(format!(
                    "{} {} cards exist, not {}",
                    counts[card as usize],
                    card.code(),
                    card.copies()
                ));
            }
        }
        if let Err(e) = Game::from_position(self.to_position()) {
            problems.extend(e.0);
        }
        if !self.is_over() {
            let waiting = self.waiting_on();
            if waiting.is_empty() {
                problems.push("the game waits on nobody but is not over".into());
            }
            for seat in waiting {
                if self.legal_actions(seat).is_empty() {
                    problems.push(format!("{seat} is asked to decide but has no legal action"));
                }
            }
        }
        problems
    }
}

/// What is wrong with a set of Condottiere options.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionProblem {
    #[error("the first holder of the Condottiere token is not a seat of this game")]
    FirstHolderNotASeat,
    #[error("the Play for Points target must be a whole number from {min} to {max}")]
    PointsTarget { min: u32, max: u32 },
}

impl crate::engine::Coded for OptionProblem {
    fn code(&self) -> &'static str {
        match self {
            OptionProblem::FirstHolderNotASeat => "first_holder",
            OptionProblem::PointsTarget { .. } => "play_for_points",
        }
    }
}

impl crate::engine::Coded for RuleError {
    fn code(&self) -> &'static str {
        RuleError::code(self)
    }
}

impl crate::engine::GameOutcome for Outcome {
    fn winners(&self) -> Vec<Seat> {
        self.winners.clone()
    }
}

/// The Play for Points target's limits: the create form, the API and the check share them.
pub const POINTS_TARGET: (u32, u32, u32) = (1, 200, 20);

impl Rules for Game {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Decision = Decision;
    type Outcome = Outcome;
    type Position = Position;
    type RuleError = RuleError;
    type OptionProblem = OptionProblem;

    const NAME: &'static str = "condottiere";
    const RULES_VERSIONS: &'static [u32] = &RULES_VERSIONS;
    const CURRENT_RULES_VERSION: u32 = CURRENT_RULES_VERSION;
    const PLAYERS: (u8, u8) = (2, 6);

    fn schemas() -> Vec<crate::engine::schema::NamedSchema> {
        crate::engine::schema::of_game::<Options, Action>()
    }
    fn option_fields() -> Vec<OptionField> {
        let flag = |name| OptionField {
            name,
            kind: OptionKind::Flag,
        };
        let (min, max, default) = POINTS_TARGET;
        vec![
            flag("draw_after_battle"),
            OptionField {
                name: "play_for_points",
                kind: OptionKind::OptionalNumber { min, max, default },
            },
            flag("bigger_kingdoms"),
            flag("capturing_regions"),
            flag("hidden_cards"),
            OptionField {
                name: "first_holder",
                kind: OptionKind::OptionalSeat,
            },
        ]
    }

    fn option_problems(options: &Options, players: u8) -> Vec<OptionProblem> {
        let mut problems = Vec::new();
        if options.first_holder.is_some_and(|s| s.0 >= players) {
            problems.push(OptionProblem::FirstHolderNotASeat);
        }
        let (min, max, _) = POINTS_TARGET;
        if options
            .play_for_points
            .is_some_and(|t| !(min..=max).contains(&t))
        {
            problems.push(OptionProblem::PointsTarget { min, max });
        }
        problems
    }

    fn setup(
        rules_version: u32,
        options: &Options,
        players: u8,
        seed: Seed,
        events: &mut Events,
    ) -> Result<Self, Vec<String>> {
        Game::setup(rules_version, options, players, seed, events).map_err(|e| e.0)
    }
    fn players(&self) -> u8 {
        self.players
    }
    fn options(&self) -> &Options {
        &self.options
    }
    fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        Game::check(self, seat, action)
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        Game::legal_actions(self, seat)
    }
    fn apply(
        self,
        seat: Seat,
        action: &Action,
        events: &mut Events,
    ) -> Result<Self, (Self, RuleError)> {
        Game::apply(self, seat, action, events)
    }
    fn view(&self, viewer: Viewer) -> View {
        Game::view(self, viewer)
    }
    fn pending(&self) -> Vec<(Seat, Decision)> {
        Seat::all(self.players)
            .filter_map(|seat| Game::decision(self, seat).map(|d| (seat, d)))
            .collect()
    }
    fn waiting_on(&self) -> Vec<Seat> {
        Game::waiting_on(self)
    }
    fn default_action(&self, seat: Seat) -> Option<Action> {
        Game::default_action(self, seat)
    }
    fn bot_action(&self, seat: Seat, rng: &mut dyn rand_core::RngCore) -> Option<Action> {
        Game::bot_action(self, seat, rng)
    }
    fn outcome(&self) -> Option<&Outcome> {
        Game::outcome(self)
    }
    fn standings(&self) -> Vec<Standing> {
        let Some(outcome) = Game::outcome(self) else {
            return Vec::new();
        };
        // Winners first; then by points in a series, else by regions held at the end.
        let score = |seat: Seat| -> (bool, u32, usize) {
            let points = outcome
                .scores
                .as_ref()
                .map_or(0, |scores| scores[seat.index()]);
            (
                outcome.winners.contains(&seat),
                points,
                self.regions_of(seat).len(),
            )
        };
        let mut seats: Vec<Seat> = Seat::all(self.players).collect();
        seats.sort_by_key(|&s| std::cmp::Reverse(score(s)));
        let mut standings: Vec<Standing> = Vec::new();
        for (i, &seat) in seats.iter().enumerate() {
            let place = match standings.last() {
                Some(last) if score(last.seat) == score(seat) => last.place,
                _ => i as u8 + 1,
            };
            standings.push(Standing { seat, place });
        }
        standings
    }
    fn entry_audience(options: &Options, seat: Seat, action: &Action) -> Audience {
        let private = match action {
            Action::Play { card } => options.hidden_cards && card.is_hidden_type(),
            Action::Keep { .. } | Action::DiscardHand { .. } | Action::Draw { .. } => true,
            _ => false,
        };
        if private {
            Audience::Only(seat)
        } else {
            Audience::Everyone
        }
    }
    fn visible<'e>(
        events: &'e [(Audience, Event)],
        viewer: Viewer,
        sight: &Sight,
    ) -> Vec<&'e Event> {
        visible_events(events, viewer, sight)
    }
    fn counts(event: &Event) -> &'static [&'static str] {
        match event {
            Event::GameStarted { .. } => &["games", "rounds"],
            Event::RoundStarted { .. } => &["rounds"],
            _ => &[],
        }
    }
    fn facts(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("battles", u64::from(self.battles())),
            ("deals", u64::from(self.deals())),
        ]
    }
    fn to_position(&self) -> Position {
        Game::to_position(self)
    }
    fn from_position(position: Position) -> Result<Self, Vec<String>> {
        Game::from_position(position).map_err(|e| e.0)
    }
    fn audit(&self) -> Vec<String> {
        Game::audit(self)
    }
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }
}
