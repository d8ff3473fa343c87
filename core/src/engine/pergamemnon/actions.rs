//! Pergamemnon's vocabulary at the table: actions (D1–D6 of §10.1), battle plans and standing
//! orders (§10.3), the decisions a seat can owe, the events a move makes, rule errors, outcome.
//!
//! Cards travel as their card-set ids (`rom_spearman_1`, `cr_sphinx`, `chr_07`); seats as
//! numbers from 1. This is the wire format, the log entry and the rules cases' input at once.

use super::cards::{Nation, Weapon};
use crate::engine::{Coded, GameOutcome, Seat};
use serde::{Deserialize, Serialize};

/// One decision, as data (docs/formats.md "Pergamemnon").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = PergamemnonAction)]
pub enum Action {
    /// D1: recruit a display creature, paying with a minimal non-empty set of tucked cards
    /// (§6.2, R18).
    Recruit {
        creature: String,
        payment: Vec<String>,
    },
    /// D1: attack an active seat with a weapon type and a hand card of that type (§6.3, R7),
    /// with the battle plan that runs this side of the exchange (R36).
    Attack {
        #[schema(value_type = u8, minimum = 1)]
        target: Seat,
        weapon: Weapon,
        card: String,
        #[serde(default)]
        plan: Plan,
    },
    /// D2: the defender's first card (any hand card, R29) and plan.
    Defend {
        card: String,
        #[serde(default)]
        plan: Plan,
    },
    /// D3: a reinforcement that makes the defence succeed (R10), or `null` for none.
    Reinforce { card: Option<String> },
    /// D4: where each captured card goes, in the order offered (R11).
    Dispose { cards: Vec<Disposal> },
    /// D5: the hand cards the loser discards (any number, R25).
    Discard { cards: Vec<String> },
    /// D6: standing orders, at any time (§10.3); they apply from the next decision evaluated.
    Orders { orders: StandingOrders },
    /// Passing, which the rules never allow (R40): it exists so that a player who sends it
    /// (a form, the API, a reply "pass") is told why, rather than that the move is unreadable.
    /// Read, never written: the rules refuse it, so it is never offered nor logged; nor is it
    /// in the API document, where Condottiere's `{"type":"pass"}` already stands for it.
    #[serde(skip_serializing)]
    Pass,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Disposal {
    pub card: String,
    pub to: Zone,
}

/// Where a captured card goes (R11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    Discard,
    Tuck,
}

/// A battle plan (§10.3): how this side reinforces and disposes of captures, without asking.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    #[serde(default)]
    pub reinforce: ReinforceMode,
    /// With `prefer`: the first listed card that makes the defence succeed is played.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prefer: Vec<String>,
    /// With `prefer`, when no listed card succeeds.
    #[serde(default, skip_serializing_if = "is_default")]
    pub fallback: Fallback,
    /// Cards never played as a reinforcement nor chosen by the auto defence.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keep: Vec<String>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub capture: Capture,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReinforceMode {
    /// The auto reinforcement of §10.5.
    #[default]
    Auto,
    Never,
    /// Stop and prompt D3 at every reinforcement point.
    Ask,
    Prefer,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Fallback {
    #[default]
    Auto,
    None,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Capture {
    #[default]
    Discard,
    Tuck,
    TuckZeroPoints,
    /// Prompt D4 when a captured card could be tucked.
    Ask,
}

/// A seat's standing orders (§10.3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StandingOrders {
    #[serde(default)]
    pub respond: Respond,
    /// The plan used with `respond: auto`, and the pre-filled plan of D2.
    #[serde(default)]
    pub plan: Plan,
    #[serde(default)]
    pub discard_after_loss: AfterLoss,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Respond {
    /// Prompt D2.
    #[default]
    Ask,
    /// Choose d1 by the auto defence with the standing plan; no prompt.
    Auto,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AfterLoss {
    #[default]
    None,
    /// Prompt D5.
    Ask,
}

/// What a seat must decide now (§10.1). `number` tells two decisions of one kind apart (the
/// service's stale-form guard): for D1 `Counters::turns`, for D2, D4 and D5
/// `Counters::battles`, for D3 `Counters::actions`, all read when the decision is listed.
/// Standing orders (D6) count in none of them, so changing them never makes a form stale.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Decision {
    /// D1: recruit or attack.
    Turn { number: u32 },
    /// D2: `attacker` attacks with `weapon`; choose the first card and plan.
    Defend {
        number: u32,
        attacker: Seat,
        weapon: Weapon,
    },
    /// D3: the current card fails against `(weapon, value)`; reinforce or not.
    Reinforce {
        number: u32,
        weapon: Weapon,
        value: u8,
    },
    /// D4: where the captured cards go (those that could be tucked are asked).
    Dispose { number: u32, cards: Vec<String> },
    /// D5: which hand cards to discard after the lost battle.
    Discard { number: u32 },
}

impl Decision {
    /// The id of §10.1.
    pub fn id(&self) -> &'static str {
        match self {
            Decision::Turn { .. } => "D1",
            Decision::Defend { .. } => "D2",
            Decision::Reinforce { .. } => "D3",
            Decision::Dispose { .. } => "D4",
            Decision::Discard { .. } => "D5",
        }
    }
}

/// The result of a battle (§6.4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum BattleResult {
    Tie,
    Won { winner: Seat, loser: Seat },
}

/// What happened to one of the loser's used cards (§6.5 step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// Into the loser's secured zone.
    Secured,
    /// To the box.
    Fled,
    /// Fled, but Egypt (city front) took it into its discard pile (R11).
    TakenByEgypt,
    Captured,
}

/// Why the game ended (§7.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "trigger", rename_all = "snake_case")]
pub enum Ending {
    /// T1: the display holds fewer than n creatures after a recruitment.
    Creatures,
    /// T2: these seats could not fill their hands.
    Exhaustion { seats: Vec<Seat> },
}

/// Every event a move makes; the rules say which audience sees each (§8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Setup: nations by seat, the first player, the card set (everyone).
    Setup {
        nations: Vec<Nation>,
        first: Seat,
        card_set: String,
        card_set_sha256: String,
    },
    /// Cards a seat drew (`cards` only to the seat; everyone else gets `DrewCount`).
    Drew {
        seat: Seat,
        cards: Vec<String>,
    },
    DrewCount {
        seat: Seat,
        count: u8,
    },
    /// A discard pile became the draw pile (its new order is secret).
    Reshuffled {
        seat: Seat,
        count: u8,
    },
    /// All nation cards turned active (R6).
    Reactivated,
    NationInactive {
        seat: Seat,
    },
    /// `seat` is at turn (D1).
    AtTurn {
        seat: Seat,
    },
    Recruited {
        seat: Seat,
        creature: String,
        payment: Vec<String>,
        /// The hand cards that went to the discard pile, in hand order.
        discarded: Vec<String>,
        /// The creature that filled the slot, if the creature deck was not empty.
        refill: Option<String>,
    },
    /// The public part of D1: target and weapon type, never the card (R7).
    Attacked {
        attacker: Seat,
        target: Seat,
        weapon: Weapon,
    },
    /// Both first cards, revealed together once d1 is committed.
    Revealed {
        attack: String,
        defence: String,
    },
    /// One step of the exchange: `seat` defends `(weapon, value)` with its current card alone
    /// (`card` = None) or with the reinforcement `card`.
    Defended {
        seat: Seat,
        weapon: Weapon,
        value: u8,
        card: Option<String>,
    },
    /// `seat` counter-attacks with its current card.
    Countered {
        seat: Seat,
        weapon: Weapon,
        value: u8,
    },
    BattleEnded {
        result: BattleResult,
    },
    /// The fate of each of the loser's used cards, in play order.
    Fates {
        seat: Seat,
        cards: Vec<(String, Fate)>,
    },
    /// A city turned to its back (its leader was captured).
    CityTurned {
        seat: Seat,
    },
    /// Egypt's purge (R17): these cards went to the box.
    Purged {
        seat: Seat,
        cards: Vec<String>,
    },
    /// The winner's disposal of captured cards.
    Disposed {
        seat: Seat,
        cards: Vec<Disposal>,
    },
    /// A charisma card from the supply (`None`: the supply was empty, R19).
    CharismaTaken {
        seat: Seat,
        card: Option<String>,
    },
    /// The loser's voluntary discard (R25).
    Discarded {
        seat: Seat,
        cards: Vec<String>,
    },
    /// Standing orders changed (the seat only).
    OrdersChanged {
        seat: Seat,
    },
    /// The deadline default or the auto policy answered for a seat (§10.5).
    Defaulted {
        seat: Seat,
        decision: String,
    },
    Ended {
        outcome: Outcome,
    },
}

/// How the game ended: the trigger, every score in half points (§7.2), each seat's scored
/// creatures' costs from the highest (the tie-break, R23) and the winners.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    pub ending: Ending,
    /// Twice each seat's score, in seat order.
    pub half_points: Vec<u32>,
    pub creatures: Vec<Vec<u8>>,
    pub winners: Vec<Seat>,
}

impl GameOutcome for Outcome {
    fn winners(&self) -> Vec<Seat> {
        self.winners.clone()
    }
}

/// Why an action was refused; the code is stable, the presenter words it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("there is no seat {0} in this game")]
    NoSuchSeat(u8),
    #[error("it is not your decision now")]
    NotYourTurn,
    #[error("that is not the decision asked of you: {expected}")]
    WrongDecision { expected: &'static str },
    #[error("no card {0} in this card set")]
    UnknownCard(String),
    #[error("{0} is not in your hand")]
    NotInHand(String),
    #[error("passing is never allowed (R40)")]
    NoPass,
    #[error("seat {0} cannot be attacked: it is you, or its nation card is inactive (§6.1)")]
    BadTarget(u8),
    #[error("{card} does not carry a {weapon} (R7)")]
    WrongWeapon { card: String, weapon: Weapon },
    #[error("{0} is not on display")]
    NotOnDisplay(String),
    #[error("{0} is not in your tucked zone")]
    NotTucked(String),
    #[error("a payment needs at least one tucked card (§6.2)")]
    EmptyPayment,
    #[error("the payment reaches {reached}, the creature costs {cost} (§6.2)")]
    PaymentTooLow { reached: u8, cost: u8 },
    #[error("the payment is not minimal: {0} could be left out (R18)")]
    PaymentNotMinimal(String),
    #[error("the current card defends alone: no reinforcement now (R10)")]
    NoReinforcementNeeded,
    #[error("{card} does not make the defence succeed ({total} < {value}) (R10)")]
    ReinforcementTooWeak { card: String, total: u8, value: u8 },
    #[error("{0} was not captured in this battle, or is not asked")]
    NotCaptured(String),
    #[error("every captured card asked must be disposed of, once")]
    DisposalIncomplete,
    #[error("{0} cannot be tucked: charisma 0, or a fleeing card Egypt took (R11)")]
    CannotTuck(String),
    #[error("a card is named twice")]
    Repeated,
}

impl RuleError {
    pub fn code(&self) -> &'static str {
        match self {
            RuleError::GameOver => "game_over",
            RuleError::NoSuchSeat(_) => "no_such_seat",
            RuleError::NotYourTurn => "not_your_turn",
            RuleError::WrongDecision { .. } => "wrong_decision",
            RuleError::UnknownCard(_) => "unknown_card",
            RuleError::NotInHand(_) => "not_in_hand",
            RuleError::NoPass => "no_pass",
            RuleError::BadTarget(_) => "bad_target",
            RuleError::WrongWeapon { .. } => "wrong_weapon",
            RuleError::NotOnDisplay(_) => "not_on_display",
            RuleError::NotTucked(_) => "not_tucked",
            RuleError::EmptyPayment => "empty_payment",
            RuleError::PaymentTooLow { .. } => "payment_too_low",
            RuleError::PaymentNotMinimal(_) => "payment_not_minimal",
            RuleError::NoReinforcementNeeded => "no_reinforcement_needed",
            RuleError::ReinforcementTooWeak { .. } => "reinforcement_too_weak",
            RuleError::NotCaptured(_) => "not_captured",
            RuleError::DisposalIncomplete => "disposal_incomplete",
            RuleError::CannotTuck(_) => "cannot_tuck",
            RuleError::Repeated => "repeated",
        }
    }
}

impl Coded for RuleError {
    fn code(&self) -> &'static str {
        RuleError::code(self)
    }
}

/// What is wrong with a game's options.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionProblem {
    #[error("no card set {0} is known here")]
    UnknownCardSet(String),
    #[error("the card set {id} has hash {found}, the game names {expected}")]
    CardSetHash {
        id: String,
        found: String,
        expected: String,
    },
    #[error("the embedded card set does not load: {0}")]
    CardSetInvalid(String),
    #[error("give one nation per seat, each at most once")]
    Nations,
    #[error("the first player must be one of the seats")]
    FirstPlayer,
    #[error("Pergamemnon takes 2 to 5 players")]
    Players,
}

impl Coded for OptionProblem {
    fn code(&self) -> &'static str {
        match self {
            OptionProblem::UnknownCardSet(_) => "unknown_card_set",
            OptionProblem::CardSetHash { .. } => "card_set_hash",
            OptionProblem::CardSetInvalid(_) => "card_set_invalid",
            OptionProblem::Nations => "nations",
            OptionProblem::FirstPlayer => "first_player",
            OptionProblem::Players => "players",
        }
    }
}
