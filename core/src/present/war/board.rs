//! The table as HTML: a schematic world map (continents tinted, the 79 borders, each
//! territory's owner by colour and by marker shape, its armies, its name), the table of seats,
//! the turn's state; the seat's objective and cards; the reviewer's hands and draw pile.

use super::{armies, card, cards, colour, continent, objective, objective_short, territory};
use crate::engine::war::{
    Card, Colour, Continent, PhaseView, Territory, View, BORDERS, TERRITORY_COUNT,
};
use crate::engine::Seat;
use crate::present::{render_in, Ctx, Html, BOARD_ROOM};
use askama::Template;

/// The drawing's size: one unit is one CSS pixel at its natural size. The page fits it to the
/// screen's width; "enlarge" shows it at this size, where names read on a phone, in a box
/// that scrolls sideways.
const WIDTH: u16 = 900;
const HEIGHT: u16 = 560;

/// Where each territory sits on the schematic world, in card-number order (§3.1).
const PLACES: [(u16, u16); TERRITORY_COUNT] = [
    (52, 62),   // Alasca
    (150, 52),  // Mackenzie
    (300, 38),  // Groenlândia
    (80, 128),  // Vancouver
    (170, 128), // Ottawa
    (262, 118), // Labrador
    (84, 200),  // Califórnia
    (188, 204), // Nova York
    (120, 276), // México
    (186, 338), // Venezuela
    (166, 420), // Peru
    (256, 402), // Brasil
    (206, 494), // Argentina
    (392, 50),  // Islândia
    (396, 126), // Inglaterra
    (486, 54),  // Suécia
    (470, 142), // Alemanha
    (424, 212), // Portugal
    (536, 162), // Polônia
    (580, 86),  // Moscou
    (430, 300), // Argélia
    (530, 274), // Egito
    (572, 352), // Sudão
    (486, 396), // Congo
    (526, 478), // África do Sul
    (622, 456), // Madagascar
    (628, 236), // Oriente Médio
    (662, 156), // Aral
    (704, 84),  // Omsk
    (762, 44),  // Dudinka
    (846, 44),  // Sibéria
    (812, 118), // Tchita
    (860, 186), // Vladivostok
    (752, 168), // Mongólia
    (762, 240), // China
    (690, 306), // Índia
    (862, 262), // Japão
    (790, 318), // Vietnã
    (712, 398), // Sumatra
    (814, 392), // Bornéu
    (866, 454), // Nova Guiné
    (786, 488), // Austrália
];

const TINTS: [&str; 6] = [
    "#f6e7c8", "#e3f0d6", "#dfe6f4", "#f3dcc9", "#eedff0", "#d9efec",
];

/// A War colour on the map, and the ink that reads on it.
pub(super) fn paint(c: Colour) -> (&'static str, &'static str) {
    match c {
        Colour::Branco => ("#f7f5ee", "#1d1d1d"),
        Colour::Preto => ("#2b2b2b", "#ffffff"),
        Colour::Vermelho => ("#c0392b", "#ffffff"),
        Colour::Azul => ("#2471a3", "#ffffff"),
        Colour::Amarelo => ("#f1c40f", "#1d1d1d"),
        Colour::Verde => ("#1e8449", "#ffffff"),
    }
}

/// The marker of each shape beside each territory on the map (drawn once: a page draws 42 of
/// them, and formatting their numbers was a tenth of a War page's time).
fn map_marker(seat: Seat, t: Territory) -> &'static str {
    static MARKS: std::sync::OnceLock<Vec<[String; 6]>> = std::sync::OnceLock::new();
    let marks = MARKS.get_or_init(|| {
        Territory::ALL
            .iter()
            .map(|&t| {
                let (x, y) = place(t);
                std::array::from_fn(|shape| {
                    marker(Seat(shape as u8), x as f32 + 15.0, y as f32 - 14.0, 5.5)
                })
            })
            .collect()
    });
    &marks[t.index()][seat.index() % 6]
}

/// A seat's marker: a shape of its own, so owners differ without colour too.
fn marker(seat: Seat, x: f32, y: f32, r: f32) -> String {
    match seat.index() % 6 {
        0 => format!(
            "M{:.1} {y:.1}a{r:.1} {r:.1} 0 1 0 {:.1} 0a{r:.1} {r:.1} 0 1 0 {:.1} 0Z",
            x - r,
            2.0 * r,
            -2.0 * r
        ),
        1 => format!(
            "M{:.1} {:.1}h{:.1}v{:.1}h{:.1}Z",
            x - r,
            y - r,
            2.0 * r,
            2.0 * r,
            -2.0 * r
        ),
        2 => format!(
            "M{x:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z",
            y - r * 1.15,
            x + r * 1.1,
            y + r * 0.8,
            x - r * 1.1,
            y + r * 0.8
        ),
        3 => format!(
            "M{x:.1} {:.1}L{:.1} {y:.1}L{x:.1} {:.1}L{:.1} {y:.1}Z",
            y - r * 1.3,
            x + r * 1.3,
            y + r * 1.3,
            x - r * 1.3
        ),
        4 => format!(
            "M{x:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z",
            y + r * 1.15,
            x + r * 1.1,
            y - r * 0.8,
            x - r * 1.1,
            y - r * 0.8
        ),
        _ => {
            let a = r * 0.45;
            format!(
                "M{:.1} {:.1}h{:.1}v{:.1}h{:.1}v{:.1}h{:.1}v{:.1}h{:.1}v{:.1}h{:.1}v{:.1}h{:.1}Z",
                x - a,
                y - r,
                2.0 * a,
                r - a,
                r - a,
                2.0 * a,
                a - r,
                r - a,
                -2.0 * a,
                a - r,
                a - r,
                -2.0 * a,
                r - a
            )
        }
    }
}

struct MapContinent {
    x: u16,
    y: u16,
    width: u16,
    height: u16,
    tint: &'static str,
    label: String,
}

struct MapBorder {
    x1: u16,
    y1: u16,
    x2: u16,
    y2: u16,
    sea: bool,
}

struct MapTerritory {
    id: &'static str,
    x: u16,
    y: u16,
    name: String,
    title: String,
    fill: &'static str,
    ink: &'static str,
    armies: u32,
    mark: &'static str,
    attacked: bool,
}

struct LegendEntry {
    mark: String,
    fill: &'static str,
    label: String,
}

struct SeatRow {
    mark: String,
    fill: &'static str,
    name: String,
    colour: String,
    territories: u32,
    armies: u32,
    cards: usize,
    continents: String,
    revealed: String,
    active: bool,
}

#[derive(Template)]
#[template(path = "war/board.html")]
struct BoardHtml {
    width: u16,
    height: u16,
    map_title: String,
    /// The links that show the map at its natural size, and fitted to the screen again.
    enlarge: String,
    fit: String,
    continents: Vec<MapContinent>,
    borders: Vec<MapBorder>,
    territories: Vec<MapTerritory>,
    legend: Vec<LegendEntry>,
    table_title: String,
    heads: Vec<String>,
    rows: Vec<SeatRow>,
    lines: Vec<String>,
}

fn place(t: Territory) -> (u16, u16) {
    PLACES[t.index()]
}

/// One line about the table: the round, whose turn, the phase.
pub(super) fn situation(view: &View, cx: &Ctx) -> String {
    cx.words.three(
        "war-situation",
        ("round", view.round),
        ("seat", cx.name(view.active)),
        ("phase", phase_words(view, cx)),
    )
}

fn phase_words(view: &View, cx: &Ctx) -> String {
    let w = &cx.words;
    match &view.phase {
        PhaseView::Reinforce { total, .. } => w.one("war-phase-reinforce", "armies", *total),
        PhaseView::Combat { attacks, limit, .. } => w.two(
            "war-phase-combat",
            ("attacks", *attacks),
            (
                "limit",
                match limit {
                    Some(n) => crate::present::Arg::from(*n),
                    None => "none".into(),
                },
            ),
        ),
        PhaseView::Movement => w.get("war-phase-movement"),
        PhaseView::HandLimit { .. } => w.get("war-phase-hand-limit"),
        PhaseView::Over => w.get("war-phase-over"),
    }
}

pub(super) fn board(view: &View, cx: &Ctx) -> Html {
    let w = &cx.words;
    let attacked = match &view.phase {
        PhaseView::Combat {
            attack: Some(a), ..
        } => Some((a.from, a.to)),
        _ => None,
    };
    let continents = Continent::ALL
        .iter()
        .map(|&k| {
            let places: Vec<(u16, u16)> = k.territories().map(place).collect();
            let x0 = places
                .iter()
                .map(|p| p.0)
                .min()
                .unwrap_or(0)
                .saturating_sub(34);
            let x1 = (places.iter().map(|p| p.0).max().unwrap_or(0) + 34).min(WIDTH);
            let y0 = places
                .iter()
                .map(|p| p.1)
                .min()
                .unwrap_or(0)
                .saturating_sub(30);
            let y1 = (places.iter().map(|p| p.1).max().unwrap_or(0) + 52).min(HEIGHT);
            MapContinent {
                x: x0,
                y: y0,
                width: x1 - x0,
                height: y1 - y0,
                tint: TINTS[k.index()],
                label: w.two(
                    "war-continent-bonus",
                    ("continent", continent(cx, k)),
                    ("bonus", k.bonus()),
                ),
            }
        })
        .collect();
    let mut borders = Vec::new();
    for (a, b) in BORDERS {
        let (p, q) = (place(a), place(b));
        if (a, b) == (Territory::Alasca, Territory::Vladivostok)
            || (b, a) == (Territory::Alasca, Territory::Vladivostok)
        {
            // Across the Bering Strait: off the left edge and in from the right.
            let (alaska, vladivostok) = if a == Territory::Alasca {
                (p, q)
            } else {
                (q, p)
            };
            borders.push(MapBorder {
                x1: alaska.0,
                y1: alaska.1,
                x2: 0,
                y2: alaska.1 - 20,
                sea: true,
            });
            borders.push(MapBorder {
                x1: vladivostok.0,
                y1: vladivostok.1,
                x2: WIDTH,
                y2: vladivostok.1 - 30,
                sea: true,
            });
            continue;
        }
        borders.push(MapBorder {
            x1: p.0,
            y1: p.1,
            x2: q.0,
            y2: q.1,
            sea: a.continent() != b.continent(),
        });
    }
    let territories = view
        .board
        .iter()
        .map(|tv| {
            let (x, y) = place(tv.territory);
            let seat = &view.seats[tv.owner.index()];
            let (fill, ink) = paint(seat.colour);
            MapTerritory {
                id: tv.territory.id(),
                x,
                y,
                name: territory(cx, tv.territory),
                title: w.with(
                    "war-territory-title",
                    &[
                        ("territory", territory(cx, tv.territory).into()),
                        ("continent", continent(cx, tv.territory.continent()).into()),
                        ("owner", cx.name(tv.owner).into()),
                        ("colour", colour(cx, seat.colour).into()),
                        ("armies", tv.armies.into()),
                    ],
                ),
                fill,
                ink,
                armies: tv.armies,
                mark: map_marker(tv.owner, tv.territory),
                attacked: attacked.is_some_and(|(a, b)| a == tv.territory || b == tv.territory),
            }
        })
        .collect();
    let legend = view
        .seats
        .iter()
        .map(|s| LegendEntry {
            mark: marker(s.seat, 8.0, 8.0, 5.5),
            fill: paint(s.colour).0,
            label: w.two(
                "war-legend-seat",
                ("name", cx.name(s.seat)),
                ("colour", colour(cx, s.colour)),
            ),
        })
        .collect();
    let rows = view
        .seats
        .iter()
        .map(|s| SeatRow {
            mark: marker(s.seat, 8.0, 8.0, 5.5),
            fill: paint(s.colour).0,
            name: cx.name(s.seat),
            colour: colour(cx, s.colour),
            territories: s.territories,
            armies: s.armies,
            cards: s.hand_count,
            continents: if s.continents.is_empty() {
                String::new()
            } else {
                w.list(s.continents.iter().map(|&k| continent(cx, k)).collect())
            },
            revealed: if s.revealed.is_empty() {
                String::new()
            } else {
                cards(cx, &s.revealed)
            },
            active: s.seat == view.active && view.outcome.is_none(),
        })
        .collect();
    let heads = [
        "war-table-seat",
        "war-table-territories",
        "war-table-armies",
        "war-table-cards",
        "war-table-continents",
        "war-table-revealed",
    ]
    .iter()
    .map(|id| w.get(id))
    .collect();
    let board = BoardHtml {
        width: WIDTH,
        height: HEIGHT,
        map_title: w.get("war-map-title"),
        enlarge: w.get("war-map-enlarge"),
        fit: w.get("war-map-fit"),
        continents,
        borders,
        territories,
        legend,
        table_title: w.get("war-table-title"),
        heads,
        rows,
        lines: table_lines(view, cx),
    };
    render_in(&board, BOARD_ROOM)
        .map(Html)
        .expect("the War board renders")
}

/// The turn in sentences: round and phase, attacks, the open attack, the pools, the piles.
pub(super) fn table_lines(view: &View, cx: &Ctx) -> Vec<String> {
    let w = &cx.words;
    let mut lines = vec![w.with(
        "war-turn-line",
        &[
            ("round", view.round.into()),
            ("turn", (view.turn + 1).into()),
            ("seat", cx.name(view.active).into()),
            ("phase", phase_words(view, cx).into()),
        ],
    )];
    let army_count = |t: Territory| {
        view.board
            .iter()
            .find(|tv| tv.territory == t)
            .map_or(0, |tv| tv.armies)
    };
    match &view.phase {
        PhaseView::Reinforce {
            base,
            trades,
            continents: cont,
            terr,
            total,
            ..
        } => {
            let mut parts = vec![w.one("war-pool-free", "armies", base + trades)];
            for (k, n) in cont {
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
            lines.push(w.two("war-pools", ("total", *total), ("parts", w.list(parts))));
        }
        PhaseView::Combat {
            attacks,
            limit,
            attack,
        } => {
            lines.push(w.two(
                "war-attacks-line",
                ("attacks", *attacks),
                (
                    "limit",
                    match limit {
                        Some(n) => crate::present::Arg::from(*n),
                        None => "none".into(),
                    },
                ),
            ));
            if let Some(a) = attack {
                lines.push(w.with(
                    "war-open-attack",
                    &[
                        ("from", territory(cx, a.from).into()),
                        ("armies-from", armies(cx, army_count(a.from)).into()),
                        ("to", territory(cx, a.to).into()),
                        ("armies-to", armies(cx, army_count(a.to)).into()),
                        ("defender", cx.name(a.defender).into()),
                        ("battles", a.battles.into()),
                        ("air", if a.air { "yes" } else { "no" }.into()),
                    ],
                ));
                if let Some((attack, defence)) = &a.dice {
                    lines.push(w.two(
                        "war-open-attack-dice",
                        ("attack", super::dice(cx, attack)),
                        ("defence", super::dice(cx, defence)),
                    ));
                }
            }
        }
        _ => {}
    }
    let revealed: Vec<Card> = view.terrain.iter().chain(&view.passage).copied().collect();
    if !revealed.is_empty() {
        lines.push(w.one("war-revealed-line", "cards", cards(cx, &revealed)));
    }
    let face_down = view.discard.iter().filter(|p| p.face_down).count();
    lines.push(w.three(
        "war-piles",
        ("draw", view.draw_pile),
        ("discard", view.discard.len()),
        ("face-down", face_down),
    ));
    let face_up: Vec<Card> = view
        .discard
        .iter()
        .filter(|p| !p.face_down)
        .filter_map(|p| p.card)
        .collect();
    if !face_up.is_empty() {
        lines.push(w.one("war-discard-top", "cards", cards(cx, &face_up)));
    }
    lines
}

#[derive(Template)]
#[template(path = "war/private.html")]
struct PrivateHtml {
    title: String,
    lines: Vec<String>,
    hand: Vec<String>,
}

pub(super) fn private(view: &View, seat: Seat, cx: &Ctx) -> Html {
    let w = &cx.words;
    let s = &view.seats[seat.index()];
    let Some(hand) = &s.hand else {
        return Html::default();
    };
    let mut lines = Vec::new();
    if let Some(o) = s.objective {
        lines.push(w.two(
            "war-private-objective",
            ("objective", objective(cx, o)),
            ("short", objective_short(cx, view, o)),
        ));
    }
    lines.push(w.one("war-private-hand", "cards", cards(cx, hand)));
    if let Some(intelligence) = s.intelligence.as_ref().filter(|i| !i.is_empty()) {
        lines.push(w.one("war-private-intelligence", "cards", cards(cx, intelligence)));
    }
    if let Some(orders) = &s.orders {
        lines.push(w.one(
            "war-private-orders",
            "orders",
            super::orders_words(cx, orders),
        ));
    }
    PrivateHtml {
        title: w.get("war-private-title"),
        lines,
        hand: hand.iter().map(|&c| card(cx, c)).collect(),
    }
    .render()
    .map(Html)
    .expect("the War private part renders")
}

#[derive(Template)]
#[template(path = "war/review.html")]
struct ReviewHtml {
    title: String,
    seats: Vec<String>,
    draw: String,
    seed: String,
}

pub(super) fn review(view: &View, cx: &Ctx) -> Html {
    let w = &cx.words;
    let seats = view
        .seats
        .iter()
        .map(|s| {
            w.three(
                "war-review-seat",
                ("name", cx.name(s.seat)),
                (
                    "objective",
                    s.objective
                        .map(|o| objective_short(cx, view, o))
                        .unwrap_or_default(),
                ),
                ("cards", cards(cx, s.hand.as_deref().unwrap_or(&[]))),
            )
        })
        .collect();
    ReviewHtml {
        title: w.get("war-review-title"),
        seats,
        draw: view
            .draw
            .as_ref()
            .map(|d| {
                w.one(
                    "war-review-draw",
                    "cards",
                    w.list(d.iter().map(|&c| card(cx, c)).collect()),
                )
            })
            .unwrap_or_default(),
        seed: view
            .seed
            .map(|s| w.one("war-review-seed", "seed", s.to_hex()))
            .unwrap_or_default(),
    }
    .render()
    .map(Html)
    .expect("the War review renders")
}
