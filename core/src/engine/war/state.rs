//! The War state and its public JSON form, the *position*: what a parser reads (`Position`,
//! public fields) apart from the validated `Game` that can be played.

use super::cards::{Card, CardSet, Colour, Objective, DECK_SIZE};
use super::map::{Continent, Territory, TERRITORY_COUNT};
use super::orders::{Plan, StandingOrders};
use super::validate::PositionError;
use crate::engine::rng::Stream;
use crate::engine::{Seat, Seed};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

/// War's options (`game: war`): the creation parameters of a game. Absent fields take their
/// defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(as = WarOptions)]
pub struct Options {
    /// The dealer (§4.3, R4); absent means drawn from the seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<u8>, minimum = 1)]
    pub dealer: Option<Seat>,
    /// End the game after this round if nobody was eliminated (§6.3, R30); off by default.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 1000)]
    pub round_limit: Option<u32>,
    /// Each seat's colour, seat 1 first (§3.6); absent means the canonical order
    /// (branco, preto, vermelho, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colours: Option<Vec<Colour>>,
}

/// The round limit's bounds: the create form, the API and the check share them.
pub const ROUND_LIMIT: (u32, u32, u32) = (1, 1000, 30);

/// Armies per territory, written as an object of the non-zero entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TerritoryCounts(pub [u32; TERRITORY_COUNT]);

crate::engine::schema::schema!(
    TerritoryCounts,
    "WarArmies",
    utoipa::openapi::ObjectBuilder::new()
        .additional_properties(Some(crate::engine::schema::count(0)))
        .description(Some(
            "Armies per territory, by territory id (WarTerritory)."
        ))
        .into()
);

impl Default for TerritoryCounts {
    fn default() -> Self {
        TerritoryCounts([0; TERRITORY_COUNT])
    }
}

impl TerritoryCounts {
    pub fn get(&self, t: Territory) -> u32 {
        self.0[t.index()]
    }
    pub fn add(&mut self, t: Territory, n: u32) {
        self.0[t.index()] += n;
    }
    pub fn set(&mut self, t: Territory, n: u32) {
        self.0[t.index()] = n;
    }
    pub fn total(&self) -> u32 {
        self.0.iter().sum()
    }
    pub fn entries(&self) -> impl Iterator<Item = (Territory, u32)> + '_ {
        Territory::ALL
            .into_iter()
            .map(|t| (t, self.get(t)))
            .filter(|(_, n)| *n > 0)
    }
}

impl Serialize for TerritoryCounts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.entries()
            .collect::<BTreeMap<Territory, u32>>()
            .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for TerritoryCounts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<Territory, u32>::deserialize(deserializer)?;
        let mut counts = TerritoryCounts::default();
        for (t, n) in map {
            counts.set(t, n);
        }
        Ok(counts)
    }
}

/// A card on the discard pile. Written as its id when face up, or as
/// `{"card": "japao", "face_down_by": 2}` for a hand-limit discard (face down, R29).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PileCard {
    pub card: Card,
    /// The seat that discarded it face down; `None` when it lies face up.
    pub face_down_by: Option<Seat>,
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum PileCardForm {
    Id(Card),
    Full {
        card: Card,
        #[serde(default)]
        face_down_by: Option<Seat>,
    },
}

impl Serialize for PileCard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.face_down_by {
            None => PileCardForm::Id(self.card).serialize(serializer),
            Some(seat) => PileCardForm::Full {
                card: self.card,
                face_down_by: Some(seat),
            }
            .serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for PileCard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match PileCardForm::deserialize(deserializer)? {
            PileCardForm::Id(card) => PileCard {
                card,
                face_down_by: None,
            },
            PileCardForm::Full { card, face_down_by } => PileCard { card, face_down_by },
        })
    }
}

/// Phase A (§5.2): what the active player has done so far; the base armies and the kept
/// continent bonuses follow from the board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Reinforce {
    /// The continents converted by Intelligence this turn; present once the conversion is done.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub converted: Option<Vec<Continent>>,
    /// FREE armies from this turn's trades (base values and joker bonuses).
    #[serde(skip_serializing_if = "is_zero")]
    pub trades: u32,
    /// TERR pools: 2 armies per traded card of an own territory.
    #[serde(skip_serializing_if = "TerritoryCounts::is_empty")]
    pub terr: TerritoryCounts,
}

impl TerritoryCounts {
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// What an open attack waits for.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum AttackPending {
    /// D3: the attacker's reaction step of a battle under way, with both sides' dice in
    /// position order (§5.4.5).
    Reaction {
        attack: Vec<u8>,
        defence: Vec<u8>,
        /// Reaction steps taken so far in this battle.
        #[serde(default)]
        steps: u32,
    },
    /// D4: B was conquered (it holds 0 armies now); how many armies move in.
    MoveIn {
        /// Dice the attacker rolled in the conquering battle.
        dice: u8,
    },
}

/// An attack that is open (§5.4.1): stopped by its plan (`pending` absent: the next action may
/// be `continue`), or paused inside a battle for D3 or after the conquest for D4.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenAttack {
    pub from: Territory,
    pub to: Territory,
    /// An air attack (its card is on the discard pile already).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub air: bool,
    /// Battles fought in this attack so far.
    #[serde(default)]
    pub battles: u32,
    /// The plan in force (private to the attacker while the game runs).
    #[serde(default)]
    pub plan: Plan,
    /// Battles fought under this plan.
    #[serde(default)]
    pub plan_battles: u32,
    /// Cards this plan's reroll orders spent.
    #[serde(default)]
    pub plan_spent: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<AttackPending>,
}

/// Phase B (§5.4).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Combat {
    /// Attacks declared this turn.
    pub attacks: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attack: Option<OpenAttack>,
}

/// Phase C (§5.5): the armies that moved in this phase, per territory; the rest are fresh.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Movement {
    #[serde(skip_serializing_if = "TerritoryCounts::is_empty")]
    pub moved: TerritoryCounts,
}

/// How the game ended (§6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The eliminator's objective was the eliminated colour: he wins alone.
    Objective,
    /// An elimination that was not the eliminator's objective: criteria 1–5 decided.
    TieBreak,
    /// The round limit passed with nobody eliminated: criteria 1–5 decided (R30).
    RoundLimit,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// The winners in seat order (several for a shared victory).
    pub winners: Vec<Seat>,
    pub ending: Ending,
    /// The eliminated seat and his eliminator, if the game ended by an elimination.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eliminated: Option<Seat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eliminator: Option<Seat>,
    /// The criterion of §6.2 that decided (1 … 5), absent for an objective win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub criterion: Option<u8>,
}

/// Where the active player's turn stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Phase {
    /// Phase A: D1.
    Reinforce(Reinforce),
    /// Phase B: D2, and D3 / D4 inside an attack.
    Combat(Combat),
    /// Phase C: D5.
    Movement(Movement),
    /// End of turn: D6, discard down to 6 (marks already cleared).
    HandLimit,
    Over {
        outcome: Outcome,
    },
}

/// The public JSON form of any reachable state. See docs/formats.md.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub rules_version: u32,
    #[serde(default)]
    pub options: Options,
    pub players: u8,
    pub seed: Seed,
    /// How far the game's one stream (§8) has been read: 32-bit words drawn so far by the
    /// setup and every random step since, so the next roll or reshuffle goes on from there.
    #[serde(default)]
    pub stream: u64,
    /// The next die results, used before the seed's stream (hand-written positions only: a game
    /// from setup never has them). Like a written draw pile, they pin what comes next.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
    /// Each seat's objective, seat 1 first.
    pub objectives: Vec<Objective>,
    pub dealer: Seat,
    #[serde(default = "first_round")]
    pub round: u32,
    /// Whose turn it is.
    pub active: Seat,
    /// Each seat's territories with their armies, seat 1 first; every territory exactly once.
    pub territories: Vec<BTreeMap<Territory, u32>>,
    /// Each seat's hand, seat 1 first; absent means every hand is empty.
    #[serde(default)]
    pub hands: Vec<Vec<Card>>,
    /// The draw pile, top card first. When absent, every card not placed elsewhere is shuffled
    /// into it from the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Vec<Card>>,
    /// The discard pile, oldest card first.
    #[serde(default)]
    pub discard: Vec<PileCard>,
    /// Cards that activated a power this turn (§5.7, R15), wherever they are now.
    #[serde(default, skip_serializing_if = "CardSet::is_empty")]
    pub used: CardSet,
    /// Cards revealed this turn for Conhecimento de Terreno (face up in their holder's hand).
    #[serde(default, skip_serializing_if = "CardSet::is_empty")]
    pub terrain: CardSet,
    /// Cards revealed this turn for Passagem Oculta.
    #[serde(default, skip_serializing_if = "CardSet::is_empty")]
    pub passage: CardSet,
    /// Cards drawn this turn through Intelligence (not tradable this turn, R7).
    #[serde(default, skip_serializing_if = "CardSet::is_empty")]
    pub intelligence: CardSet,
    /// Each seat's standing orders, seat 1 first; absent means the defaults.
    #[serde(default, skip_serializing_if = "all_default_orders")]
    pub orders: Vec<StandingOrders>,
    /// Cards each seat's standing orders spent in this turn, seat 1 first; absent means none.
    #[serde(default, skip_serializing_if = "all_zero")]
    pub spent: Vec<u32>,
    pub phase: Phase,
    /// Battles fought so far.
    #[serde(default)]
    pub battles: u32,
    /// Territories conquered so far.
    #[serde(default)]
    pub conquests: u32,
}

fn first_round() -> u32 {
    1
}

fn all_default_orders(orders: &[StandingOrders]) -> bool {
    orders.iter().all(StandingOrders::is_default)
}

fn all_zero(counts: &[u32]) -> bool {
    counts.iter().all(|&n| n == 0)
}

/// The rules versions this engine can play. Version 1 is SMART 1.0 with rulings R1–R34.
pub const RULES_VERSIONS: [u32; 1] = [1];
pub const CURRENT_RULES_VERSION: u32 = 1;

/// A playable game: only built by `setup` or by validating a `Position`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(super) rules_version: u32,
    pub(super) options: Options,
    pub(super) players: u8,
    pub(super) seed: Seed,
    /// Words read from the game's stream so far (§8).
    pub(super) stream: u64,
    /// Upcoming dice, next first.
    pub(super) dice: Vec<u8>,
    pub(super) colours: Vec<Colour>,
    pub(super) objectives: Vec<Objective>,
    pub(super) dealer: Seat,
    pub(super) round: u32,
    pub(super) active: Seat,
    pub(super) owner: [Seat; TERRITORY_COUNT],
    pub(super) armies: [u32; TERRITORY_COUNT],
    pub(super) hands: Vec<CardSet>,
    /// Top card last.
    pub(super) draw: Vec<Card>,
    /// Oldest first.
    pub(super) discard: Vec<PileCard>,
    pub(super) used: CardSet,
    pub(super) terrain: CardSet,
    pub(super) passage: CardSet,
    pub(super) intelligence: CardSet,
    pub(super) orders: Vec<StandingOrders>,
    pub(super) spent: Vec<u32>,
    pub(super) phase: Phase,
    pub(super) battles: u32,
    pub(super) conquests: u32,
}

/// The colours of a table: the option's, or the canonical order.
pub fn table_colours(options: &Options, players: u8) -> Vec<Colour> {
    match &options.colours {
        Some(colours) => colours.clone(),
        None => Colour::ALL[..players as usize].to_vec(),
    }
}

/// The attacks allowed in a turn of this round (§5.4.2, R10); `None` is unlimited.
pub fn attack_limit(round: u32) -> Option<u32> {
    match round {
        0 | 1 => Some(0),
        2 => Some(1),
        3 => Some(2),
        4 => Some(3),
        _ => None,
    }
}

impl Game {
    pub fn rules_version(&self) -> u32 {
        self.rules_version
    }
    pub fn options(&self) -> &Options {
        &self.options
    }
    pub fn players(&self) -> u8 {
        self.players
    }
    pub fn seed(&self) -> Seed {
        self.seed
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn active(&self) -> Seat {
        self.active
    }
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    /// The first player, left of the 42nd card's receiver (§4.5, R4).
    pub fn first_player(&self) -> Seat {
        Seat(((self.dealer.0 as usize + TERRITORY_COUNT) % self.players as usize) as u8)
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn colour(&self, seat: Seat) -> Colour {
        self.colours[seat.index()]
    }
    pub fn colours(&self) -> &[Colour] {
        &self.colours
    }
    pub fn objective(&self, seat: Seat) -> Objective {
        self.objectives[seat.index()]
    }
    pub fn owner(&self, t: Territory) -> Seat {
        self.owner[t.index()]
    }
    pub fn armies(&self, t: Territory) -> u32 {
        self.armies[t.index()]
    }
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }
    pub fn orders(&self, seat: Seat) -> &StandingOrders {
        &self.orders[seat.index()]
    }
    pub fn draw_pile_len(&self) -> usize {
        self.draw.len()
    }
    pub fn discard_pile(&self) -> &[PileCard] {
        &self.discard
    }
    pub fn battles(&self) -> u32 {
        self.battles
    }
    pub fn conquests(&self) -> u32 {
        self.conquests
    }
    /// The turn number t of §5.1 (0 for the first player's first turn).
    pub fn turn(&self) -> u32 {
        let n = self.players as u32;
        let offset = (self.active.0 as u32 + n - self.first_player().0 as u32) % n;
        (self.round.max(1) - 1) * n + offset
    }
    pub fn outcome(&self) -> Option<&Outcome> {
        match &self.phase {
            Phase::Over { outcome } => Some(outcome),
            _ => None,
        }
    }
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }
    /// The territories a seat owns, as a set.
    pub fn territories_of(&self, seat: Seat) -> super::map::TerritorySet {
        Territory::ALL
            .into_iter()
            .filter(|t| self.owner[t.index()] == seat)
            .collect()
    }
    pub fn territory_count(&self, seat: Seat) -> u32 {
        self.owner.iter().filter(|&&o| o == seat).count() as u32
    }
    pub fn army_count(&self, seat: Seat) -> u32 {
        Territory::ALL
            .into_iter()
            .filter(|t| self.owner[t.index()] == seat)
            .map(|t| self.armies[t.index()])
            .sum()
    }
    /// Whether a seat owns every territory of a continent.
    pub fn owns_continent(&self, seat: Seat, continent: Continent) -> bool {
        continent.territories().all(|t| self.owner(t) == seat)
    }
    /// The draw pile, top card first.
    pub fn draw_pile(&self) -> Vec<Card> {
        self.draw.iter().rev().copied().collect()
    }

    /// The public JSON form of this state, draw pile included.
    pub fn to_position(&self) -> Position {
        let n = self.players as usize;
        let mut territories = vec![BTreeMap::new(); n];
        for t in Territory::ALL {
            territories[self.owner(t).index()].insert(t, self.armies(t));
        }
        Position {
            rules_version: self.rules_version,
            options: self.options.clone(),
            players: self.players,
            seed: self.seed,
            stream: self.stream,
            dice: self.dice.clone(),
            objectives: self.objectives.clone(),
            dealer: self.dealer,
            round: self.round,
            active: self.active,
            territories,
            hands: self.hands.iter().map(|h| h.iter().collect()).collect(),
            draw: Some(self.draw_pile()),
            discard: self.discard.clone(),
            used: self.used,
            terrain: self.terrain,
            passage: self.passage,
            intelligence: self.intelligence,
            orders: self.orders.clone(),
            spent: self.spent.clone(),
            phase: self.phase.clone(),
            battles: self.battles,
            conquests: self.conquests,
        }
    }

    /// Build a playable game from a position, or list every problem found in it.
    pub fn from_position(position: Position) -> Result<Game, PositionError> {
        let problems = super::validate::validate(&position);
        if !problems.is_empty() {
            return Err(PositionError(problems));
        }
        let n = position.players as usize;
        let mut owner = [Seat(0); TERRITORY_COUNT];
        let mut armies = [0u32; TERRITORY_COUNT];
        for (i, held) in position.territories.iter().enumerate() {
            for (&t, &a) in held {
                owner[t.index()] = Seat(i as u8);
                armies[t.index()] = a;
            }
        }
        let hands: Vec<CardSet> = if position.hands.is_empty() {
            vec![CardSet::default(); n]
        } else {
            position
                .hands
                .iter()
                .map(|h| h.iter().copied().collect())
                .collect()
        };
        let orders = if position.orders.is_empty() {
            vec![StandingOrders::default(); n]
        } else {
            position.orders
        };
        let spent = if position.spent.is_empty() {
            vec![0; n]
        } else {
            position.spent
        };
        let mut game = Game {
            rules_version: position.rules_version,
            colours: table_colours(&position.options, position.players),
            options: position.options,
            players: position.players,
            seed: position.seed,
            stream: position.stream,
            dice: position.dice,
            objectives: position.objectives,
            dealer: position.dealer,
            round: position.round,
            active: position.active,
            owner,
            armies,
            hands,
            draw: Vec::new(),
            discard: position.discard,
            used: position.used,
            terrain: position.terrain,
            passage: position.passage,
            intelligence: position.intelligence,
            orders,
            spent,
            phase: position.phase,
            battles: position.battles,
            conquests: position.conquests,
        };
        match position.draw {
            Some(draw) => game.draw = draw.into_iter().rev().collect(),
            None => {
                let mut placed = CardSet::default();
                for hand in &game.hands {
                    placed.0 |= hand.0;
                }
                for pc in &game.discard {
                    placed.insert(pc.card);
                }
                let mut rest: Vec<Card> = Card::all().filter(|c| !placed.contains(*c)).collect();
                game.with_stream(|stream| stream.shuffle(&mut rest));
                // Index 0 is the top: stored top last.
                rest.reverse();
                game.draw = rest;
            }
        }
        debug_assert_eq!(game.card_total(), DECK_SIZE);
        Ok(game)
    }

    /// The game's one random stream (§8) after `position` words: its name is "war-setup"
    /// because its first draws deal the game; play goes on in the same stream.
    pub(super) fn stream_at(seed: &Seed, position: u64) -> Stream {
        Stream::resume(seed, "war-setup", 0, position)
    }

    /// How many cards are in the draw pile, the discard pile and the hands together.
    pub fn card_total(&self) -> usize {
        self.draw.len() + self.discard.len() + self.hands.iter().map(|h| h.len()).sum::<usize>()
    }
}
