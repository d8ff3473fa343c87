//! How War with the SMART mod shows itself: its words (from `locales/<language>/war.ftl`), the
//! world map and the table, the seat's objective and cards, the turn's forms, and its part of
//! the mails.

mod board;
mod commands;
mod events;
mod forms;
mod mail;
mod read_form;

use super::{Arg, Command, Ctx, Html, MailPart, MailStep, Milestone, MoveForm, Presenter, Words};
use crate::engine::war::{
    Action, Amount, Card, CardClass, Colour, Continent, Decision, DefenceTerrain, Direction,
    DrawReason, Ending, Event, Events, Game, MoveProblem, Objective, OptionProblem, Options,
    Outcome, PlacementProblem, RerollWhen, RuleError, StandingOrders, Symbol, Territory,
    TerritoryCounts, View,
};
use crate::engine::{Seat, Standing};

/// The War presenter (registered with the rules in `crate::kinds`).
#[derive(Clone, Copy, Debug, Default)]
pub struct War;

/// A territory's name.
pub(crate) fn territory(cx: &Ctx, t: Territory) -> String {
    territory_in(&cx.words, t)
}

pub(crate) fn territory_in(words: &Words, t: Territory) -> String {
    words.get(&format!("war-territory-{}", t.id().replace('_', "-")))
}

/// A territory as a sentence places it, for the argument `name` (`to`, `from`, `territory`):
/// its name and, as `<name>-the`, `-in`, `-from` and `-to`, its forms with an article and a
/// preposition, each an attribute of the territory's message ("o Peru", "no Peru", "do Peru",
/// "para o Peru" in Portuguese; English needs no article: "Peru", "on Peru", "from Peru").
pub(crate) fn place(cx: &Ctx, name: &'static str, t: Territory) -> Vec<(&'static str, Arg)> {
    let forms: [&'static str; 4] = match name {
        "to" => ["to-the", "to-in", "to-from", "to-to"],
        "from" => ["from-the", "from-in", "from-from", "from-to"],
        "territory" => [
            "territory-the",
            "territory-in",
            "territory-from",
            "territory-to",
        ],
        other => panic!("no place forms for {other}"),
    };
    let id = format!("war-territory-{}", t.id().replace('_', "-"));
    let mut args = vec![(name, territory(cx, t).into())];
    for (form, attribute) in forms.into_iter().zip(["the", "in", "from", "to"]) {
        args.push((form, cx.words.get(&format!("{id}.{attribute}")).into()));
    }
    args
}

pub(crate) fn continent(cx: &Ctx, c: Continent) -> String {
    continent_in(&cx.words, c)
}

pub(crate) fn continent_in(words: &Words, c: Continent) -> String {
    words.get(&format!("war-continent-{}", c.id().replace('_', "-")))
}

fn continents(cx: &Ctx, list: &[Continent]) -> String {
    cx.words
        .list(list.iter().map(|&c| continent(cx, c)).collect())
}

fn symbol(cx: &Ctx, s: Symbol) -> String {
    cx.words.get(match s {
        Symbol::Triangle => "war-symbol-triangle",
        Symbol::Square => "war-symbol-square",
        Symbol::Circle => "war-symbol-circle",
    })
}

/// A card's name: "Brazil (circle)", "Joker 1".
pub(crate) fn card(cx: &Ctx, c: Card) -> String {
    match (c.territory(), c.symbol()) {
        (Some(t), Some(s)) => cx.words.two(
            "war-card",
            ("territory", territory(cx, t)),
            ("symbol", symbol(cx, s)),
        ),
        _ if c == Card::JOKER_1 => cx.words.get("war-card-joker-1"),
        _ => cx.words.get("war-card-joker-2"),
    }
}

/// Cards by name in card order; "no cards".
pub(crate) fn cards(cx: &Ctx, list: &[Card]) -> String {
    if list.is_empty() {
        return cx.words.get("war-no-cards");
    }
    let mut sorted = list.to_vec();
    sorted.sort();
    cx.words.list(sorted.iter().map(|&c| card(cx, c)).collect())
}

pub(crate) fn colour(cx: &Ctx, c: Colour) -> String {
    cx.words.get(&format!("war-colour-{}", c.id()))
}

pub(crate) fn objective(cx: &Ctx, o: Objective) -> String {
    cx.words
        .one("war-objective", "colour", colour(cx, o.target()))
}

/// The objective in a few words, naming the hunted seat: "destroy black (Bob)".
pub(crate) fn objective_short(cx: &Ctx, view: &View, o: Objective) -> String {
    let hunted = view
        .seats
        .iter()
        .find(|s| s.colour == o.target())
        .map(|s| cx.name(s.seat))
        .unwrap_or_default();
    cx.words.two(
        "war-objective-short",
        ("colour", colour(cx, o.target())),
        ("name", hunted),
    )
}

pub(crate) fn armies(cx: &Ctx, n: u32) -> String {
    cx.words.one("war-armies-count", "count", n)
}

/// "3 on Brazil, 2 on Peru".
fn counts(cx: &Ctx, list: &TerritoryCounts) -> String {
    cx.words.list(
        list.entries()
            .map(|(t, n)| {
                let mut args = place(cx, "territory", t);
                args.push(("armies", n.into()));
                cx.words.with("war-armies-on", &args)
            })
            .collect(),
    )
}

fn dice(cx: &Ctx, values: &[u8]) -> String {
    cx.words
        .list(values.iter().map(|d| d.to_string()).collect())
}

fn amount(cx: &Ctx, a: Amount) -> String {
    match a {
        Amount::Exactly(k) => cx.words.one("war-amount-exactly", "armies", k),
        Amount::All => cx.words.get("war-amount-all"),
        Amount::Leave(m) => cx.words.one("war-amount-leave", "leave", m),
    }
}

/// The two arguments of a seat in a message: its name (or "you") and its person.
fn seat_args(cx: &Ctx, name: &'static str, seat: Seat) -> [(&'static str, Arg); 2] {
    let person = match name {
        "seat" => "seat-p",
        "defender" => "defender-p",
        "first" => "first-p",
        "from" => "from-p",
        "by" => "by-p",
        "to" => "to-p",
        other => panic!("no person argument for {other}"),
    };
    [
        (name, cx.who(seat).into()),
        (person, cx.person(seat).into()),
    ]
}

fn with_seat(cx: &Ctx, id: &str, seat: Seat, more: &[(&str, Arg)]) -> String {
    let mut args: Vec<(&str, Arg)> = seat_args(cx, "seat", seat).into();
    args.extend(more.iter().cloned());
    cx.words.with(id, &args)
}

fn ending(cx: &Ctx, ending: Ending) -> String {
    cx.words.get(match ending {
        Ending::Objective => "war-ending-objective",
        Ending::TieBreak => "war-ending-tie-break",
        Ending::RoundLimit => "war-ending-round-limit",
    })
}

fn class_words(cx: &Ctx, class: CardClass) -> String {
    cx.words.get(match class {
        CardClass::Unowned => "war-class-unowned",
        CardClass::Owned => "war-class-owned",
        CardClass::Joker => "war-class-joker",
    })
}

fn class_name(cx: &Ctx, class: CardClass) -> String {
    cx.words.get(match class {
        CardClass::Unowned => "war-class-name-unowned",
        CardClass::Owned => "war-class-name-owned",
        CardClass::Joker => "war-class-name-joker",
    })
}

fn when_words(cx: &Ctx, when: RerollWhen) -> String {
    cx.words.get(when_id("war-when", when))
}

pub(crate) fn when_id(prefix: &str, when: RerollWhen) -> &'static str {
    match (prefix, when) {
        ("war-when", RerollWhen::Never) => "war-when-never",
        ("war-when", RerollWhen::Loss1) => "war-when-loss-1",
        ("war-when", RerollWhen::Loss2) => "war-when-loss-2",
        ("war-when", RerollWhen::Loss3) => "war-when-loss-3",
        ("war-when", RerollWhen::LosingTerritory) => "war-when-losing-territory",
        (_, RerollWhen::Never) => "war-form-when-never",
        (_, RerollWhen::Loss1) => "war-form-when-loss-1",
        (_, RerollWhen::Loss2) => "war-form-when-loss-2",
        (_, RerollWhen::Loss3) => "war-form-when-loss-3",
        (_, RerollWhen::LosingTerritory) => "war-form-when-losing-territory",
    }
}

/// Standing orders in words, for their owner.
pub(crate) fn orders_words(cx: &Ctx, orders: &StandingOrders) -> String {
    let block = |b: &crate::engine::war::Block| {
        let terrain = cx.words.get(match b.terrain {
            DefenceTerrain::Never => "war-orders-terrain-never",
            DefenceTerrain::WhenNeeded => "war-orders-terrain-when-needed",
            DefenceTerrain::Always => "war-orders-terrain-always",
        });
        let reroll = if b.reroll.when == RerollWhen::Never {
            cx.words.get("war-orders-reroll-never")
        } else {
            cx.words.with(
                "war-orders-reroll",
                &[
                    ("when", when_words(cx, b.reroll.when).into()),
                    (
                        "classes",
                        cx.words
                            .list(
                                b.reroll
                                    .classes
                                    .iter()
                                    .map(|&c| class_name(cx, c))
                                    .collect(),
                            )
                            .into(),
                    ),
                    ("max", b.reroll.max_cards_per_turn.into()),
                    ("reserve", b.reroll.reserve.into()),
                ],
            )
        };
        cx.words
            .two("war-orders-block", ("terrain", terrain), ("reroll", reroll))
    };
    let mut parts = vec![block(&orders.default)];
    for (t, b) in &orders.territories {
        let mut args = place(cx, "territory", *t);
        args.push(("block", block(b).into()));
        parts.push(cx.words.with("war-orders-territory", &args));
    }
    cx.words.list(parts)
}

/// The engine's reasons are fixed English phrases: each one has its own message.
fn why(cx: &Ctx, reason: &str) -> String {
    match why_id(reason) {
        Some(id) => cx.words.get(id),
        None => cx.words.one("war-why-other", "text", reason),
    }
}

fn why_id(reason: &str) -> Option<&'static str> {
    Some(match reason {
        "name at least one" => "war-why-name-a-continent",
        "a continent is named twice" => "war-why-continent-twice",
        "you do not own all of a continent named" => "war-why-continent-not-owned",
        "dice must be 1, 2 or 3" => "war-why-dice",
        "stop_at must be at least 1" => "war-why-stop-at",
        "max_battles must be at least 1" => "war-why-max-battles",
        "losing_territory is a defender's trigger, not available in a plan" => {
            "war-why-losing-territory"
        }
        "occupy must move at least 1 army" => "war-why-occupy-zero",
        "reroll.classes lists a class twice" => "war-why-class-twice",
        "that card already activated a power this turn (R15)" => "war-why-card-used",
        "name at least one die" => "war-why-name-a-die",
        "that card's class rerolls fewer dice" => "war-why-too-many-dice",
        "a die is named twice" => "war-why-die-twice",
        "only your own dice of this battle, numbered from 1" => "war-why-own-dice",
        "the card must be of a territory you own" => "war-why-transport-card",
        "carry at least 1 army" => "war-why-carry-one",
        "armies go between X and your other territories" => "war-why-transport-between",
        "only fresh armies go, and 1 army stays on X" => "war-why-transport-out",
        "only fresh armies go, and 1 army stays on each source" => "war-why-transport-in",
        "you must own the card's whole continent" => "war-why-alliance-continent",
        "give every territory of the continent, and only those" => "war-why-alliance-territories",
        "every territory keeps at least 1 army" => "war-why-alliance-one",
        "the fresh and moved armies of the continent keep their totals" => {
            "war-why-alliance-totals"
        }
        _ => return None,
    })
}

impl Presenter for War {
    type Game = Game;

    fn options(&self, options: &Options, cx: &Ctx) -> Vec<String> {
        let w = &cx.words;
        let mut lines = vec![match options.dealer {
            Some(seat) => w.one("war-options-dealer", "name", cx.name(seat)),
            None => w.get("war-options-dealer-random"),
        }];
        lines.push(match options.round_limit {
            Some(n) => w.one("war-options-round-limit", "rounds", n),
            None => w.get("war-options-no-round-limit"),
        });
        if let Some(list) = &options.colours {
            lines.push(w.one(
                "war-options-colours",
                "colours",
                w.list(list.iter().map(|&c| colour(cx, c)).collect()),
            ));
        }
        lines
    }

    fn option_problem(&self, problem: &OptionProblem, cx: &Ctx) -> String {
        match problem {
            OptionProblem::DealerNotASeat => cx.words.get("war-problem-dealer"),
            OptionProblem::RoundLimit { min, max } => {
                cx.words
                    .two("war-problem-round-limit", ("min", *min), ("max", *max))
            }
            OptionProblem::Colours => cx.words.get("war-problem-colours"),
        }
    }

    fn decision(&self, decision: &Decision, cx: &Ctx) -> String {
        let w = &cx.words;
        match decision {
            Decision::Reinforcements { .. } => w.get("war-decision-reinforcements"),
            Decision::Combat { .. } => w.get("war-decision-combat"),
            Decision::Reaction { .. } => w.get("war-decision-reaction"),
            Decision::MoveIn { to, max, .. } => {
                let mut args = place(cx, "to", *to);
                args.push(("max", (*max).into()));
                w.with("war-decision-move-in", &args)
            }
            Decision::Movement { .. } => w.get("war-decision-movement"),
            Decision::HandLimit { discard, .. } => {
                w.one("war-decision-hand-limit", "count", *discard)
            }
        }
    }

    fn event(&self, event: &Event, cx: &Ctx) -> String {
        events::event(event, cx)
    }

    fn action(&self, action: &Action, cx: &Ctx) -> String {
        let w = &cx.words;
        match action {
            Action::Intelligence { continents: list } => w.one(
                "war-action-intelligence",
                "continents",
                continents(cx, list),
            ),
            Action::Trade { cards: list } => w.one("war-action-trade", "cards", cards(cx, list)),
            Action::Place { armies: a } => w.two(
                "war-action-place",
                ("armies", a.total()),
                ("where", counts(cx, a)),
            ),
            Action::Attack {
                from, to, air_card, ..
            } => w.with(
                if air_card.is_some() {
                    "war-action-air-attack"
                } else {
                    "war-action-attack"
                },
                &[place(cx, "from", *from), place(cx, "to", *to)].concat(),
            ),
            Action::Continue { .. } => w.get("war-action-continue"),
            Action::EndCombat => w.get("war-action-end-combat"),
            Action::RevealTerrain => w.get("war-action-reveal-terrain"),
            Action::Reroll { card: c, dice: d } => w.three(
                "war-action-reroll",
                ("card", card(cx, *c)),
                ("dice", d.len()),
                ("positions", dice(cx, d)),
            ),
            Action::NoReaction => w.get("war-action-no-reaction"),
            Action::Occupy { armies: n } => w.one("war-action-occupy", "armies", *n),
            Action::Move {
                from,
                to,
                armies: a,
            } => {
                let mut args = [place(cx, "from", *from), place(cx, "to", *to)].concat();
                args.push(("amount", amount(cx, *a).into()));
                w.with("war-action-move", &args)
            }
            Action::HiddenPassage { card: c } => {
                w.one("war-action-hidden-passage", "card", card(cx, *c))
            }
            Action::AirTransport {
                card: c,
                direction,
                armies: a,
            } => {
                let mut args = match c.territory() {
                    Some(x) => place(cx, "territory", x),
                    // A joker names no territory (the rules refuse it; its words still say so).
                    None => ["territory", "territory-from", "territory-to"]
                        .map(|name| (name, Arg::from("")))
                        .to_vec(),
                };
                args.push(("card", card(cx, *c).into()));
                args.push(("where", counts(cx, a).into()));
                w.with(
                    match direction {
                        Direction::Out => "war-action-air-transport-out",
                        Direction::In => "war-action-air-transport-in",
                    },
                    &args,
                )
            }
            Action::ContinentalAlliance { card: c, .. } => w.two(
                "war-action-alliance",
                ("card", card(cx, *c)),
                (
                    "continent",
                    c.territory()
                        .map(|x| continent(cx, x.continent()))
                        .unwrap_or_default(),
                ),
            ),
            Action::EndTurn { discard: None } => w.get("war-action-end-turn"),
            Action::EndTurn {
                discard: Some(list),
            } => w.one("war-action-end-turn-discard", "cards", cards(cx, list)),
            Action::Discard { cards: list } => {
                w.one("war-action-discard", "cards", cards(cx, list))
            }
            Action::SetOrders { .. } => w.get("war-action-set-orders"),
        }
    }

    fn rule_error(&self, error: &RuleError, cx: &Ctx) -> String {
        let w = &cx.words;
        let t = |x: &Territory| territory(cx, *x);
        match error {
            RuleError::GameOver => w.get("war-error-game-over"),
            RuleError::NoSuchSeat(n) => w.one("war-error-no-such-seat", "seat", *n),
            RuleError::NotYourTurn { active } => {
                w.one("war-error-not-your-turn", "active", cx.name(*active))
            }
            RuleError::WrongDecision { expected } => w.one(
                "war-error-wrong-decision",
                "expected",
                self.decision(expected, cx),
            ),
            RuleError::CardNotInHand(c) => {
                w.one("war-error-card-not-in-hand", "card", card(cx, *c))
            }
            RuleError::DuplicateCard(c) => w.one("war-error-duplicate-card", "card", card(cx, *c)),
            RuleError::IntelligenceOnce => w.get("war-error-intelligence-once"),
            RuleError::IntelligenceContinents(r) => {
                w.one("war-error-intelligence-continents", "why", why(cx, r))
            }
            RuleError::TradeSize => w.get("war-error-trade-size"),
            RuleError::TradeMixed => w.get("war-error-trade-mixed"),
            RuleError::IntelligenceCard(c) => {
                w.one("war-error-intelligence-card", "card", card(cx, *c))
            }
            RuleError::Placement(p) => {
                let reason = match p {
                    PlacementProblem::NotYours(x) => w.one("war-why-not-yours", "territory", t(x)),
                    PlacementProblem::TradeArmies {
                        territory: x,
                        armies: n,
                    } => w.two("war-why-trade-armies", ("territory", t(x)), ("armies", *n)),
                    PlacementProblem::Bonus {
                        continent: k,
                        armies: n,
                    } => w.two(
                        "war-why-bonus",
                        ("continent", continent(cx, *k)),
                        ("armies", *n),
                    ),
                    PlacementProblem::Total { expected, placed } => w.two(
                        "war-why-total",
                        ("expected", *expected),
                        ("placed", *placed),
                    ),
                };
                w.one("war-error-placement", "why", reason)
            }
            RuleError::NoCombatInRoundOne => w.get("war-error-no-combat-in-round-one"),
            RuleError::AttackLimit { round, limit } => w.two(
                "war-error-attack-limit",
                ("round", *round),
                ("limit", *limit),
            ),
            RuleError::AttackSource => w.get("war-error-attack-source"),
            RuleError::AttackTarget => w.get("war-error-attack-target"),
            RuleError::AirCard => w.get("war-error-air-card"),
            RuleError::Plan(r) => w.one("war-error-plan", "why", why(cx, r)),
            RuleError::NoOpenAttack => w.get("war-error-no-open-attack"),
            RuleError::BattleUnderWay => w.get("war-error-battle-under-way"),
            RuleError::TerrainCard => w.get("war-error-terrain-card"),
            RuleError::Reroll(r) => w.one("war-error-reroll", "why", why(cx, r)),
            RuleError::Occupy { max } => w.one("war-error-occupy", "max", *max),
            RuleError::MoveTerritories => w.get("war-error-move-territories"),
            RuleError::MoveAmount(p) => {
                let reason = match p {
                    MoveProblem::Nothing { amount: a, from } => {
                        let mut args = place(cx, "from", *from);
                        args.push(("amount", amount(cx, *a).into()));
                        w.with("war-why-nothing-to-move", &args)
                    }
                    MoveProblem::TooMany {
                        from,
                        armies: n,
                        fresh,
                    } => w.three(
                        "war-why-too-many",
                        ("from", t(from)),
                        ("armies", *n),
                        ("fresh", *fresh),
                    ),
                };
                w.one("war-error-move-amount", "why", reason)
            }
            RuleError::MovePath { from, to } => {
                let args = [place(cx, "from", *from), place(cx, "to", *to)].concat();
                w.with("war-error-move-path", &args)
            }
            RuleError::PowerCard(c) => w.one("war-error-power-card", "card", card(cx, *c)),
            RuleError::Transport(r) => w.one("war-error-transport", "why", why(cx, r)),
            RuleError::Alliance(r) => w.one("war-error-alliance", "why", why(cx, r)),
            RuleError::HandLimit { excess } => w.one("war-error-hand-limit", "excess", *excess),
            RuleError::Orders(r) => w.one("war-error-orders", "why", why(cx, r)),
        }
    }

    fn outcome(&self, outcome: &Outcome, cx: &Ctx) -> String {
        let w = &cx.words;
        let mut how = ending(cx, outcome.ending);
        if let Some(n) = outcome.criterion {
            how = w.two(
                "war-outcome-criterion",
                ("ending", how),
                ("criterion", w.get(&format!("war-criterion-{n}"))),
            );
        }
        let mut text = String::new();
        if let (Some(eliminated), Some(eliminator)) = (outcome.eliminated, outcome.eliminator) {
            text.push_str(&w.two(
                "war-outcome-eliminated",
                ("eliminator", cx.name(eliminator)),
                ("eliminated", cx.name(eliminated)),
            ));
            text.push(' ');
        }
        text.push_str(&w.with(
            "war-outcome",
            &[
                ("who", cx.list(&outcome.winners).into()),
                ("count", outcome.winners.len().into()),
                ("ending", how.into()),
            ],
        ));
        text
    }

    fn standing(&self, view: &View, standing: &Standing, cx: &Ctx) -> String {
        let s = &view.seats[standing.seat.index()];
        let goal = s
            .objective
            .map(|o| objective_short(cx, view, o))
            .unwrap_or_default();
        if s.territories == 0 {
            return cx.words.two(
                "war-standing-eliminated",
                ("name", cx.name(s.seat)),
                ("objective", goal),
            );
        }
        cx.words.with(
            "war-standing",
            &[
                ("name", cx.name(s.seat).into()),
                ("territories", s.territories.into()),
                ("armies", s.armies.into()),
                ("cards", s.hand_count.into()),
                ("objective", goal.into()),
            ],
        )
    }

    fn situation(&self, view: &View, cx: &Ctx) -> String {
        board::situation(view, cx)
    }

    /// Rounds, whole continents taken by conquest, and the elimination that ends the game.
    fn milestones(
        &self,
        before: Option<&Game>,
        after: &Game,
        events: &Events,
        cx: &Ctx,
    ) -> Vec<Milestone> {
        let w = &cx.words;
        let mut found = Vec::new();
        for (_, event) in events {
            match event {
                Event::RoundStarted { round } => found.push(Milestone {
                    mark: "round",
                    label: w.one("war-milestone-round", "round", *round),
                }),
                Event::Eliminated { seat, by } => found.push(Milestone {
                    mark: "elimination",
                    label: w.two(
                        "war-milestone-elimination",
                        ("seat", cx.name(*seat)),
                        ("by", cx.name(*by)),
                    ),
                }),
                _ => {}
            }
        }
        if let Some(before) = before {
            let conquered = events
                .iter()
                .any(|(_, e)| matches!(e, Event::Conquered { .. }));
            for seat in Seat::all(after.players()).filter(|_| conquered) {
                for k in Continent::ALL {
                    if after.owns_continent(seat, k) && !before.owns_continent(seat, k) {
                        found.push(Milestone {
                            mark: "continent",
                            label: w.two(
                                "war-milestone-continent",
                                ("seat", cx.name(seat)),
                                ("continent", continent(cx, k)),
                            ),
                        });
                    }
                }
            }
        }
        found
    }

    fn board(&self, view: &View, cx: &Ctx) -> Html {
        board::board(view, cx)
    }

    fn private_part(&self, view: &View, seat: Seat, cx: &Ctx) -> Html {
        board::private(view, seat, cx)
    }

    fn review_part(&self, view: &View, cx: &Ctx) -> Html {
        board::review(view, cx)
    }

    fn forms(&self, view: &View, seat: Seat, legal: &[Action], cx: &Ctx) -> Vec<MoveForm> {
        forms::forms(view, seat, legal, cx)
    }

    fn action_from_form(
        &self,
        fields: &[(String, String)],
        words: &Words,
    ) -> Option<Result<Action, String>> {
        read_form::action_from_form(fields, words)
    }

    fn commands(&self, action: &Action, words: &Words) -> Vec<String> {
        commands::command(action, words).into_iter().collect()
    }

    fn command_words(&self, words: &Words) -> Vec<String> {
        commands::command_words(words)
    }

    fn read_command(
        &self,
        line: &str,
        view: &View,
        seat: Seat,
        languages: &[Words],
    ) -> Command<Action> {
        let folding = self.folding(languages);
        let fold = |text: &str| folding.fold(text);
        commands::read_command(&fold(line), view, seat, languages, &fold)
    }

    fn mail_part(&self, view: &View, seat: Seat, cx: &Ctx) -> MailPart {
        mail::part(view, seat, cx)
    }

    /// One line per attack, not every die: a long game's mail stays short.
    fn mail_summary(&self, steps: &[MailStep<'_, Event>], cx: &Ctx) -> Vec<String> {
        mail::summary(steps, cx)
    }

    fn player_columns(&self, cx: &Ctx) -> Vec<String> {
        vec![
            cx.words.get("war-column-territories"),
            cx.words.get("war-column-armies"),
            cx.words.get("war-column-cards"),
        ]
    }

    fn seat_colour(&self, view: &View, seat: Seat) -> Option<&'static str> {
        view.seats
            .get(seat.index())
            .map(|s| board::paint(s.colour).0)
    }

    fn player_cells(&self, view: &View, seat: Seat, _cx: &Ctx) -> Vec<String> {
        let s = &view.seats[seat.index()];
        vec![
            s.territories.to_string(),
            s.armies.to_string(),
            s.hand_count.to_string(),
        ]
    }
}

fn draw_reason(cx: &Ctx, reason: DrawReason) -> String {
    cx.words.get(match reason {
        DrawReason::Intelligence => "war-reason-intelligence",
        DrawReason::Conquest => "war-reason-conquest",
    })
}

#[cfg(test)]
mod tests;
