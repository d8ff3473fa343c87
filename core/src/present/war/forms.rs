//! The turn's decisions as plain HTML forms, and how their fields become actions.
//!
//! Buttons and selects whose choices are whole actions send the action's JSON (`action`).
//! The other forms carry a hidden `war` naming the form, and fields read by
//! [`action_from_form`]: numbers per territory, checked cards, a route, a plan. Every choice a
//! form offers is one the rules allow now (routes and cards come from the legal list or from
//! what the view shows); only what a player types (numbers) can still be refused.

use super::{card, continent, territory};
use crate::engine::war::{
    Action, Block, Card, CardClass, Continent, DefenceTerrain, PhaseView, RerollWhen, Territory,
    TerritoryCounts, View,
};
use crate::engine::Seat;
use crate::present::{Ctx, Html, MoveForm};
use askama::Template;

#[derive(Default)]
struct Field {
    kind: &'static str,
    name: String,
    label: String,
    value: String,
    min: String,
    max: String,
    primary: bool,
    choices: Vec<Choice>,
}

struct Choice {
    value: String,
    label: String,
    on: bool,
}

fn choice(value: impl Into<String>, label: String, on: bool) -> Choice {
    Choice {
        value: value.into(),
        label,
        on,
    }
}

#[derive(Template)]
#[template(path = "war/form.html")]
struct FormHtml {
    fields: Vec<Field>,
}

fn hidden(name: &str, value: &str) -> Field {
    Field {
        kind: "hidden",
        name: name.into(),
        value: value.into(),
        ..Field::default()
    }
}

fn number(name: String, label: String, value: String, min: &str, max: String) -> Field {
    Field {
        kind: "number",
        name,
        label,
        value,
        min: min.into(),
        max,
        ..Field::default()
    }
}

fn select(name: &str, label: String, choices: Vec<Choice>) -> Field {
    Field {
        kind: "select",
        name: name.into(),
        label,
        choices,
        ..Field::default()
    }
}

fn checks(name: &str, label: String, choices: Vec<Choice>) -> Field {
    Field {
        kind: "checks",
        name: name.into(),
        label,
        choices,
        ..Field::default()
    }
}

fn note(label: String) -> Field {
    Field {
        kind: "note",
        label,
        ..Field::default()
    }
}

fn marker(kind: &'static str, label: String) -> Field {
    Field {
        kind,
        label,
        ..Field::default()
    }
}

fn submit(label: String) -> Field {
    Field {
        kind: "submit",
        label,
        primary: true,
        ..Field::default()
    }
}

fn action_button(action: &Action, label: String, primary: bool) -> Field {
    Field {
        kind: "action",
        value: json(action),
        label,
        primary,
        ..Field::default()
    }
}

fn json(action: &Action) -> String {
    serde_json::to_string(action).expect("actions serialize")
}

/// A form. One whose fields are more than its buttons may be folded: it is marked folded here,
/// and [`forms`] opens the one decision most likely next.
fn form(legend: String, fields: Vec<Field>) -> MoveForm {
    let foldable = fields
        .iter()
        .any(|f| !matches!(f.kind, "hidden" | "action" | "submit"));
    MoveForm {
        legend,
        body: Html(FormHtml { fields }.render().expect("the War forms render")),
        folded: foldable,
    }
}

/// One decision's form open, the others folded (a phone shows one at a time): the open
/// attack's form when one may go on, else the first form of the turn's order. A form of
/// buttons only stays a button; the standing orders, which no one waits on, stay folded.
fn open_one(forms: &mut [MoveForm], cx: &Ctx) {
    let (orders, going_on) = (
        cx.words.get("war-form-orders"),
        cx.words.get("war-form-continue"),
    );
    let open = forms
        .iter()
        .position(|f| f.folded && f.legend == going_on)
        .or_else(|| forms.iter().position(|f| f.folded && f.legend != orders));
    if let Some(i) = open {
        forms[i].folded = false;
    }
}

fn armies_on(view: &View, t: Territory) -> u32 {
    view.board[t.index()].armies
}

fn moved_on(view: &View, t: Territory) -> u32 {
    view.board[t.index()].moved.unwrap_or(0)
}

fn owner_of(view: &View, t: Territory) -> Seat {
    view.board[t.index()].owner
}

/// The seat's legal actions as forms, in the order a turn goes.
pub(super) fn forms(view: &View, seat: Seat, legal: &[Action], cx: &Ctx) -> Vec<MoveForm> {
    let w = &cx.words;
    let mut out = Vec::new();
    let hand: Vec<Card> = view.seats[seat.index()].hand.clone().unwrap_or_default();
    let has = |f: fn(&Action) -> bool| legal.iter().any(f);

    // Phase A (D1).
    if let Some(Action::Place { armies: default }) =
        legal.iter().find(|a| matches!(a, Action::Place { .. }))
    {
        out.push(place_form(view, seat, default, cx));
        if has(|a| matches!(a, Action::Intelligence { .. })) {
            let mut owned: Vec<Continent> = Vec::new();
            for a in legal {
                if let Action::Intelligence { continents } = a {
                    for &k in continents {
                        if !owned.contains(&k) {
                            owned.push(k);
                        }
                    }
                }
            }
            owned.sort();
            out.push(form(
                w.get("war-form-intelligence"),
                vec![
                    hidden("war", "intelligence"),
                    note(w.get("war-form-intelligence-help")),
                    checks(
                        "continent",
                        w.get("war-form-intelligence"),
                        owned
                            .iter()
                            .map(|&k| {
                                choice(
                                    k.id(),
                                    w.two(
                                        "war-continent-bonus",
                                        ("continent", continent(cx, k)),
                                        ("bonus", k.bonus()),
                                    ),
                                    false,
                                )
                            })
                            .collect(),
                    ),
                    submit(w.get("war-form-intelligence-button")),
                ],
            ));
        }
        let tradable: Vec<Card> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Trade { cards } if cards.len() == 1 => Some(cards[0]),
                _ => None,
            })
            .collect();
        if !tradable.is_empty() {
            out.push(form(
                w.get("war-form-trade"),
                vec![
                    hidden("war", "trade"),
                    note(w.get("war-form-trade-help")),
                    card_checks("card", w.get("war-form-trade"), &tradable, cx),
                    submit(w.get("war-form-trade-button")),
                ],
            ));
        }
    }

    // Phase B (D2).
    if has(|a| matches!(a, Action::EndCombat)) {
        let routes: Vec<(Territory, Territory)> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Attack {
                    from,
                    to,
                    air_card: None,
                    ..
                } => Some((*from, *to)),
                _ => None,
            })
            .collect();
        let may_attack = has(|a| matches!(a, Action::Attack { .. }));
        if !routes.is_empty() {
            let mut fields = vec![
                hidden("war", "attack"),
                select(
                    "route",
                    w.get("war-form-attack-route"),
                    routes
                        .iter()
                        .map(|&(from, to)| {
                            choice(
                                format!("{}:{}", from.id(), to.id()),
                                w.with(
                                    "war-form-route",
                                    &[
                                        ("from", territory(cx, from).into()),
                                        ("armies-from", armies_on(view, from).into()),
                                        ("to", territory(cx, to).into()),
                                        ("armies-to", armies_on(view, to).into()),
                                        ("owner", cx.name(owner_of(view, to)).into()),
                                    ],
                                ),
                                false,
                            )
                        })
                        .collect(),
                ),
            ];
            fields.extend(plan_fields(&hand, cx));
            fields.push(submit(w.get("war-form-attack-button")));
            out.push(form(w.get("war-form-attack"), fields));
        }
        // Air attacks: any own source with 2 armies or more, any unused card of a territory
        // another player holds (§5.4.3, R18).
        let targets: Vec<Card> = hand
            .iter()
            .copied()
            .filter(|c| !view.used.contains(c))
            .filter(|c| c.territory().is_some_and(|t| owner_of(view, t) != seat))
            .collect();
        let sources: Vec<Territory> = view
            .board
            .iter()
            .filter(|tv| tv.owner == seat && tv.armies >= 2)
            .map(|tv| tv.territory)
            .collect();
        if may_attack && !targets.is_empty() && !sources.is_empty() {
            let mut fields = vec![
                hidden("war", "air"),
                select(
                    "card",
                    w.get("war-form-air-card"),
                    targets
                        .iter()
                        .map(|&c| {
                            let t = c.territory().expect("a territory card");
                            choice(
                                c.id(),
                                w.three(
                                    "war-form-air-target",
                                    ("territory", card(cx, c)),
                                    ("armies", armies_on(view, t)),
                                    ("owner", cx.name(owner_of(view, t))),
                                ),
                                false,
                            )
                        })
                        .collect(),
                ),
                select(
                    "from",
                    w.get("war-form-air-source"),
                    sources
                        .iter()
                        .map(|&t| {
                            choice(
                                t.id(),
                                w.two(
                                    "war-form-source",
                                    ("territory", territory(cx, t)),
                                    ("armies", armies_on(view, t)),
                                ),
                                false,
                            )
                        })
                        .collect(),
                ),
            ];
            fields.extend(plan_fields(&hand, cx));
            fields.push(submit(w.get("war-form-air-button")));
            out.push(form(w.get("war-form-air-attack"), fields));
        }
        if has(|a| matches!(a, Action::Continue { .. })) {
            let mut fields = vec![hidden("war", "continue")];
            fields.extend(plan_fields(&hand, cx));
            fields.push(submit(w.get("war-form-continue-button")));
            out.push(form(w.get("war-form-continue"), fields));
        }
        out.push(form(
            w.get("war-form-end-combat"),
            vec![action_button(
                &Action::EndCombat,
                w.get("war-form-end-combat-button"),
                false,
            )],
        ));
    }

    // D3: the attacker's reaction step.
    if has(|a| matches!(a, Action::NoReaction)) {
        let (attack, defence) = match &view.phase {
            PhaseView::Combat {
                attack: Some(a), ..
            } => a.dice.clone().unwrap_or_default(),
            _ => Default::default(),
        };
        let legend = w.two(
            "war-form-reaction",
            ("attack", super::dice(cx, &attack)),
            ("defence", super::dice(cx, &defence)),
        );
        let mut fields = Vec::new();
        if has(|a| matches!(a, Action::RevealTerrain)) {
            fields.push(action_button(
                &Action::RevealTerrain,
                w.get("war-form-reveal-terrain-button"),
                true,
            ));
        }
        fields.push(action_button(
            &Action::NoReaction,
            w.get("war-form-no-reaction-button"),
            false,
        ));
        out.push(form(legend, fields));
        let rerolls: Vec<Choice> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Reroll { card: c, dice } => Some(choice(
                    json(a),
                    w.with(
                        "war-form-reroll-option",
                        &[
                            ("card", card(cx, *c).into()),
                            ("class", class_label(cx, class_of(view, seat, *c)).into()),
                            ("dice", dice.len().into()),
                            ("positions", super::dice(cx, dice).into()),
                        ],
                    ),
                    false,
                )),
                _ => None,
            })
            .collect();
        if !rerolls.is_empty() {
            out.push(form(
                w.get("war-form-reroll-choice"),
                vec![
                    select("action", w.get("war-form-reroll-choice"), rerolls),
                    submit(w.get("war-form-reroll-button")),
                ],
            ));
        }
    }

    // D4: moving in.
    if has(|a| matches!(a, Action::Occupy { .. })) {
        let (to, max) = view
            .waiting
            .iter()
            .find_map(|wt| match wt.decision {
                crate::engine::war::Decision::MoveIn { to, max, .. } => Some((to, max)),
                _ => None,
            })
            .expect("D4 is pending");
        out.push(form(
            w.with("war-form-occupy", &super::place(cx, "to", to)),
            vec![
                hidden("war", "occupy"),
                number(
                    "armies".into(),
                    w.one("war-form-occupy-label", "max", max),
                    max.to_string(),
                    "1",
                    max.to_string(),
                ),
                submit(w.get("war-form-occupy-button")),
            ],
        ));
    }

    // Phase C (D5).
    if has(|a| matches!(a, Action::EndTurn { .. })) {
        out.extend(movement_forms(view, seat, legal, &hand, cx));
    }

    // D6: the hand limit.
    if has(|a| matches!(a, Action::Discard { .. })) {
        let count = match view.phase {
            PhaseView::HandLimit { discard } => discard,
            _ => 0,
        };
        out.push(form(
            w.one("war-form-discard", "count", count),
            vec![
                hidden("war", "discard"),
                card_checks("card", w.one("war-form-discard", "count", count), &hand, cx),
                submit(w.get("war-form-discard-button")),
            ],
        ));
    }

    // D7: standing orders, for any seat at any time.
    if has(|a| a.is_orders()) {
        out.push(orders_form(view, seat, &hand, cx));
    }
    open_one(&mut out, cx);
    out
}

fn class_of(view: &View, seat: Seat, c: Card) -> CardClass {
    match c.territory() {
        None => CardClass::Joker,
        Some(t) if owner_of(view, t) == seat => CardClass::Owned,
        Some(_) => CardClass::Unowned,
    }
}

fn class_label(cx: &Ctx, class: CardClass) -> String {
    cx.words.get(match class {
        CardClass::Unowned => "war-form-class-unowned",
        CardClass::Owned => "war-form-class-owned",
        CardClass::Joker => "war-form-class-joker",
    })
}

fn card_checks(name: &str, label: String, list: &[Card], cx: &Ctx) -> Field {
    checks(
        name,
        label,
        list.iter()
            .map(|&c| choice(c.id(), card(cx, c), false))
            .collect(),
    )
}

fn place_form(view: &View, seat: Seat, default: &TerritoryCounts, cx: &Ctx) -> MoveForm {
    let w = &cx.words;
    let pools = match &view.phase {
        PhaseView::Reinforce {
            base,
            trades,
            continents,
            terr,
            total,
            ..
        } => {
            let mut parts = vec![w.one("war-pool-free", "armies", base + trades)];
            for (k, n) in continents {
                parts.push(w.two(
                    "war-pool-continent",
                    ("armies", *n),
                    ("continent", continent(cx, *k)),
                ));
            }
            for (t, n) in terr {
                let mut args = super::place(cx, "territory", *t);
                args.push(("armies", (*n).into()));
                parts.push(w.with("war-pool-territory", &args));
            }
            w.two("war-pools", ("total", *total), ("parts", w.list(parts)))
        }
        _ => String::new(),
    };
    let terr: Vec<(Territory, u32)> = match &view.phase {
        PhaseView::Reinforce { terr, .. } => terr.clone(),
        _ => Vec::new(),
    };
    let mut fields = vec![
        hidden("war", "place"),
        note(w.one("war-form-place-help", "pools", pools)),
        marker("grid", String::new()),
    ];
    for tv in view.board.iter().filter(|tv| tv.owner == seat) {
        let t = tv.territory;
        let min = terr
            .iter()
            .find(|(x, _)| *x == t)
            .map_or(0, |(_, n)| *n)
            .to_string();
        fields.push(number(
            format!("place-{}", t.id()),
            w.two(
                "war-form-source",
                ("territory", territory(cx, t)),
                ("armies", tv.armies),
            ),
            default.get(t).to_string(),
            &min,
            String::new(),
        ));
    }
    fields.push(marker("end", String::new()));
    fields.push(submit(w.get("war-form-place-button")));
    form(w.get("war-form-place"), fields)
}

/// The fields of an attack plan (§9.4), named as [`read_plan`] reads them.
fn plan_fields(hand: &[Card], cx: &Ctx) -> Vec<Field> {
    let w = &cx.words;
    let _ = hand;
    vec![
        note(w.get("war-form-plan")),
        select(
            "dice",
            w.get("war-form-plan-dice"),
            (1..=3)
                .rev()
                .map(|n| choice(n.to_string(), n.to_string(), n == 3))
                .collect(),
        ),
        number(
            "stop_at".into(),
            w.get("war-form-plan-stop-at"),
            "1".into(),
            "1",
            String::new(),
        ),
        number(
            "max_battles".into(),
            w.get("war-form-plan-max-battles"),
            String::new(),
            "1",
            String::new(),
        ),
        select(
            "occupy",
            w.get("war-form-plan-occupy"),
            [
                ("dice", "war-form-plan-occupy-dice"),
                ("all", "war-form-plan-occupy-all"),
                ("min", "war-form-plan-occupy-min"),
                ("ask", "war-form-plan-occupy-ask"),
                ("exactly", "war-form-plan-occupy-exactly"),
                ("leave", "war-form-plan-occupy-leave"),
            ]
            .iter()
            .map(|(v, id)| choice(*v, w.get(id), *v == "dice"))
            .collect(),
        ),
        number(
            "occupy_n".into(),
            w.get("war-form-plan-occupy-number"),
            String::new(),
            "1",
            String::new(),
        ),
        marker("details", w.get("war-form-reroll")),
        select(
            "terrain",
            w.get("war-form-plan-terrain"),
            [
                ("never", "war-form-plan-terrain-never"),
                ("at_declaration", "war-form-plan-terrain-at-declaration"),
                ("when_needed", "war-form-plan-terrain-when-needed"),
            ]
            .iter()
            .map(|(v, id)| choice(*v, w.get(id), *v == "never"))
            .collect(),
        ),
        select(
            "react",
            w.get("war-form-plan-react"),
            [
                ("auto", "war-form-plan-react-auto"),
                ("ask", "war-form-plan-react-ask"),
            ]
            .iter()
            .map(|(v, id)| choice(*v, w.get(id), *v == "auto"))
            .collect(),
        ),
        when_select("when", RerollWhen::Never, false, cx),
        class_checks("class", &[CardClass::Unowned], cx),
        number(
            "max_cards".into(),
            w.get("war-form-reroll-max"),
            "1".into(),
            "0",
            String::new(),
        ),
        number(
            "reserve".into(),
            w.get("war-form-reroll-reserve"),
            "0".into(),
            "0",
            String::new(),
        ),
        marker("end-details", String::new()),
    ]
}

pub(super) const WHENS: [(RerollWhen, &str); 5] = [
    (RerollWhen::Never, "never"),
    (RerollWhen::Loss1, "loss_1"),
    (RerollWhen::Loss2, "loss_2"),
    (RerollWhen::Loss3, "loss_3"),
    (RerollWhen::LosingTerritory, "losing_territory"),
];

pub(super) const CLASSES: [(CardClass, &str); 3] = [
    (CardClass::Unowned, "unowned"),
    (CardClass::Owned, "owned"),
    (CardClass::Joker, "joker"),
];

fn when_select(name: &str, current: RerollWhen, defender: bool, cx: &Ctx) -> Field {
    select(
        name,
        cx.words.get("war-form-reroll-when"),
        WHENS
            .iter()
            .filter(|(when, _)| defender || *when != RerollWhen::LosingTerritory)
            .map(|(when, v)| {
                choice(
                    *v,
                    cx.words.get(super::when_id("war-form", *when)),
                    *when == current,
                )
            })
            .collect(),
    )
}

fn class_checks(name: &str, current: &[CardClass], cx: &Ctx) -> Field {
    checks(
        name,
        cx.words.get("war-form-reroll-classes"),
        CLASSES
            .iter()
            .map(|(class, v)| choice(*v, class_label(cx, *class), current.contains(class)))
            .collect(),
    )
}

fn movement_forms(
    view: &View,
    seat: Seat,
    legal: &[Action],
    hand: &[Card],
    cx: &Ctx,
) -> Vec<MoveForm> {
    let w = &cx.words;
    let mut out = Vec::new();
    let mut routes: Vec<(Territory, Territory)> = Vec::new();
    for a in legal {
        if let Action::Move { from, to, .. } = a {
            if !routes.contains(&(*from, *to)) {
                routes.push((*from, *to));
            }
        }
    }
    let fresh = |t: Territory| armies_on(view, t) - moved_on(view, t);
    if !routes.is_empty() {
        let movable: Vec<String> = view
            .board
            .iter()
            .filter(|tv| tv.owner == seat && fresh(tv.territory) > 0 && tv.armies > 1)
            .map(|tv| {
                let mut args = super::place(cx, "territory", tv.territory);
                args.push(("armies", fresh(tv.territory).min(tv.armies - 1).into()));
                w.with("war-armies-on", &args)
            })
            .collect();
        out.push(form(
            w.get("war-form-move"),
            vec![
                hidden("war", "move"),
                note(w.one("war-form-move-help", "fresh", w.list(movable))),
                select(
                    "route",
                    w.get("war-form-move-route"),
                    routes
                        .iter()
                        .map(|&(from, to)| {
                            choice(
                                format!("{}:{}", from.id(), to.id()),
                                w.with(
                                    "war-form-move-route-option",
                                    &[
                                        ("from", territory(cx, from).into()),
                                        ("fresh", fresh(from).into()),
                                        ("armies", armies_on(view, from).into()),
                                        ("to", territory(cx, to).into()),
                                    ],
                                ),
                                false,
                            )
                        })
                        .collect(),
                ),
                Field {
                    kind: "text",
                    name: "armies".into(),
                    label: w.get("war-form-move-amount"),
                    value: w.get("war-form-move-all"),
                    ..Field::default()
                },
                submit(w.get("war-form-move-button")),
            ],
        ));
    }
    let passages: Vec<Choice> = legal
        .iter()
        .filter_map(|a| match a {
            Action::HiddenPassage { card: c } => Some(choice(json(a), card(cx, *c), false)),
            _ => None,
        })
        .collect();
    if !passages.is_empty() {
        out.push(form(
            w.get("war-form-passage"),
            vec![
                select("action", w.get("war-form-passage"), passages),
                submit(w.get("war-form-passage-button")),
            ],
        ));
    }
    let own: Vec<Territory> = view
        .board
        .iter()
        .filter(|tv| tv.owner == seat)
        .map(|tv| tv.territory)
        .collect();
    let mut transport_cards: Vec<Card> = Vec::new();
    let mut alliance_cards: Vec<Card> = Vec::new();
    for a in legal {
        match a {
            Action::AirTransport { card: c, .. } if !transport_cards.contains(c) => {
                transport_cards.push(*c)
            }
            Action::ContinentalAlliance { card: c, .. } if !alliance_cards.contains(c) => {
                alliance_cards.push(*c)
            }
            _ => {}
        }
    }
    for c in transport_cards {
        let x = c.territory().expect("a territory card");
        let mut fields = vec![
            hidden("war", "transport"),
            hidden("card", c.id()),
            Field {
                kind: "radios",
                name: "direction".into(),
                label: String::new(),
                choices: vec![
                    choice(
                        "out",
                        w.with("war-form-transport-out", &super::place(cx, "territory", x)),
                        true,
                    ),
                    choice(
                        "in",
                        w.with("war-form-transport-in", &super::place(cx, "territory", x)),
                        false,
                    ),
                ],
                ..Field::default()
            },
            marker("grid", String::new()),
        ];
        for &t in own.iter().filter(|&&t| t != x) {
            fields.push(number(
                format!("armies-{}", t.id()),
                w.three(
                    "war-form-fresh",
                    ("territory", territory(cx, t)),
                    ("fresh", fresh(t)),
                    ("armies", armies_on(view, t)),
                ),
                "0".into(),
                "0",
                String::new(),
            ));
        }
        fields.push(marker("end", String::new()));
        fields.push(submit(w.get("war-form-transport-button")));
        out.push(form(
            w.with("war-form-transport", &super::place(cx, "territory", x)),
            fields,
        ));
    }
    for c in alliance_cards {
        let k = c.territory().expect("a territory card").continent();
        let (all_fresh, all_moved) = k
            .territories()
            .fold((0, 0), |(f, m), t| (f + fresh(t), m + moved_on(view, t)));
        let mut fields = vec![
            hidden("war", "alliance"),
            hidden("card", c.id()),
            note(w.two(
                "war-form-alliance-help",
                ("fresh", all_fresh),
                ("moved", all_moved),
            )),
            marker("grid", String::new()),
        ];
        for t in k.territories() {
            fields.push(number(
                format!("fresh-{}", t.id()),
                w.two(
                    "war-form-alliance-field",
                    ("territory", territory(cx, t)),
                    ("kind", w.get("war-form-alliance-fresh")),
                ),
                fresh(t).to_string(),
                "0",
                String::new(),
            ));
            fields.push(number(
                format!("moved-{}", t.id()),
                w.two(
                    "war-form-alliance-field",
                    ("territory", territory(cx, t)),
                    ("kind", w.get("war-form-alliance-moved")),
                ),
                moved_on(view, t).to_string(),
                "0",
                String::new(),
            ));
        }
        fields.push(marker("end", String::new()));
        fields.push(submit(w.get("war-form-alliance-button")));
        out.push(form(
            w.two(
                "war-form-alliance",
                ("card", card(cx, c)),
                ("continent", continent(cx, k)),
            ),
            fields,
        ));
    }
    let mut fields = vec![hidden("war", "end_turn")];
    if !hand.is_empty() {
        fields.push(note(w.get("war-form-end-turn-help")));
        fields.push(card_checks("discard", w.get("war-form-end-turn"), hand, cx));
    }
    fields.push(submit(w.get("war-form-end-turn-button")));
    out.push(form(w.get("war-form-end-turn"), fields));
    out
}

fn block_fields(prefix: &str, block: &Block, hand: &[Card], cx: &Ctx) -> Vec<Field> {
    let w = &cx.words;
    let mut fields = vec![
        select(
            &format!("{prefix}terrain"),
            w.get("war-form-orders-terrain"),
            [
                (
                    DefenceTerrain::Never,
                    "never",
                    "war-form-orders-terrain-never",
                ),
                (
                    DefenceTerrain::WhenNeeded,
                    "when_needed",
                    "war-form-orders-terrain-when-needed",
                ),
                (
                    DefenceTerrain::Always,
                    "always",
                    "war-form-orders-terrain-always",
                ),
            ]
            .iter()
            .map(|(t, v, id)| choice(*v, w.get(id), *t == block.terrain))
            .collect(),
        ),
        when_select(&format!("{prefix}when"), block.reroll.when, true, cx),
        class_checks(&format!("{prefix}class"), &block.reroll.classes, cx),
        number(
            format!("{prefix}max"),
            w.get("war-form-reroll-max-turn"),
            block.reroll.max_cards_per_turn.to_string(),
            "0",
            String::new(),
        ),
        number(
            format!("{prefix}reserve"),
            w.get("war-form-reroll-reserve"),
            block.reroll.reserve.to_string(),
            "0",
            String::new(),
        ),
    ];
    let mut keepable: Vec<Card> = hand.to_vec();
    for &c in &block.reroll.keep {
        if !keepable.contains(&c) {
            keepable.push(c);
        }
    }
    if !keepable.is_empty() {
        fields.push(checks(
            &format!("{prefix}keep"),
            w.get("war-form-reroll-keep"),
            keepable
                .iter()
                .map(|&c| choice(c.id(), card(cx, c), block.reroll.keep.contains(&c)))
                .collect(),
        ));
    }
    fields
}

fn orders_form(view: &View, seat: Seat, hand: &[Card], cx: &Ctx) -> MoveForm {
    let w = &cx.words;
    let orders = view.seats[seat.index()].orders.clone().unwrap_or_default();
    let mut fields = vec![
        hidden("war", "orders"),
        note(w.get("war-form-orders-help")),
        marker("details", w.get("war-form-orders-default")),
    ];
    fields.extend(block_fields("d-", &orders.default, hand, cx));
    fields.push(marker("end-details", String::new()));
    for (t, block) in &orders.territories {
        fields.push(hidden("block", t.id()));
        fields.push(marker(
            "details",
            w.one("war-form-orders-block", "territory", territory(cx, *t)),
        ));
        fields.push(checks(
            &format!("t-{}-drop", t.id()),
            String::new(),
            vec![choice("yes", w.get("war-form-orders-drop"), false)],
        ));
        fields.extend(block_fields(&format!("t-{}-", t.id()), block, hand, cx));
        fields.push(marker("end-details", String::new()));
    }
    let mut own: Vec<Choice> = vec![choice("", w.get("war-form-orders-new-none"), true)];
    own.extend(
        view.board
            .iter()
            .filter(|tv| tv.owner == seat && !orders.territories.contains_key(&tv.territory))
            .map(|tv| choice(tv.territory.id(), territory(cx, tv.territory), false)),
    );
    fields.push(marker("details", w.get("war-form-orders-new")));
    fields.push(select("n-territory", w.get("war-form-orders-new"), own));
    fields.extend(block_fields("n-", &Block::default(), hand, cx));
    fields.push(marker("end-details", String::new()));
    fields.push(submit(w.get("war-form-orders-button")));
    form(w.get("war-form-orders"), fields)
}
