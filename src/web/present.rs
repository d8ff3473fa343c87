//! Turning the game service's page data into what templates show: cards as chips, lines with
//! strengths, legal actions grouped as forms, whose decision it is, and the history in words.

use super::map::{board, Board, SEAT_COLOURS};
use crate::engine::condottiere::{Action, BattleKind, Card, View};
use crate::engine::Seat;
use crate::games::words::{describe_options, describe_outcome, SeatNames};
use crate::games::{GameInfo, HistoryEntry, SeatInfo};

pub struct Flash {
    pub kind: &'static str,
    pub text: String,
}

impl Flash {
    pub fn error(text: impl Into<String>) -> Flash {
        Flash {
            kind: "error",
            text: text.into(),
        }
    }
    pub fn info(text: impl Into<String>) -> Flash {
        Flash {
            kind: "info",
            text: text.into(),
        }
    }
}

pub struct CardChip {
    pub code: &'static str,
    pub name: &'static str,
    pub merc: bool,
    pub down: bool,
}

impl CardChip {
    pub fn of(card: Card) -> CardChip {
        CardChip {
            code: card.code(),
            name: card.name(),
            merc: card.is_mercenary(),
            down: false,
        }
    }
}

pub struct LineShown {
    pub name: String,
    pub colour: &'static str,
    pub cards: Vec<CardChip>,
    pub strength: u32,
    pub hand_count: usize,
    pub passed: bool,
    pub active: bool,
}

pub struct Button {
    pub label: String,
    pub help: String,
    pub json: String,
    pub primary: bool,
}

pub struct Group {
    pub title: String,
    pub buttons: Vec<Button>,
}

/// The header facts every game page shows.
pub struct GameShown {
    pub id: String,
    pub title: &'static str,
    pub public_path: String,
    pub seq: i64,
    pub log_head: String,
    pub commitment: String,
    pub options_text: String,
    pub situation: String,
}

pub fn names_of(seats: &[SeatInfo]) -> SeatNames {
    SeatNames::new(seats.iter().map(|s| s.name.clone()).collect())
}

pub fn game_shown(game: &GameInfo, seats: &[SeatInfo], seq: i64, view: Option<&View>) -> GameShown {
    let names = names_of(seats);
    GameShown {
        id: game.id.as_str().to_string(),
        title: "Condottiere",
        public_path: format!("/games/{}", game.id.as_str()),
        seq,
        log_head: game
            .log_head
            .clone()
            .unwrap_or_else(|| "(not started)".into()),
        commitment: game.commitment.clone(),
        options_text: describe_options(&game.options, &names).join("; "),
        situation: view.map(|v| situation(v, &names)).unwrap_or_default(),
    }
}

fn situation(view: &View, names: &SeatNames) -> String {
    let mut parts = Vec::new();
    if let Some(series) = &view.series {
        let scores: Vec<String> = series
            .scores
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{} {p}", names.name(Seat(i as u8))))
            .collect();
        parts.push(format!(
            "Series game {}, points: {}",
            series.game,
            scores.join(", ")
        ));
    }
    if !view.options.draw_after_battle {
        parts.push(format!("Round {}", view.round));
    }
    match (&view.battle, view.contested) {
        (Some(b), _) if b.kind != BattleKind::Region => parts.push(format!(
            "Tie-break final battle between {}",
            names.list(&b.participants)
        )),
        (Some(b), Some(region)) => parts.push(match b.defender {
            Some(d) => format!("Battle for {region}, defended by {}", names.name(d)),
            None => format!("Battle for {region}"),
        }),
        (None, Some(region)) => parts.push(format!("Next battle: {region}")),
        _ => {}
    }
    parts.push(format!(
        "{} holds the Condottiere token",
        names.name(view.holder)
    ));
    parts.push(match view.pope {
        Some(r) => format!("the Pope is on {r}"),
        None => "the Pope is off the board".into(),
    });
    parts.push(format!(
        "draw pile {}, discard pile {}",
        view.draw_pile,
        view.discard.len()
    ));
    parts.join(" · ")
}

/// The battle lines as this view shows them (empty when nobody has a line and no battle runs).
pub fn lines(view: &View, names: &SeatNames) -> Vec<LineShown> {
    let active = view.battle.as_ref().map(|b| b.active);
    let in_battle = view.battle.is_some() || view.seats.iter().any(|s| !s.line.is_empty());
    if !in_battle {
        return Vec::new();
    }
    view.seats
        .iter()
        .filter(|s| {
            view.battle
                .as_ref()
                .is_none_or(|b| b.participants.contains(&s.seat))
        })
        .map(|s| LineShown {
            name: names.name(s.seat),
            colour: SEAT_COLOURS[s.seat.index()],
            cards: s
                .line
                .iter()
                .map(|c| match c.card {
                    Some(card) => CardChip {
                        down: c.face_down,
                        ..CardChip::of(card)
                    },
                    None => CardChip {
                        code: "?",
                        name: "a face-down card",
                        merc: false,
                        down: true,
                    },
                })
                .collect(),
            strength: s.strength,
            hand_count: s.hand_count,
            passed: s.passed,
            active: active == Some(s.seat) && view.outcome.is_none(),
        })
        .collect()
}

pub fn hand(view: &View, seat: Seat) -> Vec<CardChip> {
    view.seats[seat.index()]
        .hand
        .iter()
        .flatten()
        .map(|&c| CardChip::of(c))
        .collect()
}

/// Whose decision it is, in a sentence, from `me`'s point of view (None = a spectator).
pub fn status(
    view: Option<&View>,
    me: Option<Seat>,
    names: &SeatNames,
    waiting_text: &str,
) -> String {
    let Some(view) = view else {
        return waiting_text.to_string();
    };
    if let Some(outcome) = &view.outcome {
        return format!("The game is over. {}", describe_outcome(outcome, names));
    }
    let mine = view.waiting.iter().find(|w| Some(w.seat) == me);
    let others: Vec<_> = view.waiting.iter().filter(|w| Some(w.seat) != me).collect();
    match (mine, others.as_slice()) {
        (Some(w), []) => format!("Your decision: {}.", w.decision.prompt()),
        (Some(w), rest) => format!(
            "Your decision: {}. Also waiting for {}.",
            w.decision.prompt(),
            names.list(&rest.iter().map(|w| w.seat).collect::<Vec<_>>())
        ),
        (None, [one]) => format!(
            "Waiting for {} to {}.",
            names.name(one.seat),
            one.decision.prompt()
        ),
        (None, many) => format!(
            "Waiting for {} to {}.",
            names.list(&many.iter().map(|w| w.seat).collect::<Vec<_>>()),
            many.first().map_or("decide", |w| w.decision.prompt())
        ),
    }
}

/// One way to keep cards at the end of a round, as an option of the keep form.
pub struct KeepChoice {
    pub label: String,
    pub json: String,
}

/// The legal actions as forms: one button per action, grouped by kind; the `Keep` actions
/// become one select of their own, returned separately. It lists exactly the legal keeps (none,
/// one card, two cards; a card twice only when it is held twice), so no choice in it can be
/// refused.
pub fn groups(actions: &[Action]) -> (Vec<Group>, Option<Vec<KeepChoice>>) {
    let mut groups: Vec<Group> = Vec::new();
    let mut keep: Option<Vec<KeepChoice>> = None;
    for action in actions {
        let (title, label, help, primary) = match action {
            Action::PlaceToken { region } => (
                "Choose the region for the battle",
                region.name().to_string(),
                format!("Fight the battle for {region}"),
                false,
            ),
            Action::Play { card } => (
                "Play a card",
                format!("{} · {}", card.code(), card.name()),
                format!("Play {card}"),
                true,
            ),
            Action::Pass { reveal: false } => (
                "Or pass",
                "Pass".into(),
                "Pass for the rest of this battle".into(),
                false,
            ),
            Action::Pass { reveal: true } => (
                "Or pass",
                "Pass and turn up my face-down card".into(),
                "Pass, showing your face-down card".into(),
                false,
            ),
            Action::Scarecrow { take } => (
                "Your Scarecrow takes back",
                take.map_or("Nothing".into(), |c| format!("{} · {}", c.code(), c.name())),
                take.map_or("Take nothing back".into(), |c| {
                    format!("Return {c} to your hand")
                }),
                false,
            ),
            Action::Pope { region } => (
                "Place the Pope",
                region.map_or("Off the board".into(), |r| r.name().to_string()),
                region.map_or("Leave the Pope off the board".into(), |r| {
                    format!("Protect {r}")
                }),
                false,
            ),
            Action::DiscardHand { discard } => (
                "Your hand has no Mercenary",
                if *discard {
                    "Discard my hand".into()
                } else {
                    "Keep my hand".into()
                },
                String::new(),
                false,
            ),
            Action::Keep { cards } => {
                let names: Vec<&str> = cards.iter().map(|&c| CardChip::of(c).name).collect();
                let label = match names.as_slice() {
                    [] => "Keep nothing".to_string(),
                    [one] => format!("Keep {one}"),
                    [first, second] => format!("Keep {first} and {second}"),
                    more => format!("Keep {}", more.join(", ")),
                };
                keep.get_or_insert_with(Vec::new).push(KeepChoice {
                    label,
                    json: serde_json::to_string(action).expect("actions serialize"),
                });
                continue;
            }
            Action::Draw { count } => ("Draw cards", format!("Draw {count}"), String::new(), false),
        };
        let button = Button {
            label,
            help,
            json: serde_json::to_string(action).expect("actions serialize"),
            primary,
        };
        match groups.iter_mut().find(|g| g.title == title) {
            Some(group) => group.buttons.push(button),
            None => groups.push(Group {
                title: title.to_string(),
                buttons: vec![button],
            }),
        }
    }
    (groups, keep)
}

/// History entries as lines, newest first: "Move 12 · Alice: Alice played Mercenary 5."
pub fn history(entries: &[HistoryEntry], names: &SeatNames) -> Vec<String> {
    entries
        .iter()
        .map(|e| match e.seat {
            Some(seat) => format!(
                "Move {} · {}: {}",
                e.seq,
                names.name(seat),
                e.lines.join(" ")
            ),
            None => format!("Setup: {}", e.lines.join(" ")),
        })
        .collect()
}

pub fn board_of(view: &View, names: &SeatNames) -> Board {
    let list: Vec<String> = view.seats.iter().map(|s| names.name(s.seat)).collect();
    board(view, &list)
}

#[cfg(test)]
mod tests {
    use super::groups;
    use crate::engine::condottiere::{Action, Decision, Game, Options, CURRENT_RULES_VERSION};
    use crate::engine::Seed;

    /// The keeper's legal actions at the first keep decision of a random 3-player game.
    fn a_keep_decision(seed: u8) -> Option<Vec<Action>> {
        let mut events = Vec::new();
        let mut game = Game::setup(
            CURRENT_RULES_VERSION,
            &Options::default(),
            3,
            Seed([seed; 32]),
            &mut events,
        )
        .unwrap();
        let mut pick = u64::from(seed) + 1;
        while !game.is_over() {
            let seat = game.waiting_on()[0];
            let legal = game.legal_actions(seat);
            if game.decision(seat) == Some(Decision::KeepCards) {
                return Some(legal);
            }
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let action = &legal[(pick >> 33) as usize % legal.len()];
            game = game.apply(seat, action, &mut events).unwrap();
        }
        None
    }

    #[test]
    fn the_keep_form_offers_exactly_the_legal_keeps_and_nothing_else() {
        let legal = (0..=255)
            .find_map(a_keep_decision)
            .expect("some random game reaches a keep decision");
        let (buttons, keep) = groups(&legal);
        assert!(buttons.is_empty(), "keeps are not buttons");
        let keep = keep.expect("a keep form");
        let offered: Vec<Action> = keep
            .iter()
            .map(|choice| serde_json::from_str(&choice.json).unwrap())
            .collect();
        assert_eq!(offered, legal);
        assert_eq!(keep[0].label, "Keep nothing");
        let mut labels: Vec<&str> = keep.iter().map(|c| c.label.as_str()).collect();
        labels.sort_unstable();
        labels.dedup();
        assert_eq!(labels.len(), keep.len(), "every choice reads differently");
    }
}
