//! The vocabulary of a turn: actions (one per kind of decision), the decisions a seat can
//! owe, the rule errors that reject an action, and the events a move produces.

use super::cards::Card;
use super::map::Region;
use super::state::{Ending, Outcome};
use crate::engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A Condottiere action (docs/formats.md): one decision, as data. This is the wire format,
/// the log entry and the test input.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = CondottiereAction)]
pub enum Action {
    /// D1, D5: put the Condottiere token on a region.
    PlaceToken { region: Region },
    /// D2, D9, D11: play a card from the hand.
    Play { card: Card },
    /// D2, D9, D11: pass; with `reveal`, turn up the face-down card first (D10).
    Pass {
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        reveal: bool,
    },
    /// D3: the Mercenary the Scarecrow returns to the hand, or none.
    Scarecrow { take: Option<Card> },
    /// D4: where the Pope goes, or off the board.
    Pope { region: Option<Region> },
    /// D6: discard a hand with no Mercenary, or keep it.
    DiscardHand { discard: bool },
    /// D7: the cards the keeper keeps (0, 1 or 2).
    Keep {
        #[schema(max_items = 2)]
        cards: Vec<Card>,
    },
    /// D8: how many cards to draw.
    Draw {
        #[schema(maximum = 3)]
        count: u8,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::PlaceToken { region } => write!(f, "place the Condottiere token on {region}"),
            Action::Play { card } => write!(f, "play {card}"),
            Action::Pass { reveal: false } => write!(f, "pass"),
            Action::Pass { reveal: true } => write!(f, "pass and turn up the face-down card"),
            Action::Scarecrow { take: Some(card) } => {
                write!(f, "take back {card} with the Scarecrow")
            }
            Action::Scarecrow { take: None } => write!(f, "take nothing back with the Scarecrow"),
            Action::Pope {
                region: Some(region),
            } => write!(f, "put the Pope on {region}"),
            Action::Pope { region: None } => write!(f, "leave the Pope off the board"),
            Action::DiscardHand { discard: true } => write!(f, "discard the hand"),
            Action::DiscardHand { discard: false } => write!(f, "keep the hand"),
            Action::Keep { cards } if cards.is_empty() => write!(f, "keep no cards"),
            Action::Keep { cards } => write!(
                f,
                "keep {}",
                cards
                    .iter()
                    .map(|c| c.name())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            Action::Draw { count } => {
                write!(f, "draw {count} card{}", if *count == 1 { "" } else { "s" })
            }
        }
    }
}

/// The kinds of decision of §4, used to word prompts and mails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// D1
    FirstBattleRegion,
    /// D2
    PlayOrPass,
    /// D3
    ScarecrowTarget,
    /// D4
    PopePlacement,
    /// D5
    NextBattleRegion,
    /// D6
    DiscardHand,
    /// D7
    KeepCards,
    /// D8
    DrawCount,
    /// D9
    DefenderPlayOrPass,
    /// D11
    FinalBattlePlayOrPass,
}

impl Decision {
    pub fn id(self) -> &'static str {
        match self {
            Decision::FirstBattleRegion => "D1",
            Decision::PlayOrPass => "D2",
            Decision::ScarecrowTarget => "D3",
            Decision::PopePlacement => "D4",
            Decision::NextBattleRegion => "D5",
            Decision::DiscardHand => "D6",
            Decision::KeepCards => "D7",
            Decision::DrawCount => "D8",
            Decision::DefenderPlayOrPass => "D9",
            Decision::FinalBattlePlayOrPass => "D11",
        }
    }

    /// The decision in words, as a prompt: "choose where the first battle is fought".
    pub fn prompt(self) -> &'static str {
        match self {
            Decision::FirstBattleRegion => "choose where the first battle is fought",
            Decision::PlayOrPass => "play a card or pass",
            Decision::ScarecrowTarget => "choose which Mercenary your Scarecrow takes back",
            Decision::PopePlacement => "choose where the Pope goes",
            Decision::NextBattleRegion => "choose where the next battle is fought",
            Decision::DiscardHand => "decide whether to discard your hand (it has no Mercenary)",
            Decision::KeepCards => "choose up to two cards to keep for the next round",
            Decision::DrawCount => "choose how many cards to draw",
            Decision::DefenderPlayOrPass => "defend your region: play a card or pass",
            Decision::FinalBattlePlayOrPass => "play a card or pass in the final battle",
        }
    }
}

/// Why an action was rejected. Each message names the rule that forbids it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over: no more actions are taken")]
    GameOver,
    #[error("there is no seat {0} in this game")]
    NoSuchSeat(u8),
    #[error("it is not your decision now: the game waits on {}", seat_list(.waiting))]
    NotYourTurn { waiting: Vec<Seat> },
    #[error("that is not the decision asked of you: you must {}", .expected.prompt())]
    WrongDecision { expected: Decision },
    #[error("you have no {0} in your hand (§3.5)")]
    CardNotInHand(Card),
    #[error("the Condottiere token may not go on {region}: {reason} (§3.4, R11)")]
    TokenTarget {
        region: Region,
        reason: &'static str,
    },
    #[error("the Scarecrow may only return a face-up Mercenary from your own line (§3.7, R6)")]
    ScarecrowTarget,
    #[error("the Pope may not go on {region}: {reason} (§3.11, R5)")]
    PopeTarget {
        region: Region,
        reason: &'static str,
    },
    #[error("you have no face-down card to turn up (§3.19.5, R24)")]
    NothingToReveal,
    #[error("you may keep at most two cards, and only cards from your hand (§3.12, R16)")]
    KeepCards,
    #[error("you may draw from 0 to {max} cards (§3.19.1, R25)")]
    DrawCount { max: u8 },
    #[error("you hold a Mercenary: only a hand without one may be discarded (§3.9 step 4, R15)")]
    HoldsMercenary,
    #[error("you hold no cards to discard (§3.9 step 4, R15)")]
    NoCards,
    #[error(
        "your hand is at its limit of 10 plus your regions: you may draw no cards (§3.19.1, R25)"
    )]
    HandFull,
}

impl RuleError {
    /// A stable machine-readable code for the API and the CLI.
    pub fn code(&self) -> &'static str {
        match self {
            RuleError::GameOver => "game_over",
            RuleError::NoSuchSeat(_) => "no_such_seat",
            RuleError::NotYourTurn { .. } => "not_your_turn",
            RuleError::WrongDecision { .. } => "wrong_decision",
            RuleError::CardNotInHand(_) => "card_not_in_hand",
            RuleError::TokenTarget { .. } => "token_target",
            RuleError::ScarecrowTarget => "scarecrow_target",
            RuleError::PopeTarget { .. } => "pope_target",
            RuleError::NothingToReveal => "nothing_to_reveal",
            RuleError::KeepCards => "keep_cards",
            RuleError::DrawCount { .. } => "draw_count",
            RuleError::HoldsMercenary => "holds_mercenary",
            RuleError::NoCards => "no_cards",
            RuleError::HandFull => "hand_full",
        }
    }
}

fn seat_list(seats: &[Seat]) -> String {
    if seats.is_empty() {
        return "nobody".into();
    }
    seats
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One participant's strength at the end of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatStrength {
    pub seat: Seat,
    pub strength: u32,
}

/// A card on a line, named with its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatCard {
    pub seat: Seat,
    pub card: Card,
}

/// What happened. Each event is emitted with an audience; private events carry cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    GameStarted {
        game: u32,
        holder: Seat,
    },
    /// Public: how many cards a seat received (from a deal or a draw).
    Dealt {
        seat: Seat,
        count: u32,
    },
    /// Private to the seat: which cards it received.
    Received {
        seat: Seat,
        cards: Vec<Card>,
    },
    Reshuffled {
        cards: u32,
    },
    TokenPlaced {
        seat: Seat,
        region: Region,
        defender: Option<Seat>,
    },
    BattleStarted {
        region: Option<Region>,
        participants: Vec<Seat>,
    },
    /// A seat with no cards is passed without being asked.
    OutOfCards {
        seat: Seat,
    },
    /// Public when the card is face up; the owner alone learns which card went face down.
    Played {
        seat: Seat,
        card: Card,
        face_down: bool,
    },
    /// What everyone else sees of a face-down play.
    PlayedFaceDown {
        seat: Seat,
    },
    /// A Bishop or a season sent these cards to the discard pile.
    Removed {
        by: Card,
        cards: Vec<SeatCard>,
    },
    ScarecrowReturned {
        seat: Seat,
        card: Option<Card>,
    },
    PopeMoved {
        seat: Seat,
        region: Option<Region>,
    },
    TurnedUp {
        seat: Seat,
        card: Card,
    },
    Passed {
        seat: Seat,
        provisional: bool,
    },
    Revealed {
        seat: Seat,
        cards: Vec<Card>,
    },
    /// Compare Strength (§3.9 step 1): the participants' strengths, and who won or tied.
    BattleEnded {
        /// None for a final battle.
        region: Option<Region>,
        /// Each participant's strength, in seat order; seats outside the battle are not listed.
        strengths: Vec<SeatStrength>,
        /// The strictly strongest line's player, if there is one (he conquers the region, or
        /// wins a final battle).
        winner: Option<Seat>,
        /// The participants tied at the top when nobody is strictly strongest, in seat order:
        /// nobody conquers (a final battle's tied players share the victory). Empty with a winner.
        tied: Vec<Seat>,
        /// Who receives the Condottiere token (§3.10); None in a final battle, where it does
        /// not change hands.
        token_to: Option<Seat>,
    },
    Conquered {
        seat: Seat,
        region: Region,
        from: Option<Seat>,
    },
    LinesDiscarded,
    /// A seat answered a decision made by several seats at once; the answer stays private.
    Answered {
        seat: Seat,
    },
    /// A seat that had answered a decision made by several seats at once gave a new answer,
    /// which replaces the old one; both stay private until the step resolves.
    AnswerRevised {
        seat: Seat,
    },
    /// Conclusion step 4 (D6): a seat chose to discard its hand with no Mercenary.
    HandDiscarded {
        seat: Seat,
        cards: Vec<Card>,
    },
    /// Round end (D7): the cards the keeper did not keep went to the discard pile.
    KeeperDiscarded {
        seat: Seat,
        cards: Vec<Card>,
    },
    /// Public: how many cards the keeper kept.
    KeptCount {
        seat: Seat,
        count: u32,
    },
    /// Private to the keeper.
    Kept {
        seat: Seat,
        cards: Vec<Card>,
    },
    RoundStarted {
        round: u32,
    },
    FinalBattleStarted {
        participants: Vec<Seat>,
    },
    /// Play for Points: one game of the series ended and was scored.
    SeriesGameEnded {
        game: u32,
        winners: Vec<Seat>,
        ending: Ending,
        points: Vec<u32>,
    },
    GameOver {
        outcome: Outcome,
    },
}
