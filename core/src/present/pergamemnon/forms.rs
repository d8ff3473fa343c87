//! The seat's decisions as plain HTML forms (no script needed) and the fields read back as an
//! action: recruit, attack, defend with a battle plan, reinforce, dispose, discard, orders.
//!
//! Forms offer only what can be right where they can: a card's weapon comes with the card, a
//! recruitment with its default payment is one button, a reinforcement lists cards that succeed.

use super::board::{effective_cost, face_text};
use super::commands::default_payment;
use super::{capture_words, card_with_id, data, reinforce_words, seat_label};
use crate::engine::pergamemnon::actions::{AfterLoss, Disposal, Fallback, Respond, Zone};
use crate::engine::pergamemnon::cards::CardSet;
use crate::engine::pergamemnon::state::Side;
use crate::engine::pergamemnon::{
    Action, Capture, Decision, Nation, Plan, ReinforceMode, StandingOrders, View, Weapon,
};
use crate::engine::Seat;
use crate::present::{escape, Ctx, Html, MoveForm, Words};

/// The hidden field that names the form (`action_from_form` reads it).
const FORM: &str = "pergamemnon";

fn hidden(name: &str, value: &str) -> String {
    format!(
        "<input type=\"hidden\" name=\"{}\" value=\"{}\">\n",
        escape(name),
        escape(value)
    )
}

fn submit(label: &str) -> String {
    format!(
        "<button type=\"submit\" class=\"primary\">{}</button>\n",
        escape(label)
    )
}

fn action_button(label: &str, action: &Action, primary: bool) -> String {
    format!(
        "<button type=\"submit\" name=\"action\" value=\"{}\"{}>{}</button>\n",
        escape(&serde_json::to_string(action).expect("actions serialize")),
        if primary { " class=\"primary\"" } else { "" },
        escape(label)
    )
}

/// A choice of a select, radios or checkboxes: value, label, whether it starts chosen.
struct Choice {
    value: String,
    label: String,
    on: bool,
}

fn select(label: &str, name: &str, choices: &[Choice]) -> String {
    let mut html = format!(
        "<p><label>{} <select name=\"{}\">",
        escape(label),
        escape(name)
    );
    for c in choices {
        html.push_str(&format!(
            "<option value=\"{}\"{}>{}</option>",
            escape(&c.value),
            if c.on { " selected" } else { "" },
            escape(&c.label)
        ));
    }
    html.push_str("</select></label></p>\n");
    html
}

fn boxes(kind: &str, legend: &str, name: &str, choices: &[Choice]) -> String {
    let mut html = format!("<fieldset><legend>{}</legend>\n", escape(legend));
    for c in choices {
        html.push_str(&format!(
            "<label><input type=\"{kind}\" name=\"{}\" value=\"{}\"{}> {}</label><br>\n",
            escape(name),
            escape(&c.value),
            if c.on { " checked" } else { "" },
            escape(&c.label)
        ));
    }
    html.push_str("</fieldset>\n");
    html
}

fn card_choices(words: &Words, set: &CardSet, ids: &[String], on: &[String]) -> Vec<Choice> {
    ids.iter()
        .map(|id| Choice {
            value: id.clone(),
            label: face_text(words, set, id, None),
            on: on.contains(id),
        })
        .collect()
}

/// The plan's fields, pre-filled with `plan` (the standing plan, §10.3).
fn plan_fields(words: &Words, set: &CardSet, hand: &[String], plan: &Plan) -> String {
    let mut html = String::new();
    html.push_str(&select(
        &words.get("pergamemnon-form-reinforce"),
        "reinforce",
        &[
            ReinforceMode::Auto,
            ReinforceMode::Never,
            ReinforceMode::Ask,
            ReinforceMode::Prefer,
        ]
        .map(|m| Choice {
            value: reinforce_value(m).to_owned(),
            label: reinforce_words(words, m),
            on: plan.reinforce == m,
        }),
    ));
    let named = |ids: &[String]| -> Vec<Choice> {
        hand.iter()
            .map(|id| Choice {
                value: id.clone(),
                label: card_with_id(words, set, id),
                on: ids.contains(id),
            })
            .collect()
    };
    if !hand.is_empty() {
        html.push_str(&boxes(
            "checkbox",
            &words.get("pergamemnon-form-prefer"),
            "prefer",
            &named(&plan.prefer),
        ));
    }
    html.push_str(&select(
        &words.get("pergamemnon-form-fallback"),
        "fallback",
        &[
            Choice {
                value: "auto".into(),
                label: words.get("pergamemnon-plan-fallback-auto"),
                on: plan.fallback == Fallback::Auto,
            },
            Choice {
                value: "none".into(),
                label: words.get("pergamemnon-plan-fallback-none"),
                on: plan.fallback == Fallback::None,
            },
        ],
    ));
    if !hand.is_empty() {
        html.push_str(&boxes(
            "checkbox",
            &words.get("pergamemnon-form-keep"),
            "keep",
            &named(&plan.keep),
        ));
    }
    // Cards kept by the standing plan that are not in hand stay kept.
    for id in plan.keep.iter().filter(|id| !hand.contains(id)) {
        html.push_str(&hidden("keep", id));
    }
    html.push_str(&select(
        &words.get("pergamemnon-form-capture"),
        "capture",
        &[
            Capture::Discard,
            Capture::Tuck,
            Capture::TuckZeroPoints,
            Capture::Ask,
        ]
        .map(|c| Choice {
            value: capture_value(c).to_owned(),
            label: capture_words(words, c),
            on: plan.capture == c,
        }),
    ));
    html
}

fn reinforce_value(m: ReinforceMode) -> &'static str {
    match m {
        ReinforceMode::Auto => "auto",
        ReinforceMode::Never => "never",
        ReinforceMode::Ask => "ask",
        ReinforceMode::Prefer => "prefer",
    }
}

fn capture_value(c: Capture) -> &'static str {
    match c {
        Capture::Discard => "discard",
        Capture::Tuck => "tuck",
        Capture::TuckZeroPoints => "tuck_zero_points",
        Capture::Ask => "ask",
    }
}

fn weapon_value(w: Weapon) -> &'static str {
    w.slug()
}

/// Every form of the seat: its decision's, and its standing orders while the game runs.
pub(super) fn forms(view: &View, seat: Seat, legal: &[Action], cx: &Ctx) -> Vec<MoveForm> {
    let w = &cx.words;
    let set = &*view.set;
    let Some(me) = view.seats.get(seat.index()) else {
        return Vec::new();
    };
    let hand = me.hand.clone().unwrap_or_default();
    let standing = me.orders.clone().unwrap_or_default();
    let decision = view
        .waiting
        .iter()
        .find(|(s, _)| *s == seat)
        .map(|(_, d)| d.clone());
    let mut made = Vec::new();
    match &decision {
        Some(Decision::Turn { .. }) => {
            // Recruit: one button per creature that can be paid for, with the default payment.
            let mut buttons = String::new();
            for id in &view.display {
                let Some(d) = data(set, id) else { continue };
                let cost = effective_cost(d.cost, Some(me));
                if let Some(payment) = default_payment(set, &hand, &me.tucked, cost) {
                    let action = Action::Recruit {
                        creature: id.clone(),
                        payment: payment.clone(),
                    };
                    let label = w.three(
                        "pergamemnon-form-recruit-button",
                        ("creature", card_with_id(w, set, id)),
                        ("cost", cost),
                        (
                            "payment",
                            w.list(payment.iter().map(|p| card_with_id(w, set, p)).collect()),
                        ),
                    );
                    buttons.push_str(&action_button(&label, &action, false));
                }
            }
            if buttons.is_empty() {
                made.push(MoveForm {
                    legend: w.get("pergamemnon-form-recruit"),
                    body: Html(format!(
                        "<p class=\"muted\">{}</p>\n",
                        escape(&w.get("pergamemnon-form-recruit-none"))
                    )),
                    folded: true,
                });
            } else {
                made.push(MoveForm {
                    legend: w.get("pergamemnon-form-recruit"),
                    body: Html(format!(
                        "<p>{}</p>\n{buttons}",
                        escape(&w.get("pergamemnon-form-recruit-help"))
                    )),
                    folded: false,
                });
                // Another payment, chosen card by card.
                let mut body = hidden(FORM, "recruit");
                body.push_str(&boxes(
                    "radio",
                    &w.get("pergamemnon-form-creature"),
                    "creature",
                    &view
                        .display
                        .iter()
                        .map(|id| Choice {
                            value: id.clone(),
                            label: face_text(
                                w,
                                set,
                                id,
                                data(set, id).map(|d| effective_cost(d.cost, Some(me))),
                            ),
                            on: false,
                        })
                        .collect::<Vec<_>>(),
                ));
                body.push_str(&boxes(
                    "checkbox",
                    &w.get("pergamemnon-form-payment"),
                    "pay",
                    &card_choices(w, set, &me.tucked, &[]),
                ));
                body.push_str(&submit(&w.get("pergamemnon-form-recruit-submit")));
                made.push(MoveForm {
                    legend: w.get("pergamemnon-form-recruit-other"),
                    body: Html(body),
                    folded: true,
                });
            }
            // Attack.
            let targets: Vec<Choice> = view
                .seats
                .iter()
                .filter(|s| s.seat != seat && (view.players == 2 || s.active))
                .enumerate()
                .map(|(i, s)| Choice {
                    value: s.seat.number().to_string(),
                    label: seat_label(cx, view, s.seat),
                    on: i == 0,
                })
                .collect();
            let strongest = hand
                .iter()
                .filter_map(|id| data(set, id).map(|d| (id.clone(), d)))
                .max_by_key(|(_, d)| (!d.leader, d.attack))
                .map(|(id, _)| id);
            let mut body = hidden(FORM, "attack");
            body.push_str(&select(
                &w.get("pergamemnon-form-target"),
                "target",
                &targets,
            ));
            body.push_str(&boxes(
                "radio",
                &w.get("pergamemnon-form-attack-card"),
                "card",
                &hand
                    .iter()
                    .filter_map(|id| {
                        let d = data(set, id)?;
                        Some(Choice {
                            value: format!("{}:{id}", weapon_value(d.weapon)),
                            label: face_text(w, set, id, None),
                            on: strongest.as_ref() == Some(id),
                        })
                    })
                    .collect::<Vec<_>>(),
            ));
            body.push_str(&format!(
                "<details><summary>{}</summary>\n{}</details>\n",
                escape(&w.get("pergamemnon-form-plan")),
                plan_fields(w, set, &hand, &standing.plan)
            ));
            body.push_str(&submit(&w.get("pergamemnon-form-attack-submit")));
            made.push(MoveForm {
                legend: w.get("pergamemnon-form-attack"),
                body: Html(body),
                folded: false,
            });
        }
        Some(Decision::Defend {
            weapon, attacker, ..
        }) => {
            let best = hand
                .iter()
                .filter(|id| !standing.plan.keep.contains(id))
                .filter_map(|id| data(set, id).map(|d| (id.clone(), d)))
                .max_by_key(|(_, d)| {
                    (
                        d.defence.against(*weapon),
                        !d.leader,
                        std::cmp::Reverse(d.points),
                    )
                })
                .map(|(id, _)| id);
            let mut body = hidden(FORM, "defend");
            body.push_str(&format!(
                "<p>{}</p>\n",
                escape(&w.three(
                    "pergamemnon-form-defend-help",
                    ("attacker", seat_label(cx, view, *attacker)),
                    ("weapon", super::weapon(w, *weapon)),
                    ("defence", super::defence_of(w, *weapon)),
                ))
            ));
            body.push_str(&boxes(
                "radio",
                &w.get("pergamemnon-form-defend-card"),
                "card",
                &card_choices(w, set, &hand, &best.into_iter().collect::<Vec<_>>()),
            ));
            body.push_str(&format!(
                "<fieldset><legend>{}</legend>\n{}</fieldset>\n",
                escape(&w.get("pergamemnon-form-plan")),
                plan_fields(w, set, &hand, &standing.plan)
            ));
            body.push_str(&submit(&w.get("pergamemnon-form-defend-submit")));
            made.push(MoveForm {
                legend: w.get("pergamemnon-form-defend"),
                body: Html(body),
                folded: false,
            });
        }
        Some(Decision::Reinforce { weapon, value, .. }) => {
            let mut options: Vec<Action> = legal
                .iter()
                .filter(|a| matches!(a, Action::Reinforce { .. }))
                .cloned()
                .collect();
            if options.is_empty() {
                options = reinforcements(view, me.nation, me.city_back, &hand, *weapon, *value);
            }
            let mut body = format!(
                "<p>{}</p>\n",
                escape(&w.three(
                    "pergamemnon-decision-reinforce",
                    ("weapon", super::weapon(w, *weapon)),
                    ("value", *value),
                    ("defence", super::defence_of(w, *weapon)),
                ))
            );
            for action in &options {
                let label = match action {
                    Action::Reinforce { card: Some(id) } => w.one(
                        "pergamemnon-form-reinforce-with",
                        "card",
                        face_text(w, set, id, None),
                    ),
                    _ => w.get("pergamemnon-form-reinforce-none"),
                };
                body.push_str(&action_button(
                    &label,
                    action,
                    matches!(action, Action::Reinforce { card: Some(_) }),
                ));
            }
            made.push(MoveForm {
                legend: w.get("pergamemnon-form-reinforce-title"),
                body: Html(body),
                folded: false,
            });
        }
        Some(Decision::Dispose { cards, .. }) => {
            let mut body = hidden(FORM, "dispose");
            for id in cards {
                body.push_str(&boxes(
                    "radio",
                    &face_text(w, set, id, None),
                    &format!("to:{id}"),
                    &[
                        Choice {
                            value: "discard".into(),
                            label: w.get("pergamemnon-form-to-discard"),
                            on: true,
                        },
                        Choice {
                            value: "tuck".into(),
                            label: w.get("pergamemnon-form-to-tuck"),
                            on: false,
                        },
                    ],
                ));
            }
            body.push_str(&submit(&w.get("pergamemnon-form-dispose-submit")));
            made.push(MoveForm {
                legend: w.get("pergamemnon-form-dispose"),
                body: Html(body),
                folded: false,
            });
        }
        Some(Decision::Discard { .. }) => {
            let mut body = hidden(FORM, "discard");
            body.push_str(&boxes(
                "checkbox",
                &w.get("pergamemnon-form-discard-cards"),
                "discard",
                &card_choices(w, set, &hand, &[]),
            ));
            body.push_str(&submit(&w.get("pergamemnon-form-discard-submit")));
            made.push(MoveForm {
                legend: w.get("pergamemnon-form-discard"),
                body: Html(body),
                folded: false,
            });
        }
        None => {}
    }
    if view.outcome.is_none() && me.orders.is_some() {
        made.push(orders_form(w, set, &hand, &standing));
    }
    made
}

/// The reinforcements that make the defence succeed, and none (R10), from the view.
fn reinforcements(
    view: &View,
    nation: Nation,
    city_back: bool,
    hand: &[String],
    weapon: Weapon,
    value: u8,
) -> Vec<Action> {
    let set = &*view.set;
    let minus = i16::from(nation == Nation::Romans && city_back);
    let def = |id: &str| {
        data(set, id).map_or(0, |d| (i16::from(d.defence.against(weapon)) - minus).max(0))
    };
    let current = view.battle.as_ref().and_then(|b| {
        let side = match b.defending? {
            Side::Attacker => 0,
            Side::Defender => 1,
        };
        b.used[side].last().cloned()
    });
    let base = current.as_deref().map_or(0, def);
    let mut found: Vec<Action> = hand
        .iter()
        .filter(|id| base + def(id) >= i16::from(value))
        .map(|id| Action::Reinforce {
            card: Some(id.clone()),
        })
        .collect();
    found.push(Action::Reinforce { card: None });
    found
}

fn orders_form(words: &Words, set: &CardSet, hand: &[String], orders: &StandingOrders) -> MoveForm {
    let mut body = hidden(FORM, "orders");
    body.push_str(&format!(
        "<p>{}</p>\n",
        escape(&words.get("pergamemnon-form-orders-help"))
    ));
    body.push_str(&select(
        &words.get("pergamemnon-form-respond"),
        "respond",
        &[
            Choice {
                value: "ask".into(),
                label: words.get("pergamemnon-orders-respond-ask"),
                on: orders.respond == Respond::Ask,
            },
            Choice {
                value: "auto".into(),
                label: words.get("pergamemnon-orders-respond-auto"),
                on: orders.respond == Respond::Auto,
            },
        ],
    ));
    body.push_str(&plan_fields(words, set, hand, &orders.plan));
    body.push_str(&select(
        &words.get("pergamemnon-form-after-loss"),
        "after_loss",
        &[
            Choice {
                value: "none".into(),
                label: words.get("pergamemnon-orders-after-loss-none"),
                on: orders.discard_after_loss == AfterLoss::None,
            },
            Choice {
                value: "ask".into(),
                label: words.get("pergamemnon-orders-after-loss-ask"),
                on: orders.discard_after_loss == AfterLoss::Ask,
            },
        ],
    ));
    body.push_str(&submit(&words.get("pergamemnon-form-orders-submit")));
    MoveForm {
        legend: words.get("pergamemnon-form-orders"),
        body: Html(body),
        folded: true,
    }
}

// ---------------------------------------------------------------------------------------------
// Reading the fields back.

struct Fields<'a>(&'a [(String, String)]);

impl<'a> Fields<'a> {
    fn get(&self, name: &str) -> Option<&'a str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.trim())
    }
    fn all(&self, name: &str) -> Vec<String> {
        self.0
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.trim().to_owned())
            .filter(|v| !v.is_empty())
            .collect()
    }
}

fn unknown(words: &Words, value: &str) -> String {
    words.one("pergamemnon-form-problem-unknown", "value", value)
}

fn choose(words: &Words, field: &str) -> String {
    words.one("pergamemnon-form-problem-choose", "field", words.get(field))
}

fn read_plan(words: &Words, fields: &Fields) -> Result<Plan, String> {
    let reinforce = match fields.get("reinforce").unwrap_or("auto") {
        "auto" => ReinforceMode::Auto,
        "never" => ReinforceMode::Never,
        "ask" => ReinforceMode::Ask,
        "prefer" => ReinforceMode::Prefer,
        other => return Err(unknown(words, other)),
    };
    let prefer = fields.all("prefer");
    if reinforce == ReinforceMode::Prefer && prefer.is_empty() {
        return Err(words.get("pergamemnon-form-problem-prefer"));
    }
    let fallback = match fields.get("fallback").unwrap_or("auto") {
        "auto" => Fallback::Auto,
        "none" => Fallback::None,
        other => return Err(unknown(words, other)),
    };
    let capture = match fields.get("capture").unwrap_or("discard") {
        "discard" => Capture::Discard,
        "tuck" => Capture::Tuck,
        "tuck_zero_points" => Capture::TuckZeroPoints,
        "ask" => Capture::Ask,
        other => return Err(unknown(words, other)),
    };
    let mut keep = Vec::new();
    for id in fields.all("keep") {
        if !keep.contains(&id) {
            keep.push(id);
        }
    }
    Ok(Plan {
        reinforce,
        // A list of preferred cards means something only in `prefer` mode.
        prefer: if reinforce == ReinforceMode::Prefer {
            prefer
        } else {
            Vec::new()
        },
        fallback: if reinforce == ReinforceMode::Prefer {
            fallback
        } else {
            Fallback::Auto
        },
        keep,
        capture,
    })
}

/// An action from one of the forms above; `None` when the fields are none of them.
pub(super) fn action_from_form(
    fields: &[(String, String)],
    words: &Words,
) -> Option<Result<Action, String>> {
    let fields = Fields(fields);
    let form = fields.get(FORM)?;
    Some(read_form(form, &fields, words))
}

fn read_form(form: &str, fields: &Fields, words: &Words) -> Result<Action, String> {
    match form {
        "recruit" => {
            let creature = fields
                .get("creature")
                .filter(|c| !c.is_empty())
                .ok_or_else(|| choose(words, "pergamemnon-form-creature"))?
                .to_owned();
            let payment = fields.all("pay");
            if payment.is_empty() {
                return Err(words.get("pergamemnon-form-problem-payment"));
            }
            Ok(Action::Recruit { creature, payment })
        }
        "attack" => {
            let target = fields
                .get("target")
                .filter(|t| !t.is_empty())
                .ok_or_else(|| choose(words, "pergamemnon-form-target"))?;
            let target = target
                .parse::<u8>()
                .ok()
                .and_then(Seat::from_number)
                .ok_or_else(|| unknown(words, target))?;
            let card = fields
                .get("card")
                .filter(|c| !c.is_empty())
                .ok_or_else(|| choose(words, "pergamemnon-form-attack-card"))?;
            let (weapon, card) = card.split_once(':').ok_or_else(|| unknown(words, card))?;
            let weapon = Weapon::ALL
                .into_iter()
                .find(|w| weapon_value(*w) == weapon)
                .ok_or_else(|| unknown(words, weapon))?;
            Ok(Action::Attack {
                target,
                weapon,
                card: card.to_owned(),
                plan: read_plan(words, fields)?,
            })
        }
        "defend" => {
            let card = fields
                .get("card")
                .filter(|c| !c.is_empty())
                .ok_or_else(|| choose(words, "pergamemnon-form-defend-card"))?
                .to_owned();
            Ok(Action::Defend {
                card,
                plan: read_plan(words, fields)?,
            })
        }
        "dispose" => {
            let mut cards = Vec::new();
            for (name, value) in fields.0 {
                let Some(card) = name.strip_prefix("to:") else {
                    continue;
                };
                let to = match value.trim() {
                    "discard" => Zone::Discard,
                    "tuck" => Zone::Tuck,
                    other => return Err(unknown(words, other)),
                };
                cards.push(Disposal {
                    card: card.to_owned(),
                    to,
                });
            }
            Ok(Action::Dispose { cards })
        }
        "discard" => Ok(Action::Discard {
            cards: fields.all("discard"),
        }),
        "pass" => Ok(Action::Pass),
        "orders" => {
            let respond = match fields.get("respond").unwrap_or("ask") {
                "ask" => Respond::Ask,
                "auto" => Respond::Auto,
                other => return Err(unknown(words, other)),
            };
            let discard_after_loss = match fields.get("after_loss").unwrap_or("none") {
                "none" => AfterLoss::None,
                "ask" => AfterLoss::Ask,
                other => return Err(unknown(words, other)),
            };
            Ok(Action::Orders {
                orders: StandingOrders {
                    respond,
                    plan: read_plan(words, fields)?,
                    discard_after_loss,
                },
            })
        }
        other => Err(unknown(words, other)),
    }
}

/// The fields a form would post for `action` (for the round-trip tests).
#[cfg(test)]
pub(super) fn fields_of(action: &Action) -> Vec<(String, String)> {
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut push = |n: &str, v: &str| fields.push((n.to_owned(), v.to_owned()));
    let plan = |push: &mut dyn FnMut(&str, &str), plan: &Plan| {
        push("reinforce", reinforce_value(plan.reinforce));
        for id in &plan.prefer {
            push("prefer", id);
        }
        push(
            "fallback",
            match plan.fallback {
                Fallback::Auto => "auto",
                Fallback::None => "none",
            },
        );
        for id in &plan.keep {
            push("keep", id);
        }
        push("capture", capture_value(plan.capture));
    };
    match action {
        Action::Pass => push(FORM, "pass"),
        Action::Recruit { creature, payment } => {
            push(FORM, "recruit");
            push("creature", creature);
            for p in payment {
                push("pay", p);
            }
        }
        Action::Attack {
            target,
            weapon,
            card,
            plan: p,
        } => {
            push(FORM, "attack");
            push("target", &target.number().to_string());
            push("card", &format!("{}:{card}", weapon_value(*weapon)));
            plan(&mut push, p);
        }
        Action::Defend { card, plan: p } => {
            push(FORM, "defend");
            push("card", card);
            plan(&mut push, p);
        }
        Action::Dispose { cards } => {
            push(FORM, "dispose");
            for d in cards {
                push(
                    &format!("to:{}", d.card),
                    match d.to {
                        Zone::Discard => "discard",
                        Zone::Tuck => "tuck",
                    },
                );
            }
        }
        Action::Discard { cards } => {
            push(FORM, "discard");
            for c in cards {
                push("discard", c);
            }
        }
        Action::Orders { orders } => {
            push(FORM, "orders");
            push(
                "respond",
                match orders.respond {
                    Respond::Ask => "ask",
                    Respond::Auto => "auto",
                },
            );
            plan(&mut push, &orders.plan);
            push(
                "after_loss",
                match orders.discard_after_loss {
                    AfterLoss::None => "none",
                    AfterLoss::Ask => "ask",
                },
            );
        }
        Action::Reinforce { .. } => {}
    }
    fields
}
