//! The table as HTML: the map of Italy (where each region sits, the borders, owners, the Pope,
//! the Condottiere token), the battle lines with their strengths, hands, the reviewer's deck.

use super::{card, region};
use crate::engine::condottiere::{BattleKind, Card, Region, View, BORDERS};
use crate::engine::Seat;
use crate::present::{escape, render_in, seat_colour, seat_fill, Ctx, Html, MailPart, BOARD_ROOM};
use askama::Template;
use std::sync::LazyLock;

/// Where each region's city stands in the 400 × 520 drawing, by region id.
const PLACES: [(u16, u16); 17] = [
    (48, 92),   // Torino
    (128, 62),  // Milano
    (86, 158),  // Genova
    (282, 52),  // Venezia
    (206, 88),  // Mantova
    (262, 124), // Ferrara
    (150, 128), // Parma
    (208, 156), // Modena
    (262, 188), // Bologna
    (160, 208), // Lucca
    (218, 248), // Firenze
    (196, 318), // Siena
    (302, 250), // Urbino
    (356, 284), // Ancona
    (296, 332), // Spoleto
    (250, 394), // Roma
    (336, 462), // Napoli
];

struct MapRegion {
    name: &'static str,
    x: u16,
    y: u16,
    fill: &'static str,
    /// The owner's seat number, drawn in the region: ownership is not told by colour alone.
    mark: String,
    /// Escaped once: the template prints it twice (the label and the tooltip).
    title: Html,
    pope: bool,
    contested: bool,
}

/// The borders between regions, the same on every board: drawn once, as SVG lines.
static BORDER_LINES: LazyLock<String> = LazyLock::new(|| {
    BORDERS
        .iter()
        .map(|&(a, b)| {
            let (x1, y1) = PLACES[(a - 1) as usize];
            let (x2, y2) = PLACES[(b - 1) as usize];
            format!(
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#8a7f6a\" \
                 stroke-width=\"2\"/>\n  "
            )
        })
        .collect()
});

struct LegendEntry {
    colour: &'static str,
    mark: u8,
    label: String,
}

/// A card as pages show it: its name in the reader's language, with the code replies use small
/// beside it; a face-down card this viewer cannot see is `?`, its words in a tooltip.
struct Chip {
    code: &'static str,
    name: String,
    merc: bool,
    down: bool,
    /// Whether this viewer knows which card it is.
    known: bool,
}

impl Chip {
    fn of(cx: &Ctx, c: Card) -> Chip {
        Chip {
            code: c.code(),
            name: card(cx, c),
            merc: c.is_mercenary(),
            down: false,
            known: true,
        }
    }
}

struct Line {
    name: String,
    colour: &'static str,
    mark: u8,
    cards: Vec<Chip>,
    strength: u32,
    /// Why a Mercenary counts other than its printed value ("Mercenary 4 → 1: Winter").
    breakdown: Vec<String>,
    status: String,
    active: bool,
}

#[derive(Template)]
#[template(path = "condottiere/board.html")]
struct BoardHtml {
    map_title: String,
    regions: Vec<MapRegion>,
    borders: &'static str,
    legend: Vec<LegendEntry>,
    uncontrolled: String,
    token_key: String,
    pope_key: String,
    lines_title: String,
    strength_title: String,
    no_cards: String,
    lines: Vec<Line>,
}

#[derive(Template)]
#[template(path = "condottiere/hand.html")]
struct HandHtml {
    title: String,
    no_cards: String,
    hand: Vec<Chip>,
}

#[derive(Template)]
#[template(path = "condottiere/review.html")]
struct ReviewHtml {
    hands_title: String,
    deck_title: String,
    no_cards: String,
    hands: Vec<(String, Vec<Chip>)>,
    deck: Vec<Chip>,
    seed: String,
}

/// Render a Condottiere part into a buffer of `room` bytes (0: the template's own size, enough
/// for the small parts; the board needs [`BOARD_ROOM`]).
fn render(template: &impl Template, room: usize) -> Html {
    Html(render_in(template, room).expect("the Condottiere templates render"))
}

/// The map and the battle lines.
pub(super) fn board(view: &View, cx: &Ctx) -> Html {
    let w = &cx.words;
    let nobody = w.get("condottiere-map-nobody");
    let regions = Region::all()
        .map(|r| {
            let (x, y) = PLACES[r.index()];
            let owner = view
                .seats
                .iter()
                .find(|s| s.regions.contains(&r))
                .map(|s| s.seat);
            let mut title = w.two(
                "condottiere-map-region",
                ("region", r.name()),
                (
                    "owner",
                    owner.map_or_else(|| nobody.clone(), |s| cx.name(s)),
                ),
            );
            if view.pope == Some(r) {
                title.push_str(&w.get("condottiere-map-pope"));
            }
            if view.contested == Some(r) {
                title.push_str(&w.get("condottiere-map-contested"));
            }
            MapRegion {
                name: r.name(),
                x,
                y,
                fill: owner.map_or("#f4ecd8", seat_fill),
                mark: owner.map_or_else(String::new, |s| s.number().to_string()),
                title: Html(escape(&title)),
                pope: view.pope == Some(r),
                contested: view.contested == Some(r),
            }
        })
        .collect();
    let legend = view
        .seats
        .iter()
        .map(|s| {
            let (colour, colour_name) = seat_colour(s.seat, w);
            LegendEntry {
                colour,
                mark: s.seat.number(),
                label: w.with(
                    "condottiere-map-seat",
                    &[
                        ("name", cx.name(s.seat).into()),
                        ("colour", colour_name.into()),
                        ("regions", s.regions.len().into()),
                    ],
                ),
            }
        })
        .collect();
    render(
        &BoardHtml {
            map_title: w.get("condottiere-map-title"),
            regions,
            borders: &BORDER_LINES,
            legend,
            uncontrolled: w.get("condottiere-map-uncontrolled"),
            token_key: w.get("condottiere-map-token"),
            pope_key: w.get("condottiere-map-pope-key"),
            lines_title: w.get("condottiere-lines"),
            strength_title: w.get("condottiere-line-strength"),
            no_cards: w.get("condottiere-no-cards"),
            lines: lines(view, cx),
        },
        BOARD_ROOM,
    )
}

/// The battle lines as this view shows them (none when nobody has a line and no battle runs).
fn lines(view: &View, cx: &Ctx) -> Vec<Line> {
    let w = &cx.words;
    let active = view.battle.as_ref().map(|b| b.active);
    let in_battle = view.battle.is_some() || view.seats.iter().any(|s| !s.line.is_empty());
    if !in_battle {
        return Vec::new();
    }
    // What changes a Mercenary's value, over every card this viewer sees on the lines (§3.8).
    let seen = || {
        view.seats
            .iter()
            .flat_map(|s| s.line.iter().filter_map(|c| c.card))
    };
    let winter = seen().any(|c| c == Card::Winter);
    let spring = seen().any(|c| c == Card::Spring);
    let highest = seen().filter_map(|c| c.printed()).max();
    view.seats
        .iter()
        .filter(|s| {
            view.battle
                .as_ref()
                .is_none_or(|b| b.participants.contains(&s.seat))
        })
        .map(|s| {
            let drummer = s.line.iter().any(|c| c.card == Some(Card::Drummer));
            let breakdown = s
                .line
                .iter()
                .filter_map(|c| c.card)
                .filter_map(|c| {
                    let printed = c.printed()?;
                    let mut reasons = Vec::new();
                    let mut value = printed;
                    if winter {
                        value = 1;
                        reasons.push(card(cx, Card::Winter));
                    }
                    if drummer {
                        value *= 2;
                        reasons.push(card(cx, Card::Drummer));
                    }
                    if spring && Some(printed) == highest {
                        value += 3;
                        reasons.push(card(cx, Card::Spring));
                    }
                    (value != printed).then(|| {
                        w.three(
                            "condottiere-line-value",
                            ("card", card(cx, c)),
                            ("value", value),
                            ("reasons", w.list(reasons)),
                        )
                    })
                })
                .collect();
            let is_active = active == Some(s.seat) && view.outcome.is_none();
            let mut status = w.one("condottiere-line-hand", "count", s.hand_count);
            if s.passed {
                status.push_str(&w.get("condottiere-line-passed"));
            }
            if is_active {
                status.push_str(&w.get("condottiere-line-to-play"));
            }
            Line {
                name: cx.name(s.seat),
                colour: seat_fill(s.seat),
                mark: s.seat.number(),
                cards: s
                    .line
                    .iter()
                    .map(|c| match c.card {
                        Some(k) => Chip {
                            down: c.face_down,
                            ..Chip::of(cx, k)
                        },
                        None => Chip {
                            code: "?",
                            name: w.get("condottiere-face-down-card"),
                            merc: false,
                            down: true,
                            known: false,
                        },
                    })
                    .collect(),
                strength: s.strength,
                breakdown,
                status,
                active: is_active,
            }
        })
        .collect()
}

/// The seat's own hand.
pub(super) fn hand(view: &View, seat: Seat, cx: &Ctx) -> Html {
    let hand: Vec<Chip> = view.seats[seat.index()]
        .hand
        .iter()
        .flatten()
        .map(|&c| Chip::of(cx, c))
        .collect();
    render(
        &HandHtml {
            title: cx.words.one("condottiere-hand", "count", hand.len()),
            no_cards: cx.words.get("condottiere-no-cards"),
            hand,
        },
        0,
    )
}

/// What a reviewer sees beyond the board: every hand, the draw pile, the seed.
pub(super) fn review(view: &View, cx: &Ctx) -> Html {
    let Some(deck) = &view.deck else {
        return Html::default();
    };
    render(
        &ReviewHtml {
            hands_title: cx.words.get("condottiere-every-hand"),
            deck_title: cx.words.get("condottiere-deck"),
            no_cards: cx.words.get("condottiere-no-cards"),
            hands: view
                .seats
                .iter()
                .map(|s| {
                    (
                        cx.name(s.seat),
                        s.hand.iter().flatten().map(|&c| Chip::of(cx, c)).collect(),
                    )
                })
                .collect(),
            deck: deck.iter().map(|&c| Chip::of(cx, c)).collect(),
            seed: view.seed.map_or_else(String::new, |s| {
                cx.words.one("condottiere-seed", "seed", s.to_hex())
            }),
        },
        0,
    )
}

/// One line about the table: series, round, battle, token, Pope, piles.
pub(super) fn situation(view: &View, cx: &Ctx) -> String {
    let w = &cx.words;
    let mut parts = Vec::new();
    if let Some(series) = &view.series {
        parts.push(w.two(
            "condottiere-situation-series",
            ("game", series.game),
            ("scores", super::per_seat(cx, &series.scores)),
        ));
    }
    if !view.options.draw_after_battle {
        parts.push(w.one("condottiere-situation-round", "round", view.round));
    }
    match (&view.battle, view.contested) {
        (Some(b), _) if b.kind != BattleKind::Region => parts.push(w.one(
            "condottiere-situation-final",
            "seats",
            cx.list(&b.participants),
        )),
        (Some(b), Some(r)) => parts.push(match b.defender {
            Some(d) => w.two(
                "condottiere-situation-battle-defended",
                ("region", region(cx, r)),
                ("defender", cx.name(d)),
            ),
            None => w.one("condottiere-situation-battle", "region", region(cx, r)),
        }),
        (None, Some(r)) => parts.push(w.one("condottiere-situation-next", "region", region(cx, r))),
        _ => {}
    }
    parts.push(w.one(
        "condottiere-situation-holder",
        "holder",
        cx.name(view.holder),
    ));
    parts.push(match view.pope {
        Some(r) => w.one("condottiere-situation-pope", "region", region(cx, r)),
        None => w.get("condottiere-situation-pope-off"),
    });
    parts.push(w.two(
        "condottiere-situation-piles",
        ("draw", view.draw_pile),
        ("discard", view.discard.len()),
    ));
    parts.join(" · ")
}

/// A turn mail's part, enough to decide from the mail alone: the seat's hand by name (with
/// the code replies use beside each card), the table in one line, each battle line with its
/// cards by name, its strength and who passed, and the regions each player holds.
pub(super) fn mail(view: &View, seat: Seat, cx: &Ctx) -> MailPart {
    let w = &cx.words;
    let mut hand = view.seats[seat.index()].hand.clone().unwrap_or_default();
    hand.sort();
    let named = if hand.is_empty() {
        w.get("condottiere-no-cards")
    } else {
        w.list(
            hand.iter()
                .map(|&c| {
                    w.two(
                        "condottiere-mail-card",
                        ("name", card(cx, c)),
                        ("code", c.code()),
                    )
                })
                .collect(),
        )
    };
    let hand_line = w.two(
        "condottiere-mail-hand",
        ("cards", named),
        ("count", hand.len()),
    );
    let battle: Vec<String> = lines(view, cx)
        .into_iter()
        .map(|line| {
            let cards = if line.cards.is_empty() {
                w.get("condottiere-no-cards")
            } else {
                w.list(
                    line.cards
                        .iter()
                        .map(|chip| match (chip.down, chip.known) {
                            (true, true) => {
                                w.one("condottiere-mail-face-down", "card", chip.name.as_str())
                            }
                            _ => chip.name.clone(),
                        })
                        .collect(),
                )
            };
            let mut text = w.three(
                "condottiere-mail-line",
                ("name", line.name.as_str()),
                ("cards", cards.as_str()),
                ("strength", line.strength),
            );
            if !line.breakdown.is_empty() {
                text.push_str(&w.one(
                    "condottiere-mail-line-why",
                    "why",
                    w.list(line.breakdown.clone()),
                ));
            }
            text.push_str("; ");
            text.push_str(&line.status);
            text
        })
        .collect();
    let held: Vec<String> = view
        .seats
        .iter()
        .map(|s| {
            let mut regions = s.regions.clone();
            regions.sort();
            if regions.is_empty() {
                w.one("condottiere-mail-held-none", "name", cx.name(s.seat))
            } else {
                w.three(
                    "condottiere-mail-held",
                    ("name", cx.name(s.seat)),
                    (
                        "regions",
                        w.list(regions.iter().map(|&r| region(cx, r)).collect()),
                    ),
                    ("count", regions.len()),
                )
            }
        })
        .collect();
    let mut sections = vec![(hand_line, Vec::new()), (situation(view, cx), Vec::new())];
    if !battle.is_empty() {
        sections.push((w.get("condottiere-mail-lines"), battle));
    }
    sections.push((w.get("condottiere-mail-regions"), held));
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
