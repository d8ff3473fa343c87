//! Pergamemnon at the service's table: the `Rules` over `Game`: options and the card set they
//! name, the judge and the menu, pending decisions and their defaults, audiences, views.
//!
//! Audiences (§8): an `attack` entry (its first card and plan) and a `defend` entry are private
//! to their seat while the game runs (their public parts are the `Attacked` and `Revealed`
//! events); standing orders likewise; every other entry is public. Drawn cards go to the drawer
//! only (`Drew`), their count to everyone (`DrewCount`).

use super::actions::{Action, Decision, Event, OptionProblem, Outcome, Plan, RuleError};
use super::cards::{self, Card};
use super::sets;
use super::state::{Attack, Game, Options, Phase, Position};
use super::view::View;
use crate::engine::{
    schema, Audience, Events, OptionField, OptionKind, Rules, Seat, Seed, Standing, Viewer,
};

/// The rules version new games get; every version listed replays for ever.
/// 1: the first. 2: standing orders answer the decision their seat owes when they would have
/// answered it had they been given before (`Game::answer_by_orders`).
pub const RULES_VERSION: u32 = 2;

/// At most this many payments per creature are offered in the menu (any other legal one is
/// still accepted: the judge is `check`).
const PAYMENTS_OFFERED: usize = 8;

impl Game {
    fn card_of(&self, id: &str) -> Result<Card, RuleError> {
        self.set
            .card(id)
            .ok_or_else(|| RuleError::UnknownCard(id.into()))
    }

    fn known_plan(&self, plan: &Plan) -> Result<(), RuleError> {
        for id in plan.prefer.iter().chain(&plan.keep) {
            self.card_of(id)?;
        }
        Ok(())
    }
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

    const NAME: &'static str = "pergamemnon";
    const RULES_VERSIONS: &'static [u32] = &[1, RULES_VERSION];
    const CURRENT_RULES_VERSION: u32 = RULES_VERSION;
    const PLAYERS: (u8, u8) = (2, 5);

    fn option_fields() -> Vec<OptionField> {
        vec![
            OptionField {
                name: "card_set",
                kind: OptionKind::Choice {
                    values: sets::offered(),
                    default: cards::default_set_id(),
                },
            },
            OptionField {
                name: "first_player",
                kind: OptionKind::OptionalSeat,
            },
        ]
    }

    fn schemas() -> Vec<schema::NamedSchema> {
        schema::of_game::<Options, Action>()
    }

    fn option_problems(options: &Options, players: u8) -> Vec<OptionProblem> {
        let mut problems = Vec::new();
        if !(Self::PLAYERS.0..=Self::PLAYERS.1).contains(&players) {
            problems.push(OptionProblem::Players);
        }
        if let Err(problem) = sets::resolve(options) {
            problems.push(problem);
        }
        if let Some(nations) = &options.nations {
            let unique = nations
                .iter()
                .enumerate()
                .all(|(i, n)| !nations[..i].contains(n));
            if nations.len() != usize::from(players) || !unique {
                problems.push(OptionProblem::Nations);
            }
        }
        if options.first_player.is_some_and(|s| s.0 >= players) {
            problems.push(OptionProblem::FirstPlayer);
        }
        problems
    }

    fn settle_options(options: Options) -> Options {
        sets::settle(options)
    }

    fn setup(
        rules_version: u32,
        options: &Options,
        players: u8,
        seed: Seed,
        events: &mut Events<Event>,
    ) -> Result<Self, Vec<String>> {
        let mut problems: Vec<String> = Self::option_problems(options, players)
            .iter()
            .map(ToString::to_string)
            .collect();
        if !Self::RULES_VERSIONS.contains(&rules_version) {
            problems.push(format!("no Pergamemnon rules version {rules_version}"));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let set = sets::resolve(options).map_err(|p| vec![p.to_string()])?;
        Ok(Game::setup(
            rules_version,
            options,
            set,
            players,
            seed,
            events,
        ))
    }

    fn players(&self) -> u8 {
        Game::players(self)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        if seat.0 >= self.players() {
            return Err(RuleError::NoSuchSeat(seat.number()));
        }
        if *action == Action::Pass {
            return Err(RuleError::NoPass);
        }
        let owes = self.decision(seat);
        let turn = matches!(owes, Some(Decision::Turn { .. }));
        match action {
            Action::Orders { orders } => self.known_plan(&orders.plan),
            Action::Recruit { .. } | Action::Attack { .. } if !turn => Err(match owes {
                Some(decision) => RuleError::WrongDecision {
                    expected: decision.id(),
                },
                None => RuleError::NotYourTurn,
            }),
            Action::Recruit { creature, payment } => {
                let card = self.card_of(creature)?;
                let mut paid = Vec::new();
                for id in payment {
                    paid.push(self.card_of(id)?);
                }
                self.check_payment(seat, card, &paid)
            }
            Action::Attack {
                target,
                weapon,
                card,
                plan,
            } => {
                if !self.targets(seat).contains(target) {
                    return Err(RuleError::BadTarget(target.number()));
                }
                let played = self.card_of(card)?;
                if !self.seat(seat).hand.contains(&played) {
                    return Err(RuleError::NotInHand(card.clone()));
                }
                if self.set.data(played).map(|d| d.weapon) != Some(*weapon) {
                    return Err(RuleError::WrongWeapon {
                        card: card.clone(),
                        weapon: *weapon,
                    });
                }
                self.known_plan(plan)
            }
            _ if turn => Err(RuleError::WrongDecision { expected: "D1" }),
            _ => self.check_battle_action(seat, action),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let Some(decision) = self.decision(seat) else {
            return Vec::new();
        };
        if !matches!(decision, Decision::Turn { .. }) {
            return self.legal_battle_actions(seat);
        }
        let id = |c: Card| self.set.id(c).to_string();
        let mut out = Vec::new();
        for &creature in &self.display {
            for payment in self
                .payments(seat, creature)
                .into_iter()
                .take(PAYMENTS_OFFERED)
            {
                out.push(Action::Recruit {
                    creature: id(creature),
                    payment: payment.into_iter().map(id).collect(),
                });
            }
        }
        for target in self.targets(seat) {
            for &card in &self.seat(seat).hand {
                if let Some(data) = self.set.data(card) {
                    out.push(Action::Attack {
                        target,
                        weapon: data.weapon,
                        card: id(card),
                        plan: Plan::default(),
                    });
                }
            }
        }
        out
    }

    fn apply(
        mut self,
        seat: Seat,
        action: &Action,
        events: &mut Events<Event>,
    ) -> Result<Self, (Self, RuleError)> {
        if let Err(error) = self.check(seat, action) {
            return Err((self, error));
        }
        match action {
            Action::Orders { orders } => {
                self.seat_mut(seat).orders = orders.clone();
                events.push((Audience::Only(seat), Event::OrdersChanged { seat }));
                if self.rules_version >= 2 {
                    self.answer_by_orders(seat, events);
                }
            }
            Action::Recruit { creature, payment } => {
                self.counters.actions += 1;
                self.counters.turns += 1;
                let creature = self.set.card(creature).expect("checked");
                let payment: Vec<Card> = payment
                    .iter()
                    .map(|id| self.set.card(id).expect("checked"))
                    .collect();
                self.recruit(seat, creature, &payment, events);
            }
            Action::Attack {
                target,
                weapon,
                card,
                plan,
            } => {
                self.counters.actions += 1;
                self.counters.turns += 1;
                let card = self.set.card(card).expect("checked");
                self.declare_attack(
                    Attack {
                        attacker: seat,
                        target: *target,
                        weapon: *weapon,
                        card,
                        plan: plan.clone(),
                    },
                    events,
                );
            }
            _ => {
                self.counters.actions += 1;
                self.apply_battle_action(seat, action, events);
            }
        }
        Ok(self)
    }

    fn view(&self, viewer: Viewer) -> View {
        Game::view(self, viewer)
    }

    fn pending(&self) -> Vec<(Seat, Decision)> {
        let c = &self.counters;
        match &self.phase {
            Phase::Over => Vec::new(),
            Phase::Turn => vec![(self.at_turn, Decision::Turn { number: c.turns })],
            Phase::Defence(attack) => vec![(
                attack.target,
                Decision::Defend {
                    number: c.battles,
                    attacker: attack.attacker,
                    weapon: attack.weapon,
                },
            )],
            Phase::Reinforce(battle) => {
                let seat = match battle.defending {
                    super::state::Side::Attacker => battle.attacker,
                    super::state::Side::Defender => battle.defender,
                };
                vec![(
                    seat,
                    Decision::Reinforce {
                        number: c.actions,
                        weapon: battle.incoming.0,
                        value: battle.incoming.1,
                    },
                )]
            }
            Phase::Aftermath(after) => {
                let mut out = Vec::new();
                if after.dispose_owed && after.disposal.is_none() {
                    out.push((
                        after.winner,
                        Decision::Dispose {
                            number: c.battles,
                            cards: after
                                .captured
                                .iter()
                                .filter(|&&card| self.set.charisma(card) >= 1)
                                .map(|&card| self.set.id(card).to_string())
                                .collect(),
                        },
                    ));
                }
                if after.discard_owed && after.discard.is_none() {
                    out.push((after.loser, Decision::Discard { number: c.battles }));
                }
                out.sort_by_key(|(seat, _)| *seat);
                out
            }
        }
    }

    fn default_action(&self, seat: Seat) -> Option<Action> {
        match self.decision(seat)? {
            Decision::Turn { .. } => Some(self.default_turn_action(seat)),
            _ => self.default_battle_action(seat),
        }
    }

    fn bot_action(&self, seat: Seat, rng: &mut dyn rand_core::RngCore) -> Option<Action> {
        super::bot::choose(self, seat, rng)
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn standings(&self) -> Vec<Standing> {
        let Some(outcome) = &self.outcome else {
            return Vec::new();
        };
        let key = |s: Seat| {
            (
                outcome.half_points[s.index()],
                &outcome.creatures[s.index()],
            )
        };
        Seat::all(self.players())
            .map(|seat| {
                let place = if outcome.winners.contains(&seat) {
                    1
                } else {
                    let better = Seat::all(self.players())
                        .filter(|s| !outcome.winners.contains(s))
                        .filter(|&s| key(s) > key(seat))
                        .count();
                    (1 + outcome.winners.len() + better) as u8
                };
                Standing { seat, place }
            })
            .collect()
    }

    fn entry_audience(options: &Options, seat: Seat, action: &Action) -> Audience {
        let _ = options;
        match action {
            Action::Attack { .. } | Action::Defend { .. } | Action::Orders { .. } => {
                Audience::Only(seat)
            }
            _ => Audience::Everyone,
        }
    }

    /// As every kind, less the count of cards a seat drew where the viewer reads the cards
    /// themselves (the drawer, reviewers after the end): one sentence, not two.
    fn visible<'e>(
        events: &'e [(Audience, Event)],
        viewer: Viewer,
        sight: &crate::engine::Sight,
    ) -> Vec<&'e Event> {
        let seen: Vec<&Event> = events
            .iter()
            .filter(|(audience, _)| audience.admits(viewer, sight))
            .map(|(_, event)| event)
            .collect();
        let drew = |who: Seat| {
            seen.iter()
                .any(|e| matches!(e, Event::Drew { seat, .. } if *seat == who))
        };
        seen.iter()
            .copied()
            .filter(|e| !matches!(e, Event::DrewCount { seat, .. } if drew(*seat)))
            .collect()
    }

    fn counts(event: &Event) -> &'static [&'static str] {
        match event {
            Event::Attacked { .. } => &["battles"],
            Event::Recruited { .. } => &["recruitments"],
            _ => &[],
        }
    }

    fn facts(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("turns", u64::from(self.counters.turns)),
            ("battles", u64::from(self.counters.battles)),
            ("ties", u64::from(self.counters.ties)),
            ("recruitments", u64::from(self.counters.recruitments)),
        ]
    }

    fn to_position(&self) -> Position {
        Game::to_position(self)
    }

    fn from_position(position: Position) -> Result<Self, Vec<String>> {
        Game::from_position(position)
    }

    fn audit(&self) -> Vec<String> {
        Game::audit(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Stream;

    /// Random games: every seat answers from the menu (or its default, or new standing orders)
    /// by a test stream; after every action the invariants of §12.1 hold, every menu entry
    /// passes the judge, and the game ends within 400 turns.
    #[test]
    fn random_games_keep_every_invariant_and_end() {
        for n in 2..=5u8 {
            for seed in 0..60u64 {
                let mut events = Vec::new();
                let mut game = <Game as Rules>::setup(
                    1,
                    &Options::default(),
                    n,
                    Seed::from_u64(seed),
                    &mut events,
                )
                .unwrap();
                let mut pick = Stream::new(&Seed::from_u64(seed), "test/pick", u64::from(n));
                let mut steps = 0;
                while !game.is_over() {
                    steps += 1;
                    assert!(steps < 2000, "n={n} seed={seed}: no end");
                    let (seat, _) = game.pending()[0].clone();
                    let menu = game.legal_actions(seat);
                    for action in &menu {
                        assert_eq!(
                            game.check(seat, action),
                            Ok(()),
                            "n={n} seed={seed} {action:?}"
                        );
                    }
                    let roll = pick.below(10);
                    if roll == 0 {
                        let orders = super::super::actions::StandingOrders {
                            respond: if pick.below(2) == 0 {
                                super::super::actions::Respond::Auto
                            } else {
                                super::super::actions::Respond::Ask
                            },
                            plan: Plan {
                                reinforce: [
                                    super::super::actions::ReinforceMode::Auto,
                                    super::super::actions::ReinforceMode::Ask,
                                    super::super::actions::ReinforceMode::Never,
                                ][pick.below(3) as usize],
                                capture: [
                                    super::super::actions::Capture::Ask,
                                    super::super::actions::Capture::Tuck,
                                    super::super::actions::Capture::Discard,
                                ][pick.below(3) as usize],
                                ..Plan::default()
                            },
                            discard_after_loss: if pick.below(2) == 0 {
                                super::super::actions::AfterLoss::Ask
                            } else {
                                super::super::actions::AfterLoss::None
                            },
                        };
                        let other = Seat(pick.below(u32::from(n)) as u8);
                        game = game
                            .apply(other, &Action::Orders { orders }, &mut events)
                            .unwrap();
                        continue;
                    }
                    let action = if roll < 4 || menu.is_empty() {
                        game.default_action(seat).unwrap()
                    } else {
                        menu[pick.below(menu.len() as u32) as usize].clone()
                    };
                    game = match game.apply(seat, &action, &mut events) {
                        Ok(g) => g,
                        Err((_, e)) => panic!("n={n} seed={seed}: {action:?} refused: {e}"),
                    };
                    let problems = game.audit();
                    assert!(
                        problems.is_empty(),
                        "n={n} seed={seed} after {action:?}: {problems:?}"
                    );
                }
                assert!(game.counters.turns <= 400);
                let (half, _) = game.scores();
                assert_eq!(half, game.outcome().unwrap().half_points);
            }
        }
    }
}
