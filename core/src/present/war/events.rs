//! War's events in words: what each entry of the log says happened (deals, turns, attacks and
//! their dice, conquests, cards, the end), in the reader's language.

use super::{
    armies, card, cards, class_words, colour, continent, continents, counts, dice, draw_reason,
    objective, place, seat_args, territory, with_seat, War,
};
use crate::engine::war::{AttackEnd, Direction, Event, Side, Territory};
use crate::engine::Seat;
use crate::present::{Arg, Ctx, Presenter};

pub(super) fn event(event: &Event, cx: &Ctx) -> String {
    let w = &cx.words;
    let t = |x: &Territory| territory(cx, *x);
    match event {
        Event::GameStarted {
            colours,
            dealer,
            first,
            ..
        } => {
            let mut args: Vec<(&str, Arg)> = seat_args(cx, "first", *first).into();
            args.push(("dealer", cx.who(*dealer).into()));
            args.push((
                "colours",
                w.list(
                    colours
                        .iter()
                        .enumerate()
                        .map(|(i, &c)| {
                            w.two(
                                "war-legend-seat",
                                ("name", cx.name(Seat(i as u8))),
                                ("colour", colour(cx, c)),
                            )
                        })
                        .collect(),
                )
                .into(),
            ));
            w.with("war-ev-game-started", &args)
        }
        Event::ObjectiveDealt {
            seat, objective: o, ..
        } => {
            if cx.is_me(*seat) {
                w.one("war-ev-objective-dealt", "objective", objective(cx, *o))
            } else {
                w.two(
                    "war-ev-objective-dealt-other",
                    ("seat", cx.name(*seat)),
                    ("objective", objective(cx, *o)),
                )
            }
        }
        Event::TerritoriesDealt { seat, territories } => with_seat(
            cx,
            "war-ev-territories-dealt",
            *seat,
            &[
                ("count", territories.len().into()),
                (
                    "territories",
                    w.list(territories.iter().map(t).collect()).into(),
                ),
            ],
        ),
        Event::RoundStarted { round } => w.one("war-ev-round-started", "round", *round),
        Event::TurnStarted { seat, round, .. } => with_seat(
            cx,
            "war-ev-turn-started",
            *seat,
            &[("round", (*round).into())],
        ),
        Event::Entitlement {
            seat,
            territories,
            base,
            continents: list,
        } => with_seat(
            cx,
            "war-ev-entitlement",
            *seat,
            &[
                ("territories", (*territories).into()),
                ("base", (*base).into()),
                (
                    "continents",
                    if list.is_empty() {
                        "none".into()
                    } else {
                        continents(cx, list).into()
                    },
                ),
            ],
        ),
        Event::Converted {
            seat,
            continents: list,
            cards: n,
        } => with_seat(
            cx,
            "war-ev-converted",
            *seat,
            &[
                ("continents", continents(cx, list).into()),
                ("cards", (*n).into()),
            ],
        ),
        Event::Drew { seat, reason } => with_seat(
            cx,
            "war-ev-drew",
            *seat,
            &[("reason", draw_reason(cx, *reason).into())],
        ),
        Event::Received {
            seat,
            card: c,
            reason,
        } => with_seat(
            cx,
            "war-ev-received",
            *seat,
            &[
                ("card", card(cx, *c).into()),
                ("reason", draw_reason(cx, *reason).into()),
            ],
        ),
        Event::DrawLost { seat } => with_seat(cx, "war-ev-draw-lost", *seat, &[]),
        Event::Reshuffled { cards: n } => w.one("war-ev-reshuffled", "count", *n),
        Event::Traded {
            seat,
            cards: list,
            base,
            joker_bonus,
            own,
            value,
        } => with_seat(
            cx,
            "war-ev-traded",
            *seat,
            &[
                ("cards", cards(cx, list).into()),
                ("value", (*value).into()),
                ("base", (*base).into()),
                ("jokers", (*joker_bonus).into()),
                (
                    "own",
                    if own.is_empty() {
                        "none".into()
                    } else {
                        w.list(own.iter().map(t).collect()).into()
                    },
                ),
            ],
        ),
        Event::Placed { seat, armies: a } => with_seat(
            cx,
            "war-ev-placed",
            *seat,
            &[
                ("armies", a.total().into()),
                ("where", counts(cx, a).into()),
            ],
        ),
        Event::CombatStarted { seat, limit } => with_seat(
            cx,
            "war-ev-combat-started",
            *seat,
            &[(
                "limit",
                match limit {
                    Some(n) => (*n).into(),
                    None => "none".into(),
                },
            )],
        ),
        Event::AttackDeclared {
            seat,
            from,
            to,
            defender,
            air_card,
            number,
        } => {
            let mut args: Vec<(&str, Arg)> = seat_args(cx, "seat", *seat).into();
            args.extend(seat_args(cx, "defender", *defender));
            args.extend(place(cx, "from", *from));
            args.extend(place(cx, "to", *to));
            args.push(("number", (*number).into()));
            match air_card {
                Some(c) => {
                    args.push(("card", card(cx, *c).into()));
                    w.with("war-ev-air-attack-declared", &args)
                }
                None => w.with("war-ev-attack-declared", &args),
            }
        }
        Event::AttackContinued { seat, from, to } => with_seat(
            cx,
            "war-ev-attack-continued",
            *seat,
            &[place(cx, "from", *from), place(cx, "to", *to)].concat(),
        ),
        Event::TerrainRevealed {
            seat,
            side,
            card: c,
        } => with_seat(
            cx,
            "war-ev-terrain-revealed",
            *seat,
            &[
                ("card", card(cx, *c).into()),
                (
                    "side",
                    w.get(match side {
                        Side::Attacker => "war-side-attacker",
                        Side::Defender => "war-side-defender",
                    })
                    .into(),
                ),
            ],
        ),
        Event::Rolled {
            from,
            to,
            attack,
            defence,
        } => w.with(
            "war-ev-rolled",
            &[
                place(cx, "from", *from),
                place(cx, "to", *to),
                vec![
                    ("attack", dice(cx, attack).into()),
                    ("defence", dice(cx, defence).into()),
                ],
            ]
            .concat(),
        ),
        Event::Rerolled {
            seat,
            side,
            card: c,
            class,
            dice: rolled,
            now,
        } => with_seat(
            cx,
            "war-ev-rerolled",
            *seat,
            &[
                ("card", card(cx, *c).into()),
                ("class", class_words(cx, *class).into()),
                (
                    "dice",
                    w.list(
                        rolled
                            .iter()
                            .map(|d| {
                                w.three(
                                    "war-rerolled-die",
                                    ("position", d.position),
                                    ("value", d.value),
                                    ("min", d.min),
                                )
                            })
                            .collect(),
                    )
                    .into(),
                ),
                (
                    "side",
                    w.get(match side {
                        Side::Attacker => "war-side-dice-attacker",
                        Side::Defender => "war-side-dice-defender",
                    })
                    .into(),
                ),
                ("now", dice(cx, now).into()),
            ],
        ),
        Event::BattleResolved {
            from,
            to,
            attacker_terrain,
            defender_terrain,
            attacker_losses,
            defender_losses,
            no_occupant,
            armies_from,
            armies_to,
            ..
        } => {
            let mut notes = String::new();
            if *attacker_terrain {
                notes.push_str(&w.get("war-note-attacker-terrain"));
            }
            if *defender_terrain {
                notes.push_str(&w.get("war-note-defender-terrain"));
            }
            if *no_occupant {
                notes.push_str(&w.get("war-note-no-occupant"));
            }
            w.with(
                "war-ev-battle-resolved",
                &[
                    ("attacker", armies(cx, *attacker_losses).into()),
                    ("defender", armies(cx, *defender_losses).into()),
                    ("notes", notes.into()),
                    ("from", t(from).into()),
                    ("to", t(to).into()),
                    ("armies-from", armies(cx, *armies_from).into()),
                    ("armies-to", armies(cx, *armies_to).into()),
                ],
            )
        }
        Event::Conquered {
            seat,
            territory: x,
            from,
        } => {
            let mut args: Vec<(&str, Arg)> = seat_args(cx, "seat", *seat).into();
            args.extend(seat_args(cx, "from", *from));
            args.extend(place(cx, "territory", *x));
            w.with("war-ev-conquered", &args)
        }
        Event::TerrainCardPassed { card: c, from, to } => w.three(
            "war-ev-terrain-card-passed",
            ("card", card(cx, *c)),
            ("from", cx.who(*from)),
            ("to", cx.who(*to)),
        ),
        Event::MovedIn {
            from,
            to,
            armies: n,
        } => {
            let mut args = [place(cx, "from", *from), place(cx, "to", *to)].concat();
            args.push(("armies", (*n).into()));
            w.with("war-ev-moved-in", &args)
        }
        Event::AttackStopped { from, to } => w.with(
            "war-ev-attack-stopped",
            &[place(cx, "from", *from), place(cx, "to", *to)].concat(),
        ),
        Event::AttackClosed { from, to, reason } => {
            let mut args = [place(cx, "from", *from), place(cx, "to", *to)].concat();
            args.push((
                "reason",
                w.get(match reason {
                    AttackEnd::Stopped => "war-end-stopped",
                    AttackEnd::Conquest => "war-end-conquest",
                    AttackEnd::SourceExhausted => "war-end-source-exhausted",
                    AttackEnd::OtherAction => "war-end-other-action",
                })
                .into(),
            ));
            w.with("war-ev-attack-closed", &args)
        }
        Event::MovementStarted { seat } => with_seat(cx, "war-ev-movement-started", *seat, &[]),
        Event::Moved {
            seat,
            from,
            to,
            armies: n,
        } => with_seat(
            cx,
            "war-ev-moved",
            *seat,
            &[
                place(cx, "from", *from),
                place(cx, "to", *to),
                vec![("armies", (*n).into())],
            ]
            .concat(),
        ),
        Event::PassageRevealed { seat, card: c } => with_seat(
            cx,
            "war-ev-passage-revealed",
            *seat,
            &[("card", card(cx, *c).into())],
        ),
        Event::Transported {
            seat,
            card: c,
            territory: x,
            direction,
            armies: a,
        } => with_seat(
            cx,
            match direction {
                Direction::Out => "war-ev-transported-out",
                Direction::In => "war-ev-transported-in",
            },
            *seat,
            &[
                place(cx, "territory", *x),
                vec![
                    ("card", card(cx, *c).into()),
                    ("where", counts(cx, a).into()),
                ],
            ]
            .concat(),
        ),
        Event::Redistributed {
            seat,
            card: c,
            continent: k,
            armies: a,
        } => with_seat(
            cx,
            "war-ev-redistributed",
            *seat,
            &[
                ("card", card(cx, *c).into()),
                ("continent", continent(cx, *k).into()),
                (
                    "where",
                    w.list(
                        a.iter()
                            .map(|(x, s)| {
                                w.three(
                                    "war-split",
                                    ("territory", t(x)),
                                    ("fresh", s.fresh),
                                    ("moved", s.moved),
                                )
                            })
                            .collect(),
                    )
                    .into(),
                ),
            ],
        ),
        Event::CardsReturned { cards: list } => {
            w.one("war-ev-cards-returned", "cards", cards(cx, list))
        }
        Event::HandLimitDiscarded { seat, count } => with_seat(
            cx,
            "war-ev-hand-limit-discarded",
            *seat,
            &[("count", (*count).into())],
        ),
        Event::HandLimitCards { seat, cards: list } => with_seat(
            cx,
            "war-ev-hand-limit-cards",
            *seat,
            &[("cards", cards(cx, list).into())],
        ),
        Event::TurnEnded { seat } => with_seat(cx, "war-ev-turn-ended", *seat, &[]),
        Event::OrdersChanged { seat, .. } => with_seat(cx, "war-ev-orders-changed", *seat, &[]),
        Event::Eliminated { seat, by } => {
            // The one who eliminated starts the sentence: "You", capital, when it is the reader.
            let mut args: Vec<(&str, Arg)> = seat_args(cx, "by", *by).into();
            args.push(("seat", cx.who(*seat).into()));
            w.with("war-ev-eliminated", &args)
        }
        Event::CardsTaken {
            from,
            to,
            cards: list,
        } => {
            let mut args: Vec<(&str, Arg)> = seat_args(cx, "to", *to).into();
            args.push(("from", cx.name(*from).into()));
            args.push(("cards", cards(cx, list).into()));
            w.with("war-ev-cards-taken", &args)
        }
        Event::GameOver { outcome } => {
            w.one("war-ev-game-over", "outcome", War.outcome(outcome, cx))
        }
    }
}
