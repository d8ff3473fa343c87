//! The Condottiere game state and its public JSON form, the *position*: what a parser reads
//! (`Position`, public fields) apart from the validated `Game` that can be played.

use super::cards::{Card, Hand, KINDS};
use super::map::{Region, REGION_COUNT};
use super::validate::PositionError;
use crate::engine::rng::Stream;
use crate::engine::{Seat, Seed};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Condottiere's options (`game: condottiere`): the optional rules and creation parameters
/// of one game (or series). Absent fields are off.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(as = CondottiereOptions)]
pub struct Options {
    /// Draw After Battle (§3.19.1).
    pub draw_after_battle: bool,
    /// Play for Points: the target of the series (§3.19.2); absent for a single game.
    #[schema(minimum = 1, maximum = 200)]
    pub play_for_points: Option<u32>,
    /// Bigger Kingdoms (§3.19.3).
    pub bigger_kingdoms: bool,
    /// Capturing Regions (§3.19.4).
    pub capturing_regions: bool,
    /// Hidden Cards (§3.19.5).
    pub hidden_cards: bool,
    /// The first holder of the Condottiere token; absent means drawn at random from the seed [R12].
    #[schema(value_type = Option<u8>, minimum = 1)]
    pub first_holder: Option<Seat>,
}

/// A small set of seats, written as a list of seat numbers.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct SeatSet(pub u8);

impl SeatSet {
    pub fn all(players: u8) -> SeatSet {
        SeatSet(((1u16 << players) - 1) as u8)
    }
    pub fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn seats(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::default();
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

impl Serialize for SeatSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.seats().collect::<Vec<_>>().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let seats = Vec::<Seat>::deserialize(deserializer)?;
        if let Some(seat) = seats.iter().find(|s| s.0 >= 8) {
            return Err(serde::de::Error::custom(format!(
                "no seat {}",
                seat.number()
            )));
        }
        Ok(seats.into_iter().collect())
    }
}

/// A card on a battle line. Written as its code ("M5"), or as
/// `{"card": "M10", "face_down": true}` for a face-down card under Hidden Cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineCard {
    pub card: Card,
    pub face_down: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum LineCardForm {
    Code(Card),
    Full {
        card: Card,
        #[serde(default)]
        face_down: bool,
    },
}

impl Serialize for LineCard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.face_down {
            LineCardForm::Full {
                card: self.card,
                face_down: true,
            }
            .serialize(serializer)
        } else {
            LineCardForm::Code(self.card).serialize(serializer)
        }
    }
}

impl<'de> Deserialize<'de> for LineCard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match LineCardForm::deserialize(deserializer)? {
            LineCardForm::Code(card) => LineCard {
                card,
                face_down: false,
            },
            LineCardForm::Full { card, face_down } => LineCard { card, face_down },
        })
    }
}

/// Which battle is being fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum BattleKind {
    /// A battle over the contested region.
    #[default]
    Region,
    /// The tie-break final battle of one game (§3.16).
    Final,
    /// The final battle between players tied on points at the end of a series (§3.19.2).
    SeriesFinal,
}

/// A choice the active player still owes inside his turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// D3: which of his face-up Mercenaries the Scarecrow returns.
    ScarecrowTarget,
    /// D4: where the Pope goes after his Bishop.
    PopePlacement,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Battle {
    #[serde(default)]
    pub kind: BattleKind,
    /// Whose turn it is.
    pub active: Seat,
    /// Who takes part; absent means every seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub participants: Option<SeatSet>,
    /// Who has passed for good.
    #[serde(default)]
    pub passed: SeatSet,
    /// Capturing Regions: whether the defender has played a card in this battle.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub defender_played: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
}

/// One seat's answer to the Draw After Battle draw (D8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawChoice {
    pub seat: Seat,
    pub count: u8,
}

/// What the game waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Step {
    /// The holder places the Condottiere token (D1 when `first`, else D5).
    PlaceToken {
        #[serde(default)]
        first: bool,
    },
    /// A battle is under way (D2, D3, D4, D9, D10, D11).
    Battle(Battle),
    /// Conclusion step 4: players with no Mercenary may discard their hands (D6).
    HandDiscards {
        waiting: SeatSet,
        #[serde(default)]
        discarding: SeatSet,
    },
    /// Round end: the only player with cards keeps up to two (D7).
    Keep { keeper: Seat },
    /// Draw After Battle: how many cards each eligible player draws (D8).
    Draws {
        waiting: SeatSet,
        #[serde(default)]
        chosen: Vec<DrawChoice>,
    },
    /// The game (or the series) is over.
    Over { outcome: Outcome },
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A player reached the total number of regions (§3.14).
    TotalRegions,
    /// A player's largest connected group reached the threshold (§3.14).
    ConnectedRegions,
    /// No available region was left and one player had the most regions (§3.15).
    AllRegionsTaken,
    /// The tie-break final battle had one winner (§3.16).
    FinalBattle,
    /// The final battle ended tied at the top: the victory is shared (§3.16).
    SharedVictory,
    /// Play for Points: the series reached its target and one player had the most points.
    PointsTarget,
}

impl Ending {
    pub fn describe(self) -> &'static str {
        match self {
            Ending::TotalRegions => "won on total regions",
            Ending::ConnectedRegions => "won on adjacent regions",
            Ending::AllRegionsTaken => "all regions taken: the most regions wins",
            Ending::FinalBattle => "won the tie-break final battle",
            Ending::SharedVictory => "shared victory after a tied final battle",
            Ending::PointsTarget => "reached the points target with the most points",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winners: Vec<Seat>,
    pub ending: Ending,
    /// Play for Points: the final running totals, seat by seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<u32>>,
}

/// Play for Points bookkeeping.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Series {
    /// The number of the game being played, from 1.
    pub game: u32,
    /// Running totals, seat by seat.
    pub scores: Vec<u32>,
    /// Who held the token first in the current game.
    pub first_holder: Seat,
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
    /// How many shuffles have been drawn from the seed so far.
    #[serde(default)]
    pub shuffles: u64,
    /// The draw pile, top card first. When absent, every card not placed elsewhere is
    /// shuffled into it from the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Vec<Card>>,
    /// The discard pile, oldest card first.
    #[serde(default)]
    pub discard: Vec<Card>,
    /// Each seat's hand, seat 1 first.
    pub hands: Vec<Hand>,
    /// Each seat's battle line, seat 1 first; absent means every line is empty.
    #[serde(default)]
    pub lines: Vec<Vec<LineCard>>,
    /// The regions each seat controls, seat 1 first; absent means none.
    #[serde(default)]
    pub regions: Vec<Vec<Region>>,
    #[serde(default)]
    pub pope: Option<Region>,
    pub holder: Seat,
    /// Where the Condottiere token stands, if it is on the board.
    #[serde(default)]
    pub contested: Option<Region>,
    pub step: Step,
    /// The round being played (base game), from 1.
    #[serde(default = "one")]
    pub round: u32,
    /// Battles concluded so far.
    #[serde(default)]
    pub battles: u32,
    /// Deals (and Draw After Battle draws) made so far.
    #[serde(default)]
    pub deals: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<Series>,
}

fn one() -> u32 {
    1
}

/// The rules versions this engine can play. Version 1 is the FFG 2006 rules with rulings R1–R32.
pub const RULES_VERSIONS: [u32; 1] = [1];
pub const CURRENT_RULES_VERSION: u32 = 1;

/// A playable game: only built by `setup` or by validating a `Position`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(super) rules_version: u32,
    pub(super) options: Options,
    pub(super) players: u8,
    pub(super) seed: Seed,
    pub(super) shuffles: u64,
    /// Top card last.
    pub(super) draw: Vec<Card>,
    /// Newest card last.
    pub(super) discard: Vec<Card>,
    pub(super) hands: Vec<Hand>,
    pub(super) lines: Vec<Vec<LineCard>>,
    pub(super) owners: [Option<Seat>; REGION_COUNT],
    pub(super) pope: Option<Region>,
    pub(super) holder: Seat,
    pub(super) contested: Option<Region>,
    pub(super) step: Step,
    pub(super) round: u32,
    pub(super) battles: u32,
    pub(super) deals: u32,
    pub(super) series: Option<Series>,
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
    pub fn step(&self) -> &Step {
        &self.step
    }
    pub fn holder(&self) -> Seat {
        self.holder
    }
    pub fn contested(&self) -> Option<Region> {
        self.contested
    }
    pub fn pope(&self) -> Option<Region> {
        self.pope
    }
    pub fn owner(&self, region: Region) -> Option<Seat> {
        self.owners[region.index()]
    }
    pub fn hand(&self, seat: Seat) -> &Hand {
        &self.hands[seat.index()]
    }
    pub fn line(&self, seat: Seat) -> &[LineCard] {
        &self.lines[seat.index()]
    }
    pub fn discard_pile(&self) -> &[Card] {
        &self.discard
    }
    pub fn draw_pile_len(&self) -> usize {
        self.draw.len()
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn battles(&self) -> u32 {
        self.battles
    }
    pub fn deals(&self) -> u32 {
        self.deals
    }
    pub fn series(&self) -> Option<&Series> {
        self.series.as_ref()
    }
    pub fn outcome(&self) -> Option<&Outcome> {
        match &self.step {
            Step::Over { outcome } => Some(outcome),
            _ => None,
        }
    }
    pub fn regions_of(&self, seat: Seat) -> Vec<Region> {
        Region::all()
            .filter(|&r| self.owner(r) == Some(seat))
            .collect()
    }
    pub(super) fn region_mask(&self, seat: Seat) -> u32 {
        self.owners
            .iter()
            .enumerate()
            .filter(|(_, o)| **o == Some(seat))
            .fold(0, |m, (i, _)| m | (1 << i))
    }
    pub(super) fn region_count(&self, seat: Seat) -> usize {
        self.owners.iter().filter(|o| **o == Some(seat)).count()
    }

    /// The public JSON form of this state, deck included.
    pub fn to_position(&self) -> Position {
        Position {
            rules_version: self.rules_version,
            options: self.options.clone(),
            players: self.players,
            seed: self.seed,
            shuffles: self.shuffles,
            deck: Some(self.draw.iter().rev().copied().collect()),
            discard: self.discard.clone(),
            hands: self.hands.clone(),
            lines: self.lines.clone(),
            regions: Seat::all(self.players)
                .map(|s| self.regions_of(s))
                .collect(),
            pope: self.pope,
            holder: self.holder,
            contested: self.contested,
            step: self.step.clone(),
            round: self.round,
            battles: self.battles,
            deals: self.deals,
            series: self.series.clone(),
        }
    }

    /// Build a playable game from a position, or list every problem found in it.
    pub fn from_position(position: Position) -> Result<Game, PositionError> {
        let problems = super::validate::validate(&position);
        if !problems.is_empty() {
            return Err(PositionError(problems));
        }
        let players = position.players;
        let mut owners = [None; REGION_COUNT];
        for (i, regions) in position.regions.iter().enumerate() {
            for r in regions {
                owners[r.index()] = Some(Seat(i as u8));
            }
        }
        let lines = if position.lines.is_empty() {
            vec![Vec::new(); players as usize]
        } else {
            position.lines.clone()
        };
        let mut game = Game {
            rules_version: position.rules_version,
            options: position.options,
            players,
            seed: position.seed,
            shuffles: position.shuffles,
            draw: Vec::new(),
            discard: position.discard,
            hands: position.hands,
            lines,
            owners,
            pope: position.pope,
            holder: position.holder,
            contested: position.contested,
            step: position.step,
            round: position.round,
            battles: position.battles,
            deals: position.deals,
            series: position.series,
        };
        match position.deck {
            Some(deck) => game.draw = deck.into_iter().rev().collect(),
            None => {
                let placed = game.card_counts();
                let mut rest: Vec<Card> = Card::ALL
                    .into_iter()
                    .flat_map(|c| std::iter::repeat_n(c, (c.copies() - placed[c.index()]) as usize))
                    .collect();
                Stream::new(&game.seed, "deck", game.shuffles).shuffle(&mut rest);
                game.shuffles += 1;
                game.draw = rest;
            }
        }
        Ok(game)
    }

    /// How many of each kind are in the draw pile, the discard pile, the hands and the lines.
    pub fn card_counts(&self) -> [u8; KINDS] {
        let mut counts = [0u8; KINDS];
        for card in self.draw.iter().chain(&self.discard) {
            counts[card.index()] += 1;
        }
        for hand in &self.hands {
            for card in Card::ALL {
                counts[card.index()] += hand.count(card);
            }
        }
        for line in &self.lines {
            for lc in line {
                counts[lc.card.index()] += 1;
            }
        }
        counts
    }
}
