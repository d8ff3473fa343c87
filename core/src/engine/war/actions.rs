//! The vocabulary of a turn: actions (one per kind of decision), the decisions a seat can owe,
//! the rule errors that reject an action, and the events a move produces.

use super::cards::{Card, Colour, Objective};
use super::map::{Continent, Territory};
use super::orders::{Amount, CardClass, Plan, StandingOrders};
use super::state::{Outcome, TerritoryCounts};
use crate::engine::Seat;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Which way Transporte Aéreo carries armies (R24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = WarDirection)]
pub enum Direction {
    /// Fresh armies from X to other own territories.
    Out,
    /// Fresh armies from other own territories to X.
    In,
}

/// A territory's armies after Aliança Continental: fresh and moved (R25).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(deny_unknown_fields)]
#[schema(as = WarSplit)]
pub struct Split {
    #[serde(default)]
    pub fresh: u32,
    #[serde(default)]
    pub moved: u32,
}

/// A War action (docs/formats.md, War actions): one decision, as data: the wire format, the log entry and the test input.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = WarAction)]
pub enum Action {
    /// D1: convert these whole continents' bonuses into cards, once per turn (§5.2.2, R7).
    Intelligence {
        #[schema(min_items = 1)]
        continents: Vec<Continent>,
    },
    /// D1: trade one group of 1 to 6 cards (§5.3, R8).
    Trade {
        #[schema(min_items = 1, max_items = 6)]
        cards: Vec<Card>,
    },
    /// D1: place every pooled army; ends phase A (§5.2.3, R6).
    Place { armies: TerritoryCounts },
    /// D2: declare an attack from `from` on `to` with a plan; `air_card` makes it an air
    /// attack (Ataque Aéreo, R18) and must be the card of `to`.
    Attack {
        from: Territory,
        to: Territory,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        air_card: Option<Card>,
        #[serde(default)]
        plan: Plan,
    },
    /// D2: more battles in the open attack that its plan stopped, with a new plan (R10).
    Continue {
        #[serde(default)]
        plan: Plan,
    },
    /// D2: end phase B (closes an open attack).
    EndCombat,
    /// D3: reveal Conhecimento de Terreno for the attacked territory (§5.4.6).
    RevealTerrain,
    /// D3: Reagrupamento Tático: discard `card` and reroll own dice at these positions,
    /// numbered from 1 (§5.4.7, R16).
    Reroll {
        card: Card,
        #[schema(min_items = 1, max_items = 3)]
        dice: Vec<u8>,
    },
    /// D3: no reaction in this step.
    NoReaction,
    /// D4: move this many armies into the conquered territory (R20).
    Occupy {
        #[schema(minimum = 1)]
        armies: u32,
    },
    /// D5: a normal move (§5.5.1, R22), directly or through Passagem Oculta territories (R23).
    Move {
        from: Territory,
        to: Territory,
        armies: Amount,
    },
    /// D5: reveal a card for Passagem Oculta (§5.5.3, R23).
    HiddenPassage { card: Card },
    /// D5: discard the card of own territory X for Transporte Aéreo (§5.5.4, R24): `armies`
    /// names the destinations (`out`) or the sources (`in`) with their armies.
    AirTransport {
        card: Card,
        direction: Direction,
        armies: TerritoryCounts,
    },
    /// D5: discard a card of a continent owned entirely and give every territory of it its
    /// new fresh and moved armies (§5.5.2, R25).
    ContinentalAlliance {
        card: Card,
        /// Each territory's new armies, by territory id (WarTerritory).
        armies: BTreeMap<Territory, Split>,
    },
    /// D5: end the turn; `discard` is the script's preference for D6 (§9.2).
    EndTurn {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        discard: Option<Vec<Card>>,
    },
    /// D6: discard these cards face down, leaving exactly 6 (R26).
    Discard { cards: Vec<Card> },
    /// D7: replace this seat's standing orders; any seat, any time (§9.3).
    SetOrders { orders: StandingOrders },
}

impl Action {
    pub fn is_orders(&self) -> bool {
        matches!(self, Action::SetOrders { .. })
    }
}

fn card_list(cards: &[Card]) -> String {
    cards.iter().map(|c| c.id()).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Intelligence { continents } => write!(
                f,
                "convert {} into cards",
                continents
                    .iter()
                    .map(|c| c.name())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            Action::Trade { cards } => write!(f, "trade {}", card_list(cards)),
            Action::Place { armies } => write!(f, "place {} armies", armies.total()),
            Action::Attack {
                from,
                to,
                air_card: Some(_),
                ..
            } => write!(f, "air attack from {from} on {to}"),
            Action::Attack { from, to, .. } => write!(f, "attack from {from} on {to}"),
            Action::Continue { .. } => write!(f, "continue the attack"),
            Action::EndCombat => write!(f, "end the combat phase"),
            Action::RevealTerrain => write!(f, "reveal Conhecimento de Terreno"),
            Action::Reroll { card, dice } => write!(
                f,
                "discard {card} and reroll dice {}",
                dice.iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Action::NoReaction => write!(f, "no reaction"),
            Action::Occupy { armies } => write!(f, "move {armies} armies in"),
            Action::Move { from, to, armies } => write!(f, "move {armies} from {from} to {to}"),
            Action::HiddenPassage { card } => write!(f, "reveal {card} for Passagem Oculta"),
            Action::AirTransport { card, .. } => write!(f, "discard {card} for Transporte Aéreo"),
            Action::ContinentalAlliance { card, .. } => {
                write!(f, "discard {card} for Aliança Continental")
            }
            Action::EndTurn { .. } => write!(f, "end the turn"),
            Action::Discard { cards } => write!(f, "discard {}", card_list(cards)),
            Action::SetOrders { .. } => write!(f, "change the standing orders"),
        }
    }
}

/// What a seat must decide now (§9.1). Equal decisions at two moments are the same open
/// decision; the counters make a prompt differ once anything happened since (a trade, a
/// battle, a move), so a form sent twice is not applied twice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// D1
    Reinforcements {
        turn: u32,
        /// Whether Intelligence was converted, and the hand size: they change with each step.
        converted: bool,
        cards: u32,
    },
    /// D2
    Combat {
        turn: u32,
        attacks: u32,
        open: bool,
        /// Battles fought in the game so far.
        battles: u32,
    },
    /// D3
    Reaction { turn: u32, battle: u32, step: u32 },
    /// D4
    MoveIn {
        turn: u32,
        from: Territory,
        to: Territory,
        max: u32,
    },
    /// D5
    Movement {
        turn: u32,
        /// Armies moved and cards used so far in the turn: they change with each step.
        moved: u32,
        used: u32,
    },
    /// D6
    HandLimit { turn: u32, discard: u32 },
}

impl Decision {
    pub fn id(&self) -> &'static str {
        match self {
            Decision::Reinforcements { .. } => "D1",
            Decision::Combat { .. } => "D2",
            Decision::Reaction { .. } => "D3",
            Decision::MoveIn { .. } => "D4",
            Decision::Movement { .. } => "D5",
            Decision::HandLimit { .. } => "D6",
        }
    }

    /// The decision in words, as a prompt.
    pub fn prompt(&self) -> &'static str {
        match self {
            Decision::Reinforcements { .. } => {
                "take your reinforcements: Intelligence, trades, then place every army"
            }
            Decision::Combat { .. } => "attack, continue the open attack, or end the combat phase",
            Decision::Reaction { .. } => "react to the dice: reveal Terrain, reroll, or pass",
            Decision::MoveIn { .. } => "choose how many armies move into the conquered territory",
            Decision::Movement { .. } => "move armies and use movement powers, then end the turn",
            Decision::HandLimit { .. } => "discard down to 6 cards",
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.prompt(), self.id())
    }
}

/// What is wrong with a placement (§5.2.3), as data: the presenter words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlacementProblem {
    NotYours(Territory),
    TradeArmies { territory: Territory, armies: u32 },
    Bonus { continent: Continent, armies: u32 },
    Total { expected: u32, placed: u32 },
}

impl fmt::Display for PlacementProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlacementProblem::NotYours(t) => write!(f, "{t} is not yours"),
            PlacementProblem::TradeArmies { territory, armies } => {
                write!(f, "{territory} must receive at least its {armies} trade armies")
            }
            PlacementProblem::Bonus { continent, armies } => write!(
                f,
                "{continent} must receive its {armies} bonus armies (convert it whole by Intelligence instead, R7)"
            ),
            PlacementProblem::Total { expected, placed } => {
                write!(f, "every pooled army is placed: {expected}, not {placed}")
            }
        }
    }
}

/// Why a move's amount cannot go (§5.5.1), as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveProblem {
    /// The amount resolves to nothing.
    Nothing { amount: Amount, from: Territory },
    /// More than the fresh armies, or nothing left behind.
    TooMany {
        from: Territory,
        armies: u32,
        fresh: u32,
    },
}

impl fmt::Display for MoveProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveProblem::Nothing { amount, from } => {
                write!(f, "{amount} leaves nothing to move from {from}")
            }
            MoveProblem::TooMany {
                from,
                armies,
                fresh,
            } => write!(f, "{from} has {armies} armies, {fresh} of them fresh"),
        }
    }
}

/// Why an action was rejected. Each message names the rule that forbids it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over: no more actions are taken (§6.1)")]
    GameOver,
    #[error("there is no seat {0} in this game (§4.1)")]
    NoSuchSeat(u8),
    #[error("it is not your decision now: only the active player, {active}, is asked (§9.1)")]
    NotYourTurn { active: Seat },
    #[error("that is not the decision asked of you: you must {} (§9.1)", .expected.prompt())]
    WrongDecision { expected: Decision },
    #[error("{0} is not in your hand (§3.4)")]
    CardNotInHand(Card),
    #[error("{0} is named twice (§3.4)")]
    DuplicateCard(Card),
    #[error("Intelligence is converted at most once per turn (§5.2.2, R7)")]
    IntelligenceOnce,
    #[error(
        "Intelligence converts whole continents you own entirely, at least one: {0} (§5.2.2, R7)"
    )]
    IntelligenceContinents(&'static str),
    #[error("a trade is a group of 1 to 6 cards (§5.3, R8)")]
    TradeSize,
    #[error("a trade's cards must all share a symbol, or be 2 or 3 different symbols; split mixed cards into several trades (§5.3, R8)")]
    TradeMixed,
    #[error("{0} was drawn through Intelligence this turn and cannot be traded until a later turn (§5.2.2, R7)")]
    IntelligenceCard(Card),
    #[error("that placement is not legal: {0} (§5.2.3, R6)")]
    Placement(PlacementProblem),
    #[error("round 1 has no combat phase: no attack of any kind (§5.4.2, R34)")]
    NoCombatInRoundOne,
    #[error("round {round} allows {limit} attacks per turn and they are used (§5.4.2, R10)")]
    AttackLimit { round: u32, limit: u32 },
    #[error("an attack starts from your own territory with at least 2 armies (§5.4.3)")]
    AttackSource,
    #[error("the target must belong to another player and border the source, unless it is an air attack (§5.4.3, R1)")]
    AttackTarget,
    #[error("an air attack discards an unused territory card of the target, which another player owns (§5.4.3, R18, R15)")]
    AirCard,
    #[error("the attack plan is not valid: {0} (§9.4)")]
    Plan(&'static str),
    #[error("no attack is open to continue: an attack closes on a conquest, when its source is down to 1 army, or on any other action (§5.4.1, R10)")]
    NoOpenAttack,
    #[error("finish the battle or the conquest first: this decision is pending (§5.4.5, §5.4.8)")]
    BattleUnderWay,
    #[error("you cannot reveal Conhecimento de Terreno: you must hold the unused card of the attacked territory (§5.4.6, R14, R15)")]
    TerrainCard,
    #[error("that reroll is not legal: {0} (§5.4.7, R16)")]
    Reroll(&'static str),
    #[error("move in from 1 to {max} armies (§5.4.8, R20)")]
    Occupy { max: u32 },
    #[error("a move goes between two of your territories (§5.5.1)")]
    MoveTerritories,
    #[error(
        "that amount cannot move: each army moves once and 1 army stays behind ({0}) (§5.5.1, R22)"
    )]
    MoveAmount(MoveProblem),
    #[error("{to} is not reached from {from}: it must border it or be reached through territories you revealed for Passagem Oculta (§5.5.3, R23)")]
    MovePath { from: Territory, to: Territory },
    #[error(
        "{0} cannot activate a power: it must be an unused territory card in your hand (§5.7, R15)"
    )]
    PowerCard(Card),
    #[error("Transporte Aéreo: {0} (§5.5.4, R24)")]
    Transport(&'static str),
    #[error("Aliança Continental: {0} (§5.5.2, R25)")]
    Alliance(&'static str),
    #[error("discard exactly {excess} cards from your hand, leaving 6 (§5.6, R26)")]
    HandLimit { excess: u32 },
    #[error("the standing orders are not valid: {0} (§9.3)")]
    Orders(&'static str),
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
            RuleError::DuplicateCard(_) => "duplicate_card",
            RuleError::IntelligenceOnce => "intelligence_once",
            RuleError::IntelligenceContinents(_) => "intelligence_continents",
            RuleError::TradeSize => "trade_size",
            RuleError::TradeMixed => "trade_mixed",
            RuleError::IntelligenceCard(_) => "intelligence_card",
            RuleError::Placement(_) => "placement",
            RuleError::NoCombatInRoundOne => "no_combat_in_round_one",
            RuleError::AttackLimit { .. } => "attack_limit",
            RuleError::AttackSource => "attack_source",
            RuleError::AttackTarget => "attack_target",
            RuleError::AirCard => "air_card",
            RuleError::Plan(_) => "plan",
            RuleError::NoOpenAttack => "no_open_attack",
            RuleError::BattleUnderWay => "battle_under_way",
            RuleError::TerrainCard => "terrain_card",
            RuleError::Reroll(_) => "reroll",
            RuleError::Occupy { .. } => "occupy",
            RuleError::MoveTerritories => "move_territories",
            RuleError::MoveAmount(_) => "move_amount",
            RuleError::MovePath { .. } => "move_path",
            RuleError::PowerCard(_) => "power_card",
            RuleError::Transport(_) => "transport",
            RuleError::Alliance(_) => "alliance",
            RuleError::HandLimit { .. } => "hand_limit",
            RuleError::Orders(_) => "orders",
        }
    }
}

/// Which side of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Attacker,
    Defender,
}

/// Why a card was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    Intelligence,
    Conquest,
}

/// One rerolled die: its position (from 1), its new value and the minimum it was drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RerolledDie {
    pub position: u8,
    pub value: u8,
    pub min: u8,
}

/// Why an attack stopped or closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackEnd {
    /// The plan's stop_at or max_battles held: the attack stays open.
    Stopped,
    /// B was conquered.
    Conquest,
    /// A is down to 1 army.
    SourceExhausted,
    /// The player did something else (R10).
    OtherAction,
}

/// What happened. Each event is emitted with an audience; private events carry hidden cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    GameStarted {
        players: u8,
        colours: Vec<Colour>,
        dealer: Seat,
        first: Seat,
    },
    /// Private: a seat's objective, and after how many deals nobody held his own colour.
    ObjectiveDealt {
        seat: Seat,
        objective: Objective,
        deals: u32,
    },
    TerritoriesDealt {
        seat: Seat,
        territories: Vec<Territory>,
    },
    RoundStarted {
        round: u32,
    },
    TurnStarted {
        seat: Seat,
        round: u32,
        turn: u32,
    },
    /// The public breakdown of phase A (§7): base armies and the continents owned entirely.
    Entitlement {
        seat: Seat,
        territories: u32,
        base: u32,
        continents: Vec<Continent>,
    },
    Converted {
        seat: Seat,
        continents: Vec<Continent>,
        cards: u32,
    },
    /// Public: a seat drew a card (what it is stays private).
    Drew {
        seat: Seat,
        reason: DrawReason,
    },
    /// Private: the card drawn.
    Received {
        seat: Seat,
        card: Card,
        reason: DrawReason,
    },
    /// Both piles were empty: the draw is lost (R21).
    DrawLost {
        seat: Seat,
    },
    Reshuffled {
        cards: u32,
    },
    Traded {
        seat: Seat,
        cards: Vec<Card>,
        base: u32,
        joker_bonus: u32,
        /// Own territories on traded cards: 2 armies each go there.
        own: Vec<Territory>,
        value: u32,
    },
    Placed {
        seat: Seat,
        armies: TerritoryCounts,
    },
    CombatStarted {
        seat: Seat,
        limit: Option<u32>,
    },
    AttackDeclared {
        seat: Seat,
        from: Territory,
        to: Territory,
        defender: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        air_card: Option<Card>,
        /// The attack's number in this turn.
        number: u32,
    },
    AttackContinued {
        seat: Seat,
        from: Territory,
        to: Territory,
    },
    TerrainRevealed {
        seat: Seat,
        side: Side,
        card: Card,
    },
    /// A battle's roll, dice in position order.
    Rolled {
        from: Territory,
        to: Territory,
        attack: Vec<u8>,
        defence: Vec<u8>,
    },
    Rerolled {
        seat: Seat,
        side: Side,
        card: Card,
        class: CardClass,
        dice: Vec<RerolledDie>,
        /// The side's dice afterwards, in position order.
        now: Vec<u8>,
    },
    BattleResolved {
        from: Territory,
        to: Territory,
        attack: Vec<u8>,
        defence: Vec<u8>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        attacker_terrain: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        defender_terrain: bool,
        attacker_losses: u32,
        defender_losses: u32,
        /// R19 kept one army on B.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        no_occupant: bool,
        armies_from: u32,
        armies_to: u32,
    },
    Conquered {
        seat: Seat,
        territory: Territory,
        from: Seat,
    },
    TerrainCardPassed {
        card: Card,
        from: Seat,
        to: Seat,
    },
    MovedIn {
        from: Territory,
        to: Territory,
        armies: u32,
    },
    AttackStopped {
        from: Territory,
        to: Territory,
    },
    AttackClosed {
        from: Territory,
        to: Territory,
        reason: AttackEnd,
    },
    MovementStarted {
        seat: Seat,
    },
    Moved {
        seat: Seat,
        from: Territory,
        to: Territory,
        armies: u32,
    },
    PassageRevealed {
        seat: Seat,
        card: Card,
    },
    Transported {
        seat: Seat,
        card: Card,
        territory: Territory,
        direction: Direction,
        armies: TerritoryCounts,
    },
    Redistributed {
        seat: Seat,
        card: Card,
        continent: Continent,
        armies: BTreeMap<Territory, Split>,
    },
    /// End of turn: revealed cards are ordinary cards again.
    CardsReturned {
        cards: Vec<Card>,
    },
    /// Public: how many cards went face down for the hand limit.
    HandLimitDiscarded {
        seat: Seat,
        count: u32,
    },
    /// Private: which.
    HandLimitCards {
        seat: Seat,
        cards: Vec<Card>,
    },
    TurnEnded {
        seat: Seat,
    },
    /// Private: a seat's new standing orders.
    OrdersChanged {
        seat: Seat,
        orders: StandingOrders,
    },
    Eliminated {
        seat: Seat,
        by: Seat,
    },
    /// The eliminator takes the eliminated player's cards (§6.2).
    CardsTaken {
        from: Seat,
        to: Seat,
        cards: Vec<Card>,
    },
    GameOver {
        outcome: Outcome,
    },
}
