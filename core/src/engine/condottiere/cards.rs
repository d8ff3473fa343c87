//! The 110-card Condottiere deck: card kinds with their short codes, and hands as multisets.
//! Cards of one kind are interchangeable, so a card is named by its kind everywhere.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// One kind of card. The order is the display order of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Card {
    M1,
    M2,
    M3,
    M4,
    M5,
    M6,
    M10,
    Heroine,
    Courtesan,
    Drummer,
    Winter,
    Spring,
    Bishop,
    Scarecrow,
    Surrender,
}

pub const KINDS: usize = 15;

impl Card {
    pub const ALL: [Card; KINDS] = [
        Card::M1,
        Card::M2,
        Card::M3,
        Card::M4,
        Card::M5,
        Card::M6,
        Card::M10,
        Card::Heroine,
        Card::Courtesan,
        Card::Drummer,
        Card::Winter,
        Card::Spring,
        Card::Bishop,
        Card::Scarecrow,
        Card::Surrender,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// How many copies of this card the deck holds.
    pub fn copies(self) -> u8 {
        match self {
            Card::M1 => 10,
            Card::M2 | Card::M3 | Card::M4 | Card::M5 | Card::M6 | Card::M10 => 8,
            Card::Heroine => 3,
            Card::Courtesan => 12,
            Card::Drummer => 6,
            Card::Winter | Card::Spring | Card::Surrender => 3,
            Card::Bishop => 6,
            Card::Scarecrow => 16,
        }
    }

    /// The printed value of a Mercenary; `None` for every special card.
    pub fn printed(self) -> Option<u32> {
        match self {
            Card::M1 => Some(1),
            Card::M2 => Some(2),
            Card::M3 => Some(3),
            Card::M4 => Some(4),
            Card::M5 => Some(5),
            Card::M6 => Some(6),
            Card::M10 => Some(10),
            _ => None,
        }
    }

    pub fn is_mercenary(self) -> bool {
        self.printed().is_some()
    }

    /// Bishop and Scarecrow resolve and go straight to the discard pile [R29].
    pub fn is_transient(self) -> bool {
        matches!(self, Card::Bishop | Card::Scarecrow)
    }

    /// Played face down under Hidden Cards [R24].
    pub fn is_hidden_type(self) -> bool {
        self.is_mercenary() || matches!(self, Card::Drummer | Card::Heroine | Card::Courtesan)
    }

    pub fn code(self) -> &'static str {
        match self {
            Card::M1 => "M1",
            Card::M2 => "M2",
            Card::M3 => "M3",
            Card::M4 => "M4",
            Card::M5 => "M5",
            Card::M6 => "M6",
            Card::M10 => "M10",
            Card::Heroine => "HE",
            Card::Courtesan => "CO",
            Card::Drummer => "DR",
            Card::Winter => "WI",
            Card::Spring => "SP",
            Card::Bishop => "BI",
            Card::Scarecrow => "SC",
            Card::Surrender => "SU",
        }
    }

    pub fn from_code(code: &str) -> Option<Card> {
        Card::ALL.into_iter().find(|c| c.code() == code)
    }

    /// The English name shown to people.
    pub fn name(self) -> &'static str {
        match self {
            Card::M1 => "Mercenary 1",
            Card::M2 => "Mercenary 2",
            Card::M3 => "Mercenary 3",
            Card::M4 => "Mercenary 4",
            Card::M5 => "Mercenary 5",
            Card::M6 => "Mercenary 6",
            Card::M10 => "Mercenary 10",
            Card::Heroine => "Heroine",
            Card::Courtesan => "Courtesan",
            Card::Drummer => "Drummer",
            Card::Winter => "Winter",
            Card::Spring => "Spring",
            Card::Bishop => "Bishop",
            Card::Scarecrow => "Scarecrow",
            Card::Surrender => "Surrender",
        }
    }

    /// All 110 cards in the canonical order the first shuffle starts from.
    pub fn full_deck() -> Vec<Card> {
        Card::ALL
            .into_iter()
            .flat_map(|c| std::iter::repeat_n(c, c.copies() as usize))
            .collect()
    }
}

pub const DECK_SIZE: usize = 110;

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let code = String::deserialize(deserializer)?;
        Card::from_code(&code).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown card {code:?}: use M1 M2 M3 M4 M5 M6 M10 WI SP BI CO DR HE SC SU"
            ))
        })
    }
}

crate::engine::schema::schema!(
    Card,
    "Card",
    crate::engine::schema::names(
        Card::ALL.iter().map(|c| c.code()),
        "A Condottiere card by code (docs/formats.md)."
    )
);

/// A hand: how many of each kind. Serialized as a sorted list of card codes.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct Hand([u8; KINDS]);

impl Hand {
    pub fn count(&self, card: Card) -> u8 {
        self.0[card.index()]
    }
    pub fn has(&self, card: Card) -> bool {
        self.count(card) > 0
    }
    pub fn add(&mut self, card: Card) {
        self.0[card.index()] += 1;
    }
    /// Take one card out; false when the hand has none of it.
    pub fn remove(&mut self, card: Card) -> bool {
        let slot = &mut self.0[card.index()];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        true
    }
    pub fn len(&self) -> usize {
        self.0.iter().map(|&n| n as usize).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }
    pub fn has_mercenary(&self) -> bool {
        Card::ALL[..7].iter().any(|&c| self.has(c))
    }
    /// The kinds present, each once, in display order.
    pub fn kinds(&self) -> impl Iterator<Item = Card> + '_ {
        Card::ALL.into_iter().filter(|&c| self.has(c))
    }
    /// Every card, one entry per copy, in display order.
    pub fn cards(&self) -> Vec<Card> {
        Card::ALL
            .into_iter()
            .flat_map(|c| std::iter::repeat_n(c, self.count(c) as usize))
            .collect()
    }
    pub fn clear(&mut self) -> Vec<Card> {
        let cards = self.cards();
        self.0 = [0; KINDS];
        cards
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut hand = Hand::default();
        for card in iter {
            hand.add(card);
        }
        hand
    }
}

impl Serialize for Hand {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.cards().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Hand {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        if cards.len() > DECK_SIZE {
            return Err(serde::de::Error::custom(
                "a hand cannot hold more than 110 cards",
            ));
        }
        Ok(cards.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_has_110_cards_58_mercenaries_worth_250() {
        let deck = Card::full_deck();
        assert_eq!(deck.len(), 110);
        let mercs: Vec<u32> = deck.iter().filter_map(|c| c.printed()).collect();
        assert_eq!(mercs.len(), 58);
        assert_eq!(mercs.iter().sum::<u32>(), 250);
    }

    #[test]
    fn every_code_round_trips() {
        for card in Card::ALL {
            assert_eq!(Card::from_code(card.code()), Some(card));
        }
        assert_eq!(Card::from_code("M7"), None);
    }

    #[test]
    fn only_bishop_and_scarecrow_are_transient() {
        let transient: Vec<Card> = Card::ALL.into_iter().filter(|c| c.is_transient()).collect();
        assert_eq!(transient, vec![Card::Bishop, Card::Scarecrow]);
    }
}
