//! The 44 game cards (§3.4), card sets, the six colours (§3.6) and the "destroy a colour"
//! objectives (§3.5).

use super::map::{Symbol, Territory, TERRITORY_COUNT};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The number of game cards: 42 territories and 2 jokers.
pub const DECK_SIZE: usize = 44;

/// One game card by its number: 1 … 42 are territory cards (card n is territory n), 43 and 44
/// the jokers `coringa_1` and `coringa_2`. Written by the territory id or the joker id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    pub const JOKER_1: Card = Card(43);
    pub const JOKER_2: Card = Card(44);

    pub fn from_number(number: u8) -> Option<Card> {
        (1..=DECK_SIZE as u8)
            .contains(&number)
            .then_some(Card(number))
    }
    pub fn of(territory: Territory) -> Card {
        Card(territory.number())
    }
    /// 1 … 44.
    pub fn number(self) -> u8 {
        self.0
    }
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
    pub fn all() -> impl Iterator<Item = Card> {
        (1..=DECK_SIZE as u8).map(Card)
    }
    pub fn is_joker(self) -> bool {
        self.0 as usize > TERRITORY_COUNT
    }
    /// The territory on the card; `None` for a joker.
    pub fn territory(self) -> Option<Territory> {
        (!self.is_joker()).then(|| Territory::from_index(self.index()))
    }
    /// The symbol; `None` for a joker (it counts as any symbol).
    pub fn symbol(self) -> Option<Symbol> {
        self.territory().map(Territory::symbol)
    }
    pub fn id(self) -> &'static str {
        match self.territory() {
            Some(t) => t.id(),
            None if self == Card::JOKER_1 => "coringa_1",
            None => "coringa_2",
        }
    }
    pub fn from_id(id: &str) -> Option<Card> {
        if id.eq_ignore_ascii_case("coringa_1") {
            return Some(Card::JOKER_1);
        }
        if id.eq_ignore_ascii_case("coringa_2") {
            return Some(Card::JOKER_2);
        }
        Territory::from_id(id).map(Card::of)
    }
    fn bit(self) -> u64 {
        1u64 << self.index()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.territory() {
            Some(t) => write!(f, "the {} card", t.name()),
            None => write!(f, "joker {}", self.0 - 42),
        }
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
        Card::from_id(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "no card {text:?}: a territory id or coringa_1 / coringa_2"
            ))
        })
    }
}

crate::engine::schema::schema!(
    Card,
    "WarCard",
    crate::engine::schema::names(
        Card::all().map(|c| c.id()),
        "A War card: a territory's id, or one of the two jokers."
    )
);

/// A set of cards as a bit mask; lists come out in card-number order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    pub fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }
    pub fn insert(&mut self, card: Card) {
        self.0 |= card.bit();
    }
    pub fn remove(&mut self, card: Card) {
        self.0 &= !card.bit();
    }
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }
    pub fn len(&self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Card(i + 1))
        })
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::default();
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.iter().collect::<Vec<_>>().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Vec::<Card>::deserialize(deserializer)?
            .into_iter()
            .collect())
    }
}

/// A player's colour, in the canonical order of §3.6.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[schema(as = WarColour)]
pub enum Colour {
    Branco,
    Preto,
    Vermelho,
    Azul,
    Amarelo,
    Verde,
}

impl Colour {
    pub const ALL: [Colour; 6] = [
        Colour::Branco,
        Colour::Preto,
        Colour::Vermelho,
        Colour::Azul,
        Colour::Amarelo,
        Colour::Verde,
    ];
    pub fn id(self) -> &'static str {
        ["branco", "preto", "vermelho", "azul", "amarelo", "verde"][self as usize]
    }
    pub fn english(self) -> &'static str {
        ["white", "black", "red", "blue", "yellow", "green"][self as usize]
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.english())
    }
}

/// A "destroy a colour" objective card (§3.5), written `destruir_<colour>` as its id says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Objective(pub Colour);

impl Objective {
    pub fn id(self) -> &'static str {
        [
            "destruir_branco",
            "destruir_preto",
            "destruir_vermelho",
            "destruir_azul",
            "destruir_amarelo",
            "destruir_verde",
        ][self.0 as usize]
    }
    pub fn target(self) -> Colour {
        self.0
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "destroy the {} armies", self.0)
    }
}

impl Serialize for Objective {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Objective {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
        Colour::ALL
            .into_iter()
            .map(Objective)
            .find(|o| o.id().eq_ignore_ascii_case(&text))
            .ok_or_else(|| serde::de::Error::custom(format!("no objective {text:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_has_42_territory_cards_and_2_jokers_with_stable_ids() {
        assert_eq!(Card::all().count(), DECK_SIZE);
        assert_eq!(Card::all().filter(|c| c.is_joker()).count(), 2);
        for card in Card::all() {
            assert_eq!(Card::from_id(card.id()), Some(card));
            let json = serde_json::to_string(&card).unwrap();
            assert_eq!(serde_json::from_str::<Card>(&json).unwrap(), card);
        }
        assert_eq!(Card::from_id("coringa_1").unwrap().number(), 43);
        assert_eq!(Card::from_id("australia").unwrap().number(), 42);
    }

    #[test]
    fn card_sets_list_in_card_number_order() {
        let set: CardSet = [
            Card::JOKER_2,
            Card::from_number(3).unwrap(),
            Card::from_number(1).unwrap(),
        ]
        .into_iter()
        .collect();
        let numbers: Vec<u8> = set.iter().map(|c| c.number()).collect();
        assert_eq!(numbers, [1, 3, 44]);
    }
}
