//! Engine events, outcomes, options and hands in English sentences, for pages and mails.
//! Pure wording: whoever calls `describe` must already have filtered events by audience.

use crate::engine::condottiere::{Card, Event, Options, Outcome, Region};
use crate::engine::Seat;

/// How seats are called in sentences: by player name, or "P1", "P2"… when no name is known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatNames(Vec<String>);

impl SeatNames {
    pub fn new(names: Vec<String>) -> SeatNames {
        SeatNames(names)
    }

    pub fn name(&self, seat: Seat) -> String {
        self.0
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| seat.to_string())
    }

    /// "Alice, Bob and Carla".
    pub fn list(&self, seats: &[Seat]) -> String {
        join_and(seats.iter().map(|&s| self.name(s)).collect())
    }
}

/// "a", "a and b", "a, b and c"; "nobody" when empty.
pub fn join_and(mut items: Vec<String>) -> String {
    match items.len() {
        0 => "nobody".into(),
        1 => items.remove(0),
        _ => {
            let last = items.pop().unwrap_or_default();
            format!("{} and {last}", items.join(", "))
        }
    }
}

/// Cards by name in display order: "Mercenary 1, Mercenary 1 and Heroine"; "no cards".
pub fn card_list(cards: &[Card]) -> String {
    if cards.is_empty() {
        return "no cards".into();
    }
    let mut sorted = cards.to_vec();
    sorted.sort();
    join_and(sorted.iter().map(|c| c.name().to_owned()).collect())
}

fn region_words(region: Region) -> String {
    if region.name() == region.english_name() {
        region.name().to_owned()
    } else {
        format!("{} ({})", region.name(), region.english_name())
    }
}

fn plural(count: u32, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// One event as one sentence.
pub fn describe(event: &Event, names: &SeatNames) -> String {
    let n = |seat: &Seat| names.name(*seat);
    match event {
        Event::GameStarted { game, holder } if *game > 1 => {
            format!(
                "Game {game} of the series began; {} holds the Condottiere token.",
                n(holder)
            )
        }
        Event::GameStarted { holder, .. } => {
            format!("The game began; {} holds the Condottiere token.", n(holder))
        }
        Event::Dealt { seat, count } => {
            format!("{} received {}.", n(seat), plural(*count, "card", "cards"))
        }
        Event::Received { seat, cards } => format!("{} received {}.", n(seat), card_list(cards)),
        Event::Reshuffled { cards } => format!(
            "The discard pile ({}) was shuffled into a new draw pile.",
            plural(*cards, "card", "cards")
        ),
        Event::TokenPlaced {
            seat,
            region,
            defender,
        } => match defender {
            Some(defender) => format!(
                "{} placed the Condottiere token on {}, which {} defends.",
                n(seat),
                region_words(*region),
                n(defender)
            ),
            None => format!(
                "{} placed the Condottiere token on {}.",
                n(seat),
                region_words(*region)
            ),
        },
        Event::BattleStarted {
            region: Some(region),
            participants,
        } => format!(
            "The battle for {} began between {}.",
            region_words(*region),
            names.list(participants)
        ),
        Event::BattleStarted {
            region: None,
            participants,
        } => {
            format!("A battle began between {}.", names.list(participants))
        }
        Event::OutOfCards { seat } => format!("{} has no cards left and passes.", n(seat)),
        Event::Played {
            seat,
            card,
            face_down: true,
        } => {
            format!("{} played {} face down.", n(seat), card.name())
        }
        Event::Played { seat, card, .. } => format!("{} played {}.", n(seat), card.name()),
        Event::PlayedFaceDown { seat } => format!("{} played a card face down.", n(seat)),
        Event::Removed { by, cards } if cards.is_empty() => {
            format!("The {} sent no card to the discard pile.", by.name())
        }
        Event::Removed { by, cards } => format!(
            "The {} sent {} to the discard pile.",
            by.name(),
            join_and(
                cards
                    .iter()
                    .map(|sc| format!("{}'s {}", n(&sc.seat), sc.card.name()))
                    .collect()
            )
        ),
        Event::ScarecrowReturned {
            seat,
            card: Some(card),
        } => {
            format!(
                "{} took {} back into their hand with the Scarecrow.",
                n(seat),
                card.name()
            )
        }
        Event::ScarecrowReturned { seat, card: None } => {
            format!("{}'s Scarecrow took nothing back.", n(seat))
        }
        Event::PopeMoved {
            seat,
            region: Some(region),
        } => {
            format!("{} put the Pope on {}.", n(seat), region_words(*region))
        }
        Event::PopeMoved { seat, region: None } => {
            format!("{} took the Pope off the board.", n(seat))
        }
        Event::TurnedUp { seat, card } => {
            format!(
                "{} turned up their face-down card: {}.",
                n(seat),
                card.name()
            )
        }
        Event::Passed {
            seat,
            provisional: true,
        } => {
            format!(
                "{} passed for now (the defender's turn comes round again).",
                n(seat)
            )
        }
        Event::Passed { seat, .. } => format!("{} passed.", n(seat)),
        Event::Revealed { seat, cards } => {
            format!("{} revealed a face-down {}.", n(seat), card_list(cards))
        }
        Event::BattleEnded {
            region,
            strengths,
            winner,
            tied,
            token_to,
        } => {
            let place = match region {
                Some(region) => format!("The battle for {}", region_words(*region)),
                None => "The final battle".to_owned(),
            };
            let scores = join_and(
                strengths
                    .iter()
                    .map(|s| format!("{} {}", names.name(s.seat), s.strength))
                    .collect(),
            );
            let result = match (winner, region) {
                (Some(winner), _) => format!("ended: {} won", n(winner)),
                (None, Some(_)) => {
                    format!("was tied between {}: nobody conquers", names.list(tied))
                }
                (None, None) => format!(
                    "was tied between {}, who share the victory",
                    names.list(tied)
                ),
            };
            let token = token_to.map_or_else(String::new, |seat| {
                format!(" {} takes the Condottiere token.", n(&seat))
            });
            format!("{place} {result} (strengths: {scores}).{token}")
        }
        Event::Conquered {
            seat,
            region,
            from: Some(from),
        } => {
            format!(
                "{} took {} from {}.",
                n(seat),
                region_words(*region),
                n(from)
            )
        }
        Event::Conquered {
            seat,
            region,
            from: None,
        } => {
            format!("{} conquered {}.", n(seat), region_words(*region))
        }
        Event::LinesDiscarded => "Every battle line went to the discard pile.".to_owned(),
        Event::Answered { seat } => format!("{} has answered.", n(seat)),
        Event::AnswerRevised { seat } => format!("{} has changed their answer.", n(seat)),
        Event::HandDiscarded { seat, cards } => {
            format!("{} discarded their hand: {}.", n(seat), card_list(cards))
        }
        Event::KeeperDiscarded { seat, cards } => format!(
            "{} discarded the rest of their hand at the round end: {}.",
            n(seat),
            card_list(cards)
        ),
        Event::KeptCount { seat, count } => format!(
            "{} kept {} for the next round.",
            n(seat),
            plural(*count, "card", "cards")
        ),
        Event::Kept { seat, cards } => format!("{} kept {}.", n(seat), card_list(cards)),
        Event::RoundStarted { round } => format!("Round {round} began."),
        Event::FinalBattleStarted { participants } => {
            format!("A final battle began between {}.", names.list(participants))
        }
        Event::SeriesGameEnded {
            game,
            winners,
            ending,
            points,
        } => format!(
            "Game {game} of the series ended: {} ({}). Points: {}.",
            names.list(winners),
            ending.describe(),
            join_and(
                points
                    .iter()
                    .enumerate()
                    .map(|(i, p)| format!("{} {p}", names.name(Seat(i as u8))))
                    .collect()
            )
        ),
        Event::GameOver { outcome } => {
            format!("The game is over: {}", describe_outcome(outcome, names))
        }
    }
}

/// The result in one sentence: "Alice won (won on adjacent regions)."
pub fn describe_outcome(outcome: &Outcome, names: &SeatNames) -> String {
    let who = names.list(&outcome.winners);
    let verb = if outcome.winners.len() == 1 {
        "won"
    } else {
        "share the victory"
    };
    let mut text = format!("{who} {verb} ({}).", outcome.ending.describe());
    if let Some(scores) = &outcome.scores {
        let scores = join_and(
            scores
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{} {p}", names.name(Seat(i as u8))))
                .collect(),
        );
        text.push_str(&format!(" Final points: {scores}."));
    }
    text
}

/// The options of a game, one phrase each; the base game says so.
pub fn describe_options(options: &Options, names: &SeatNames) -> Vec<String> {
    let mut lines = Vec::new();
    if options.draw_after_battle {
        lines.push("Draw After Battle".to_owned());
    }
    if let Some(target) = options.play_for_points {
        lines.push(format!("Play for Points, to {target} points"));
    }
    if options.bigger_kingdoms {
        lines.push("Bigger Kingdoms".to_owned());
    }
    if options.capturing_regions {
        lines.push("Capturing Regions".to_owned());
    }
    if options.hidden_cards {
        lines.push("Hidden Cards".to_owned());
    }
    if lines.is_empty() {
        lines.push("the base game, no optional rules".to_owned());
    }
    lines.push(match options.first_holder {
        Some(seat) => format!("{} holds the Condottiere token first", names.name(seat)),
        None => "the first holder of the Condottiere token is drawn at random".to_owned(),
    });
    lines
}
