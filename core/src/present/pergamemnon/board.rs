//! The table as HTML and as mail text: our own plain card faces (name, nation colour, weapon,
//! defences, charisma, points, skills, cost), each seat's zones, the display, the battle, scores.

use super::{
    card_name, city, data, defence_of, is_charisma, nation, nation_colour, plan_words, points,
    seat_label, view_card_set, weapon,
};
use crate::engine::pergamemnon::actions::AfterLoss;
use crate::engine::pergamemnon::cards::{CardData, CardSet};
use crate::engine::pergamemnon::state::Side;
use crate::engine::pergamemnon::view::SeatView;
use crate::engine::pergamemnon::{Decision, Nation, Respond, View, Weapon};
use crate::engine::{Seat, Viewer};
use crate::present::{escape, Ctx, Html, MailPart, Words};

/// The icon of a weapon type (decoration: the word is always beside it).
fn weapon_icon(w: Weapon) -> &'static str {
    match w {
        Weapon::Sword => "🗡",
        Weapon::Spear => "🔱",
        Weapon::Bow => "🏹",
    }
}

/// Creatures have no nation: their border is purple; charisma cards gold.
const CREATURE_COLOUR: &str = "#7d3c98";
const CHARISMA_COLOUR: &str = "#d4ac0d";

/// A creature's cost for this seat (§6.2, R20): −1 Carthage front, +1 Hellenes back, at least 1.
pub(crate) fn effective_cost(printed: u8, seat: Option<&SeatView>) -> u8 {
    let mut cost = i16::from(printed);
    if let Some(s) = seat {
        match (s.nation, s.city_back) {
            (Nation::Carthaginians, false) => cost -= 1,
            (Nation::Hellenes, true) => cost += 1,
            _ => {}
        }
    }
    cost.max(1) as u8
}

/// The viewer's own seat, if the viewer is a seat.
pub(crate) fn viewer_seat(view: &View) -> Option<&SeatView> {
    match view.viewer {
        Viewer::Seat(seat) => view.seats.get(seat.index()),
        _ => None,
    }
}

/// A card's values in words, one phrase each: weapon, defences, charisma, points, skills, cost.
fn stats(words: &Words, d: &CardData, cost: Option<u8>) -> Vec<String> {
    let mut parts = Vec::new();
    if d.nation.is_none() {
        parts.push(words.get("pergamemnon-face-creature"));
    }
    if d.leader {
        parts.push(words.get("pergamemnon-face-leader"));
    }
    parts.push(words.two(
        "pergamemnon-face-attack",
        ("weapon", weapon(words, d.weapon)),
        ("value", d.attack),
    ));
    parts.push(words.three(
        "pergamemnon-face-defence",
        ("helmet", d.defence.helmet),
        ("armour", d.defence.armour),
        ("shield", d.defence.shield),
    ));
    parts.push(words.one("pergamemnon-face-charisma", "value", d.charisma));
    parts.push(words.one("pergamemnon-face-points", "value", d.points));
    if d.flee {
        parts.push(words.get("pergamemnon-skill-flee"));
    }
    if d.secure {
        parts.push(words.get("pergamemnon-skill-secure"));
    }
    if d.nation.is_none() {
        let printed = d.cost;
        parts.push(match cost {
            Some(c) if c != printed => words.two(
                "pergamemnon-face-cost-effective",
                ("cost", c),
                ("printed", printed),
            ),
            _ => words.one("pergamemnon-face-cost", "cost", printed),
        });
    }
    parts
}

/// A card as one line of text (mails): "Sphinx (cr_sphinx): creature · bow 5 · …".
pub(crate) fn face_text(words: &Words, set: &CardSet, id: &str, cost: Option<u8>) -> String {
    let head = words.two(
        "pergamemnon-card-with-id",
        ("name", card_name(words, set, id)),
        ("id", id),
    );
    match data(set, id) {
        Some(d) => {
            let mut parts = Vec::new();
            if let Some(n) = d.nation {
                parts.push(nation(words, n));
            }
            parts.extend(stats(words, d, cost));
            format!("{head}: {}", parts.join(" · "))
        }
        None => head,
    }
}

/// A card face as HTML: a colour band (the nation's), the name with its id, the weapon with
/// its icon, the defences, charisma, points, skills and, for a creature, the cost.
pub(crate) fn face_html(words: &Words, set: &CardSet, id: &str, cost: Option<u8>) -> String {
    let name = escape(&card_name(words, set, id));
    let code = escape(id);
    let Some(d) = data(set, id) else {
        let colour = if is_charisma(id) {
            CHARISMA_COLOUR
        } else {
            "#999999"
        };
        return format!(
            "<span class=\"card pg-card\">{}<span class=\"card-name\">{name}</span> \
             <small class=\"card-code\">{code}</small><br><span aria-hidden=\"true\">✦</span> {}</span>",
            band(colour),
            escape(&words.one("pergamemnon-face-charisma", "value", 1))
        );
    };
    let colour = d.nation.map_or(CREATURE_COLOUR, nation_colour);
    let mut html = format!(
        "<span class=\"card pg-card\">{}<span class=\"card-name\">{}{name}</span> \
         <small class=\"card-code\">{code}</small>",
        band(colour),
        if d.leader {
            "<span aria-hidden=\"true\">♛ </span>"
        } else {
            ""
        }
    );
    let line = |icon: &str, text: String| {
        format!(
            "<br><span aria-hidden=\"true\">{icon}</span> {}",
            escape(&text)
        )
    };
    let kind = match d.nation {
        Some(n) => nation(words, n),
        None => words.get("pergamemnon-face-creature"),
    };
    html.push_str(&format!("<br><small>{}</small>", escape(&kind)));
    if d.leader {
        html.push_str(&format!(
            " <small>{}</small>",
            escape(&words.get("pergamemnon-face-leader"))
        ));
    }
    html.push_str(&line(
        weapon_icon(d.weapon),
        words.two(
            "pergamemnon-face-attack",
            ("weapon", weapon(words, d.weapon)),
            ("value", d.attack),
        ),
    ));
    html.push_str(&line(
        "⛑",
        words.three(
            "pergamemnon-face-defence",
            ("helmet", d.defence.helmet),
            ("armour", d.defence.armour),
            ("shield", d.defence.shield),
        ),
    ));
    html.push_str(&line(
        "✦",
        words.one("pergamemnon-face-charisma", "value", d.charisma),
    ));
    html.push_str(&line(
        "★",
        words.one("pergamemnon-face-points", "value", d.points),
    ));
    if d.flee {
        html.push_str(&line("🏃", words.get("pergamemnon-skill-flee")));
    }
    if d.secure {
        html.push_str(&line("🔒", words.get("pergamemnon-skill-secure")));
    }
    if d.nation.is_none() {
        let text = match cost {
            Some(c) if c != d.cost => words.two(
                "pergamemnon-face-cost-effective",
                ("cost", c),
                ("printed", d.cost),
            ),
            _ => words.one("pergamemnon-face-cost", "cost", d.cost),
        };
        html.push_str(&line("◆", text));
    }
    html.push_str("</span>");
    html
}

/// The nation's colour as a small band (an SVG: the pages allow no inline styles).
fn band(colour: &str) -> String {
    format!(
        "<svg width=\"48\" height=\"5\" aria-hidden=\"true\" focusable=\"false\"><rect width=\"48\" \
         height=\"5\" fill=\"{colour}\"/></svg><br>"
    )
}

/// Cards as faces in a row; "no cards" when empty.
fn faces(words: &Words, set: &CardSet, ids: &[String]) -> String {
    if ids.is_empty() {
        return format!(
            "<span class=\"muted\">{}</span>",
            escape(&words.get("pergamemnon-no-cards"))
        );
    }
    ids.iter()
        .map(|id| face_html(words, set, id, None))
        .collect::<Vec<_>>()
        .join(" ")
}

fn heading(level: u8, text: &str) -> String {
    format!("<h{level}>{}</h{level}>\n", escape(text))
}

fn para(text: &str) -> String {
    format!("<p>{}</p>\n", escape(text))
}

/// A seat's public state in words: nation, city side and its effect, nation card, hand and
/// piles, charisma.
fn seat_lines(view: &View, s: &SeatView, cx: &Ctx) -> Vec<String> {
    let w = &cx.words;
    let mut lines = Vec::new();
    let side = if s.city_back { "back" } else { "front" };
    lines.push(w.two(
        &format!("pergamemnon-seat-city-{side}"),
        ("city", city(w, s.nation)),
        (
            "effect",
            w.get(&format!("pergamemnon-city-{side}-{}", s.nation.slug())),
        ),
    ));
    if view.players > 2 {
        lines.push(w.get(if s.active {
            "pergamemnon-seat-active"
        } else {
            "pergamemnon-seat-inactive"
        }));
    }
    lines.push(w.three(
        "pergamemnon-seat-piles",
        ("hand", s.hand_count),
        ("size", s.hand_size),
        ("draw", s.draw_count),
    ));
    lines
}

/// The board: the card set, the situation, the battle, the display, every seat, the scores.
pub(super) fn board(view: &View, cx: &Ctx) -> Html {
    let w = &cx.words;
    let set = &*view.set;
    let mut html = String::from("<div class=\"pergamemnon\">\n");
    html.push_str(&format!(
        "<p class=\"pg-card-set\"><strong>{}</strong></p>\n",
        escape(&view_card_set(w, view))
    ));
    html.push_str(&para(&situation(view, cx)));
    if let Some(outcome) = &view.outcome {
        html.push_str(&heading(2, &w.get("pergamemnon-scores-title")));
        html.push_str("<ol>\n");
        let mut order: Vec<usize> = (0..view.seats.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(outcome.half_points.get(i).copied().unwrap_or(0)));
        for i in order {
            let seat = Seat(i as u8);
            let creatures = outcome.creatures.get(i).cloned().unwrap_or_default();
            let mut line = w.two(
                "pergamemnon-score-line",
                ("seat", seat_label(cx, view, seat)),
                (
                    "points",
                    points(w, outcome.half_points.get(i).copied().unwrap_or(0)),
                ),
            );
            if !creatures.is_empty() {
                line.push_str(
                    &w.one(
                        "pergamemnon-score-creatures",
                        "costs",
                        creatures
                            .iter()
                            .map(u8::to_string)
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
                );
            }
            if outcome.winners.contains(&seat) {
                line.push_str(&w.get("pergamemnon-score-winner"));
            }
            html.push_str(&format!("<li>{}</li>\n", escape(&line)));
        }
        html.push_str("</ol>\n");
    }
    html.push_str(&battle_html(view, cx));
    // The display, with the costs for the viewer.
    let me = viewer_seat(view);
    html.push_str(&heading(
        2,
        &w.two(
            "pergamemnon-display-title",
            ("count", view.display.len()),
            ("deck", view.creature_deck_count),
        ),
    ));
    if me.is_some_and(|s| effective_cost(5, Some(s)) != 5) {
        html.push_str(&para(&w.get("pergamemnon-display-your-costs")));
    }
    html.push_str("<p class=\"pg-display\">");
    html.push_str(
        &view
            .display
            .iter()
            .map(|id| {
                let cost = data(set, id).map(|d| effective_cost(d.cost, me));
                face_html(w, set, id, cost)
            })
            .collect::<Vec<_>>()
            .join(" "),
    );
    html.push_str("</p>\n");
    html.push_str(&para(&w.three(
        "pergamemnon-piles",
        ("supply", view.supply_count),
        ("removed", view.removed_count),
        ("box", view.boxed.len()),
    )));
    // Every seat.
    for s in &view.seats {
        let mut title = seat_label(cx, view, s.seat);
        if view.outcome.is_none() && view.at_turn == s.seat {
            title.push_str(&w.get("pergamemnon-seat-at-turn"));
        }
        html.push_str(&format!(
            "<section class=\"pg-seat\">\n<h3>{}{}</h3>\n<ul>\n",
            swatch(s.nation),
            escape(&title)
        ));
        for line in seat_lines(view, s, cx) {
            html.push_str(&format!("<li>{}</li>\n", escape(&line)));
        }
        html.push_str("</ul>\n");
        for (key, ids, extra) in [
            ("pergamemnon-zone-discard", &s.discard, None),
            ("pergamemnon-zone-tucked", &s.tucked, Some(s.charisma)),
            ("pergamemnon-zone-secured", &s.secured, None),
        ] {
            let label = match extra {
                Some(charisma) => w.two(
                    "pergamemnon-zone-tucked",
                    ("count", ids.len()),
                    ("charisma", charisma),
                ),
                None => w.one(key, "count", ids.len()),
            };
            html.push_str(&format!(
                "<p><strong>{}</strong><br>{}</p>\n",
                escape(&label),
                faces(w, set, ids)
            ));
        }
        if view.outcome.is_some() {
            if let Some(hand) = &s.hand {
                html.push_str(&format!(
                    "<p><strong>{}</strong><br>{}</p>\n",
                    escape(&w.one("pergamemnon-zone-hand", "count", hand.len())),
                    faces(w, set, hand)
                ));
            }
        }
        html.push_str("</section>\n");
    }
    if !view.boxed.is_empty() {
        html.push_str(&format!(
            "<details><summary>{}</summary><p>{}</p></details>\n",
            escape(&w.one("pergamemnon-zone-box", "count", view.boxed.len())),
            faces(w, set, &view.boxed)
        ));
    }
    html.push_str("</div>\n");
    Html(html)
}

fn swatch(n: Nation) -> String {
    format!(
        "<svg width=\"14\" height=\"14\" aria-hidden=\"true\" focusable=\"false\"><rect width=\"14\" \
         height=\"14\" rx=\"3\" fill=\"{}\"/></svg> ",
        nation_colour(n)
    )
}

/// The battle under way, as the view shows it (a hidden first card stays hidden, §8).
fn battle_lines(view: &View, cx: &Ctx) -> Vec<String> {
    let w = &cx.words;
    let set = &*view.set;
    let Some(b) = &view.battle else {
        return Vec::new();
    };
    let mut lines = vec![w.three(
        "pergamemnon-battle-head",
        ("attacker", seat_label(cx, view, b.attacker)),
        ("defender", seat_label(cx, view, b.defender)),
        ("weapon", weapon(w, b.weapon)),
    )];
    let revealed = !b.used[0].is_empty() || !b.used[1].is_empty();
    if !revealed {
        match &b.attack_card {
            Some(id) => lines.push(w.one(
                "pergamemnon-battle-your-hidden-card",
                "card",
                card_name(w, set, id),
            )),
            None => lines.push(w.get("pergamemnon-battle-hidden-card")),
        }
    }
    for (side, seat) in [(0, b.attacker), (1, b.defender)] {
        if !b.used[side].is_empty() {
            lines.push(
                w.two(
                    "pergamemnon-battle-used",
                    ("seat", cx.name(seat)),
                    (
                        "cards",
                        w.list(
                            b.used[side]
                                .iter()
                                .map(|id| card_name(w, set, id))
                                .collect(),
                        ),
                    ),
                ),
            );
        }
    }
    if let (Some(side), Some((wp, value))) = (b.defending, b.incoming) {
        let seat = match side {
            Side::Attacker => b.attacker,
            Side::Defender => b.defender,
        };
        lines.push(w.with(
            "pergamemnon-battle-incoming",
            &[
                ("seat", cx.name(seat).into()),
                ("weapon", weapon(w, wp).into()),
                ("value", value.into()),
                ("defence", defence_of(w, wp).into()),
            ],
        ));
    }
    if let Some(winner) = b.winner {
        lines.push(w.one("pergamemnon-battle-winner", "seat", cx.name(winner)));
    }
    if !b.captured.is_empty() {
        lines.push(w.one(
            "pergamemnon-battle-captured",
            "cards",
            w.list(b.captured.iter().map(|id| card_name(w, set, id)).collect()),
        ));
    }
    lines
}

fn battle_html(view: &View, cx: &Ctx) -> String {
    let lines = battle_lines(view, cx);
    if lines.is_empty() {
        return String::new();
    }
    let w = &cx.words;
    let set = &*view.set;
    let mut html = heading(2, &w.get("pergamemnon-battle-title"));
    html.push_str("<ul>\n");
    for line in &lines {
        html.push_str(&format!("<li>{}</li>\n", escape(line)));
    }
    html.push_str("</ul>\n");
    if let Some(b) = &view.battle {
        for (side, seat) in [(0, b.attacker), (1, b.defender)] {
            if !b.used[side].is_empty() {
                html.push_str(&format!(
                    "<p><strong>{}</strong><br>{}</p>\n",
                    escape(&cx.name(seat)),
                    faces(w, set, &b.used[side])
                ));
            }
        }
    }
    html
}

/// Standing orders in words, for their owner.
pub(crate) fn orders_lines(words: &Words, set: &CardSet, s: &SeatView) -> Vec<String> {
    let Some(orders) = &s.orders else {
        return Vec::new();
    };
    vec![
        words.get(match orders.respond {
            Respond::Ask => "pergamemnon-orders-respond-ask",
            Respond::Auto => "pergamemnon-orders-respond-auto",
        }),
        words.one(
            "pergamemnon-orders-plan",
            "plan",
            plan_words(words, set, &orders.plan),
        ),
        words.get(match orders.discard_after_loss {
            AfterLoss::None => "pergamemnon-orders-after-loss-none",
            AfterLoss::Ask => "pergamemnon-orders-after-loss-ask",
        }),
    ]
}

/// The seat's own hand and standing orders.
pub(super) fn private(view: &View, seat: Seat, cx: &Ctx) -> Html {
    let w = &cx.words;
    let set = &*view.set;
    let Some(s) = view.seats.get(seat.index()) else {
        return Html::default();
    };
    let Some(hand) = &s.hand else {
        return Html::default();
    };
    let mut html = heading(2, &w.one("pergamemnon-zone-hand", "count", hand.len()));
    html.push_str(&format!("<p id=\"hand\">{}</p>\n", faces(w, set, hand)));
    let orders = orders_lines(w, set, s);
    if !orders.is_empty() {
        html.push_str(&heading(3, &w.get("pergamemnon-orders-title")));
        html.push_str("<ul>\n");
        for line in orders {
            html.push_str(&format!("<li>{}</li>\n", escape(&line)));
        }
        html.push_str("</ul>\n");
    }
    Html(html)
}

/// What a reviewer sees beyond the board: every hand and draw pile, the creature deck, the
/// creatures removed at setup (R34), the seed.
pub(super) fn review(view: &View, cx: &Ctx) -> Html {
    let w = &cx.words;
    let set = &*view.set;
    let mut html = String::new();
    for s in &view.seats {
        if let Some(hand) = &s.hand {
            html.push_str(&format!(
                "<p><strong>{}</strong><br>{}</p>\n",
                escape(&w.two(
                    "pergamemnon-review-hand",
                    ("seat", seat_label(cx, view, s.seat)),
                    ("count", hand.len())
                )),
                faces(w, set, hand)
            ));
        }
        if let Some(draw) = &s.draw {
            html.push_str(&format!(
                "<p><strong>{}</strong><br>{}</p>\n",
                escape(&w.two(
                    "pergamemnon-review-draw",
                    ("seat", seat_label(cx, view, s.seat)),
                    ("count", draw.len())
                )),
                faces(w, set, draw)
            ));
        }
    }
    if let Some(deck) = &view.creature_deck {
        html.push_str(&format!(
            "<p><strong>{}</strong><br>{}</p>\n",
            escape(&w.one("pergamemnon-review-creature-deck", "count", deck.len())),
            faces(w, set, deck)
        ));
    }
    if let Some(removed) = &view.removed {
        html.push_str(&format!(
            "<p><strong>{}</strong><br>{}</p>\n",
            escape(&w.one("pergamemnon-review-removed", "count", removed.len())),
            faces(w, set, removed)
        ));
    }
    if let Some(seed) = view.seed {
        html.push_str(&para(&w.one(
            "pergamemnon-review-seed",
            "seed",
            seed.to_hex(),
        )));
    }
    if html.is_empty() {
        return Html::default();
    }
    Html(format!("<div class=\"pergamemnon\">\n{html}</div>\n"))
}

/// One line about the table: the card set, who is at turn, the battle, the piles.
pub(super) fn situation(view: &View, cx: &Ctx) -> String {
    let w = &cx.words;
    let mut parts = vec![view_card_set(w, view)];
    if view.outcome.is_none() {
        parts.push(w.one(
            "pergamemnon-situation-at-turn",
            "seat",
            seat_label(cx, view, view.at_turn),
        ));
    }
    if let Some(b) = &view.battle {
        parts.push(w.three(
            "pergamemnon-situation-battle",
            ("attacker", cx.name(b.attacker)),
            ("defender", cx.name(b.defender)),
            ("weapon", weapon(w, b.weapon)),
        ));
    }
    parts.push(w.three(
        "pergamemnon-situation-piles",
        ("display", view.display.len()),
        ("deck", view.creature_deck_count),
        ("supply", view.supply_count),
    ));
    parts.join(" · ")
}

/// A turn mail's part: the card set, the decision and the faces the seat needs for it (its
/// hand; the display with its costs and its tucked zone for a turn; the captured cards for a
/// disposal), the battle, the table in words, and example replies.
pub(super) fn mail(view: &View, seat: Seat, cx: &Ctx) -> MailPart {
    let w = &cx.words;
    let set = &*view.set;
    let Some(me) = view.seats.get(seat.index()) else {
        return MailPart::default();
    };
    let mut sections: Vec<(String, Vec<String>)> = Vec::new();
    sections.push((view_card_set(w, view), Vec::new()));
    sections.push((
        w.two(
            "pergamemnon-mail-you-are",
            ("nation", nation(w, me.nation)),
            ("city", city(w, me.nation)),
        ),
        seat_lines(view, me, cx),
    ));
    let asked = view
        .waiting
        .iter()
        .find(|(s, _)| *s == seat)
        .map(|(_, d)| d.clone());
    let battle = battle_lines(view, cx);
    if !battle.is_empty() {
        sections.push((w.get("pergamemnon-battle-title"), battle));
    }
    let hand = me.hand.clone().unwrap_or_default();
    sections.push((
        w.one("pergamemnon-zone-hand", "count", hand.len()),
        hand.iter().map(|id| face_text(w, set, id, None)).collect(),
    ));
    match &asked {
        Some(Decision::Turn { .. }) => {
            sections.push((
                w.two(
                    "pergamemnon-zone-tucked",
                    ("count", me.tucked.len()),
                    ("charisma", me.charisma),
                ),
                me.tucked
                    .iter()
                    .map(|id| face_text(w, set, id, None))
                    .collect(),
            ));
            sections.push((
                w.two(
                    "pergamemnon-display-title",
                    ("count", view.display.len()),
                    ("deck", view.creature_deck_count),
                ),
                view.display
                    .iter()
                    .map(|id| {
                        let cost = data(set, id).map(|d| effective_cost(d.cost, Some(me)));
                        face_text(w, set, id, cost)
                    })
                    .collect(),
            ));
        }
        Some(Decision::Dispose { cards, .. }) => sections.push((
            w.get("pergamemnon-mail-captured"),
            cards.iter().map(|id| face_text(w, set, id, None)).collect(),
        )),
        _ => {}
    }
    // The others, in a line each.
    sections.push((
        w.get("pergamemnon-mail-table"),
        view.seats
            .iter()
            .filter(|s| s.seat != seat)
            .map(|s| {
                let mut line = seat_label(cx, view, s.seat);
                line.push_str(": ");
                line.push_str(&seat_lines(view, s, cx).join("; "));
                line.push_str("; ");
                line.push_str(&w.two(
                    "pergamemnon-zone-tucked",
                    ("count", s.tucked.len()),
                    ("charisma", s.charisma),
                ));
                line
            })
            .collect(),
    ));
    let orders = orders_lines(w, set, me);
    if !orders.is_empty() {
        sections.push((w.get("pergamemnon-orders-title"), orders));
    }
    let mut text = String::new();
    let mut html = String::new();
    for (head, items) in &sections {
        text.push_str(head);
        text.push('\n');
        html.push_str(&format!("<p>{}</p>\n", escape(head)));
        if !items.is_empty() {
            html.push_str("<ul>\n");
            for item in items {
                text.push_str(&format!("  - {item}\n"));
                html.push_str(&format!("<li>{}</li>\n", escape(item)));
            }
            html.push_str("</ul>\n");
        }
    }
    MailPart {
        text: text.trim_end().to_owned(),
        html: Html(html),
    }
}
