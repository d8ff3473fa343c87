//! War (Grow, classic board) with the SMART mod 1.0 for 3–6 players, as decided in
//! `shared/rules/war-smart.md` (rulings R1–R34, decisions D1–D7). Pure: the seed is the only
//! source of chance, and every die rolled is a public event.
//!
//! # How a turn maps to actions
//!
//! Only the active player is ever asked (`pending` lists one seat); any seat may replace its
//! standing orders at any time (`set_orders`, D7). A turn sent as a script is a sequence of
//! separate actions the service applies one by one:
//!
//! - phase A (D1): `intelligence` (once), any number of `trade`s, then one `place`;
//! - phase B (D2, from round 2): `attack` with a plan, `continue` with a new plan, `end_combat`.
//!   A plan runs atomically inside one `apply`: battle after battle, dice, the defender's
//!   standing orders and the plan's own reactions, every roll an event. It stops (attack still
//!   open), closes, or pauses for `reveal_terrain` / `reroll` / `no_reaction` (D3, plan
//!   `react: ask`) or `occupy` (D4, plan `occupy: ask`);
//! - phase C (D5): `move` (amounts `k`, `"all"`, `"leave:m"` resolved when applied),
//!   `hidden_passage`, `air_transport`, `continental_alliance`, then `end_turn` with an
//!   optional discard preference. A phase C action sent during phase B (outside a battle)
//!   ends the combat phase first, so a script needs no explicit `end_combat`;
//! - end of turn (D6): `discard` down to 6 when the hand is larger and no preference was given.
//!
//! # Legality
//!
//! `apply` is the judge of any action: it checks it against the position at that moment and
//! hands the state back untouched with a rule error (naming the § and ruling) if it refuses.
//! `legal_actions` is always a finite list. Small decisions are listed whole (Intelligence
//! sets, reactions, the D4 amounts that matter). Large ones are listed by a documented
//! representative set that always contains the deadline default: placements (the §9.6 default
//! and one concentration per frontier territory), trades (each card, each symbol's group with
//! and without jokers, one of each symbol, the jokers), attacks (every legal source–target
//! pair and every air card, each with one of five plan variants), moves (1 and `all` along
//! every reachable pair, each power card's representative use), hand-limit discards (the
//! default, the lowest and the highest cards), and three standing-order presets for D7.
//! Every listed action is accepted; an unlisted action may be accepted too.
//!
//! # Randomness
//!
//! One ChaCha20 stream of the seed (named "war-setup", index 0) serves the whole game in the
//! order events happen (§8): the setup's shuffles and dealer draw, then every battle roll,
//! reroll and reshuffle. The position carries how many words of it were read (`stream`), so
//! any position continues exactly as the game would.

mod actions;
mod bot;
mod cards;
mod combat;
mod legal;
mod map;
mod orders;
mod playout;
mod rules;
mod state;
mod validate;
mod view;

pub use actions::{
    Action, AttackEnd, Decision, Direction, DrawReason, Event, MoveProblem, PlacementProblem,
    RerolledDie, RuleError, Side, Split,
};
pub use cards::{Card, CardSet, Colour, Objective, DECK_SIZE};
pub use combat::{best_reroll, resolve, Expected, Stakes};
pub use legal::{order_presets, plan_variant};
pub use map::{Continent, Symbol, Territory, TerritorySet, BORDERS, TERRITORY_COUNT};
pub use orders::{
    Amount, AttackReroll, AttackTerrain, Block, CardClass, DefenceReroll, DefenceTerrain, Occupy,
    Plan, React, RerollWhen, StandingOrders,
};
pub use playout::{random_playout, Playout, MAX_ACTIONS};
pub use rules::{trade_value, Events, Pools, TradeValue};
pub use state::{
    attack_limit, AttackPending, Combat, Ending, Game, Movement, OpenAttack, Options, Outcome,
    Phase, PileCard, Position, Reinforce, TerritoryCounts, CURRENT_RULES_VERSION, ROUND_LIMIT,
    RULES_VERSIONS,
};
pub use validate::PositionError;
pub use view::{
    visible_events, AttackView, PhaseView, PileView, SeatView, TerritoryView, View, Waiting,
};

use crate::engine::{
    Audience, OptionField, OptionKind, Rules, Seat, Seed, Sight, Standing, Viewer,
};

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

    /// Every broken invariant of the state (§11.1 and the position's own), for simulations and
    /// property tests; empty when sound.
    pub fn audit(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.card_total() != DECK_SIZE {
            problems.push(format!(
                "{} cards are in the piles and hands, not 44",
                self.card_total()
            ));
        }
        if let Err(e) = Game::from_position(self.to_position()) {
            problems.extend(e.0);
        }
        if !self.is_over() {
            let waiting = self.pending_seats();
            if waiting.len() != 1 {
                problems.push(format!("the game waits on {} seats, not 1", waiting.len()));
            }
            for seat in waiting {
                let legal = self.decision_actions(seat);
                if legal.is_empty() {
                    problems.push(format!("{seat} is asked to decide but has no legal action"));
                }
                for action in &legal {
                    if let Err(e) = self.check(seat, action) {
                        problems.push(format!("listed action {action:?} is refused: {e}"));
                    }
                }
                match self.default_action(seat) {
                    Some(default) => {
                        if !legal.contains(&default) {
                            problems.push(format!("the default {default:?} is not listed"));
                        }
                    }
                    None => problems.push(format!("{seat} has no deadline default")),
                }
            }
        }
        problems
    }

    fn pending_seats(&self) -> Vec<Seat> {
        Seat::all(self.players)
            .filter(|&s| self.decision(s).is_some())
            .collect()
    }

    /// The listed actions of the decision a seat owes, without the standing-order presets.
    pub fn decision_actions(&self, seat: Seat) -> Vec<Action> {
        let mut actions = self.legal_actions(seat);
        actions.retain(|a| !a.is_orders());
        actions
    }

    /// Final places: the winners first, then by territories, armies and cards; the eliminated
    /// seat last.
    pub fn standings(&self) -> Vec<Standing> {
        let Some(outcome) = self.outcome() else {
            return Vec::new();
        };
        let key = |seat: Seat| {
            (
                outcome.winners.contains(&seat),
                outcome.eliminated != Some(seat),
                self.territory_count(seat),
                self.army_count(seat),
                self.hand(seat).len(),
            )
        };
        let mut seats: Vec<Seat> = Seat::all(self.players).collect();
        seats.sort_by_key(|&s| std::cmp::Reverse(key(s)));
        let mut standings: Vec<Standing> = Vec::new();
        for (i, &seat) in seats.iter().enumerate() {
            let place = match standings.last() {
                Some(last) if key(last.seat) == key(seat) => last.place,
                _ => i as u8 + 1,
            };
            standings.push(Standing { seat, place });
        }
        standings
    }
}

/// What is wrong with a set of War options.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionProblem {
    #[error("the dealer is not a seat of this game (R4)")]
    DealerNotASeat,
    #[error("the round limit must be a whole number from {min} to {max} (R30)")]
    RoundLimit { min: u32, max: u32 },
    #[error("the colours must name a different colour for each seat (§3.6)")]
    Colours,
}

impl crate::engine::Coded for OptionProblem {
    fn code(&self) -> &'static str {
        match self {
            OptionProblem::DealerNotASeat => "dealer",
            OptionProblem::RoundLimit { .. } => "round_limit",
            OptionProblem::Colours => "colours",
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

pub(crate) fn option_problem_list(options: &Options, players: u8) -> Vec<OptionProblem> {
    let mut problems = Vec::new();
    if options.dealer.is_some_and(|s| s.0 >= players) {
        problems.push(OptionProblem::DealerNotASeat);
    }
    let (min, max, _) = ROUND_LIMIT;
    if options
        .round_limit
        .is_some_and(|n| !(min..=max).contains(&n))
    {
        problems.push(OptionProblem::RoundLimit { min, max });
    }
    if let Some(colours) = &options.colours {
        if colours.len() != players as usize || orders::has_duplicates(colours) {
            problems.push(OptionProblem::Colours);
        }
    }
    problems
}

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

    const NAME: &'static str = "war";
    const RULES_VERSIONS: &'static [u32] = &RULES_VERSIONS;
    const CURRENT_RULES_VERSION: u32 = CURRENT_RULES_VERSION;
    const PLAYERS: (u8, u8) = (3, 6);

    fn schemas() -> Vec<crate::engine::schema::NamedSchema> {
        crate::engine::schema::of_game::<Options, Action>()
    }
    fn option_fields() -> Vec<OptionField> {
        let (min, max, default) = ROUND_LIMIT;
        vec![
            OptionField {
                name: "dealer",
                kind: OptionKind::OptionalSeat,
            },
            OptionField {
                name: "round_limit",
                kind: OptionKind::OptionalNumber { min, max, default },
            },
        ]
    }

    fn option_problems(options: &Options, players: u8) -> Vec<OptionProblem> {
        option_problem_list(options, players)
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
        self.current_decision()
            .map(|d| (self.active, d))
            .into_iter()
            .collect()
    }
    fn default_action(&self, seat: Seat) -> Option<Action> {
        Game::default_action(self, seat)
    }
    fn bot_action(&self, seat: Seat, _rng: &mut dyn rand_core::RngCore) -> Option<Action> {
        bot::action(self, seat)
    }
    fn outcome(&self) -> Option<&Outcome> {
        Game::outcome(self)
    }
    fn standings(&self) -> Vec<Standing> {
        Game::standings(self)
    }
    /// A seat's whole turn is one step (`war-smart.md` §9.1: one deadline per turn).
    fn step(&self, _seat: Seat) -> Option<u64> {
        Some(u64::from(self.turn()))
    }
    fn entry_audience(_options: &Options, seat: Seat, action: &Action) -> Audience {
        let private = match action {
            // Orders, plans and hand-limit choices are the seat's own (§7); their effects
            // appear as public events.
            Action::SetOrders { .. }
            | Action::Attack { .. }
            | Action::Continue { .. }
            | Action::Discard { .. } => true,
            Action::EndTurn { discard } => discard.is_some(),
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
            Event::GameStarted { .. } => &["games"],
            Event::RoundStarted { .. } => &["rounds"],
            Event::TurnStarted { .. } => &["turns"],
            Event::AttackDeclared { .. } => &["attacks"],
            Event::Rolled { .. } => &["battles"],
            Event::Conquered { .. } => &["conquests"],
            Event::Traded { .. } => &["trades"],
            Event::Reshuffled { .. } => &["reshuffles"],
            _ => &[],
        }
    }
    fn facts(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("rounds", u64::from(self.round)),
            ("battles", u64::from(self.battles)),
            ("conquests", u64::from(self.conquests)),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_plans_and_hand_limit_choices_are_private_entries_and_the_rest_public() {
        let seat = Seat(1);
        let options = Options::default();
        let private = [
            Action::SetOrders {
                orders: StandingOrders::default(),
            },
            Action::Attack {
                from: Territory::Brasil,
                to: Territory::Argelia,
                air_card: None,
                plan: Plan::default(),
            },
            Action::Continue {
                plan: Plan::default(),
            },
            Action::Discard { cards: vec![] },
            Action::EndTurn {
                discard: Some(vec![]),
            },
        ];
        for action in &private {
            assert_eq!(
                <Game as Rules>::entry_audience(&options, seat, action),
                Audience::Only(seat),
                "{action:?}"
            );
        }
        let public = [
            Action::EndTurn { discard: None },
            Action::Trade { cards: vec![] },
            Action::NoReaction,
            Action::EndCombat,
        ];
        for action in &public {
            assert_eq!(
                <Game as Rules>::entry_audience(&options, seat, action),
                Audience::Everyone
            );
        }
    }

    #[test]
    fn a_drawn_card_is_a_count_for_others_and_the_card_for_its_holder() {
        let seat = Seat(0);
        let card = Card::JOKER_1;
        let reason = DrawReason::Conquest;
        let events = vec![
            (Audience::Everyone, Event::Drew { seat, reason }),
            (Audience::Only(seat), Event::Received { seat, card, reason }),
        ];
        let seen = |viewer, over| {
            <Game as Rules>::visible(&events, viewer, &Sight::over(over))
                .into_iter()
                .cloned()
                .collect::<Vec<_>>()
        };
        assert_eq!(seen(Viewer::Seat(seat), false), vec![events[1].1.clone()]);
        assert_eq!(
            seen(Viewer::Seat(Seat(1)), false),
            vec![events[0].1.clone()]
        );
        assert_eq!(seen(Viewer::Spectator, false), vec![events[0].1.clone()]);
        assert_eq!(seen(Viewer::Reviewer, true), vec![events[1].1.clone()]);
    }

    #[test]
    fn the_first_battle_rolls_the_words_that_follow_the_setup_in_the_one_stream() {
        let seed = 11;
        let playout = random_playout(&Options::default(), 4, seed, false);
        let seed = Seed::from_u64(seed);
        let mut events = Vec::new();
        let mut game = Game::setup(
            CURRENT_RULES_VERSION,
            &Options::default(),
            4,
            seed,
            &mut events,
        )
        .unwrap();
        let after_setup = game.to_position().stream;
        // The setup read the stream: objectives, dealer, territories and draw pile shuffles.
        assert!(after_setup >= 41 + 43, "{after_setup}");
        let mut first_roll = None;
        for (seat, action) in &playout.actions {
            let mut step = Vec::new();
            game = game.apply(*seat, action, &mut step).unwrap();
            first_roll = step.iter().find_map(|(_, e)| match e {
                Event::Rolled {
                    attack, defence, ..
                } => Some((attack.clone(), defence.clone())),
                _ => None,
            });
            if first_roll.is_some() {
                break;
            }
        }
        let (attack, defence) = first_roll.expect("a random game fights");
        let mut stream = crate::engine::rng::Stream::resume(&seed, "war-setup", 0, after_setup);
        let expected: Vec<u8> = (0..attack.len() + defence.len())
            .map(|_| 1 + stream.below(6) as u8)
            .collect();
        assert_eq!([attack, defence].concat(), expected);
        assert_eq!(game.to_position().stream, stream.position());
    }

    #[test]
    fn trade_values_follow_the_table_of_section_5_3() {
        let card = |id: &str| Card::from_id(id).unwrap();
        let value = |ids: &[&str], own: bool| {
            let cards: Vec<Card> = ids.iter().map(|id| card(id)).collect();
            trade_value(&cards, |_| own).map(|v| v.total())
        };
        assert_eq!(value(&["alasca"], false), Some(1));
        assert_eq!(value(&["alasca"], true), Some(3));
        assert_eq!(value(&["alasca", "labrador"], false), Some(3));
        assert_eq!(value(&["alasca", "labrador", "mackenzie"], false), Some(6));
        assert_eq!(value(&["labrador", "california"], false), Some(4));
        assert_eq!(value(&["coringa_1"], false), Some(11));
        assert_eq!(value(&["coringa_1", "coringa_2"], false), Some(29));
        assert_eq!(value(&["labrador", "california", "mackenzie"], false), None);
        assert_eq!(
            value(&["alasca", "labrador", "mackenzie", "coringa_1"], false),
            None
        );
        assert_eq!(
            value(
                &[
                    "labrador",
                    "california",
                    "mexico",
                    "sudao",
                    "coringa_1",
                    "coringa_2"
                ],
                true
            ),
            Some(69)
        );
    }

    #[test]
    fn the_rules_constants_and_options_are_those_of_the_reference() {
        assert_eq!(<Game as Rules>::NAME, "war");
        assert_eq!(<Game as Rules>::PLAYERS, (3, 6));
        assert_eq!(<Game as Rules>::CURRENT_RULES_VERSION, 1);
        let problems = <Game as Rules>::option_problems(
            &Options {
                dealer: Some(Seat(3)),
                round_limit: Some(0),
                colours: Some(vec![Colour::Azul, Colour::Azul, Colour::Verde]),
            },
            3,
        );
        let codes: Vec<&str> = problems.iter().map(crate::engine::Coded::code).collect();
        assert_eq!(codes, ["dealer", "round_limit", "colours"]);
        assert!(<Game as Rules>::option_problems(&Options::default(), 6).is_empty());
    }
}
