//! What a player decides in advance: standing orders for defence (§9.3, D7) and attack plans
//! (§9.4), plus the relative amounts a script may write (§9.2). All of it is plain data with
//! defaults, so a hand-written `{}` is a valid block or plan.

use super::cards::Card;
use super::map::Territory;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;

/// When the defender reveals Conhecimento de Terreno (§9.3). Default `never` [R31].
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[schema(as = WarDefenceTerrain)]
pub enum DefenceTerrain {
    #[default]
    Never,
    WhenNeeded,
    Always,
}

/// When the attacker's plan reveals Conhecimento de Terreno (§9.4).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[schema(as = WarAttackTerrain)]
pub enum AttackTerrain {
    #[default]
    Never,
    AtDeclaration,
    WhenNeeded,
}

/// The trigger of a reroll order: a pending loss of at least j armies (of B for a defender, of
/// A for an attacker), or B being conquered (defenders only).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema,
)]
#[schema(as = WarRerollWhen)]
pub enum RerollWhen {
    #[default]
    #[serde(rename = "never")]
    Never,
    #[serde(rename = "loss_1")]
    Loss1,
    #[serde(rename = "loss_2")]
    Loss2,
    #[serde(rename = "loss_3")]
    Loss3,
    #[serde(rename = "losing_territory")]
    LosingTerritory,
}

/// The class of a card spent on Reagrupamento Tático, judged from its user (§5.4.7, R16).
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
#[schema(as = WarCardClass)]
pub enum CardClass {
    /// A territory the user does not own: 1 die, 2 … 6.
    Unowned,
    /// A territory the user owns: up to 2 dice, 3 … 6.
    Owned,
    /// A joker: up to 3 dice, 4 … 6.
    Joker,
}

impl CardClass {
    /// How many own dice a card of this class rerolls at most, and their new minimum.
    pub fn power(self) -> (usize, u8) {
        match self {
            CardClass::Unowned => (1, 2),
            CardClass::Owned => (2, 3),
            CardClass::Joker => (3, 4),
        }
    }
}

fn unowned_only() -> Vec<CardClass> {
    vec![CardClass::Unowned]
}

fn one() -> u32 {
    1
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// The reroll part of a standing-orders block (§9.3).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(as = WarDefenceReroll)]
pub struct DefenceReroll {
    pub when: RerollWhen,
    /// Ordered subset of the classes to try.
    pub classes: Vec<CardClass>,
    /// Cards this seat may spend in one opponent's turn, all orders together.
    pub max_cards_per_turn: u32,
    /// Never spend a card if the hand would drop below this.
    pub reserve: u32,
    /// Cards these orders must never spend.
    pub keep: Vec<Card>,
}

impl Default for DefenceReroll {
    fn default() -> Self {
        DefenceReroll {
            when: RerollWhen::Never,
            classes: unowned_only(),
            max_cards_per_turn: 1,
            reserve: 0,
            keep: Vec::new(),
        }
    }
}

/// One block of standing orders.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(as = WarBlock)]
pub struct Block {
    pub terrain: DefenceTerrain,
    pub reroll: DefenceReroll,
}

/// A seat's standing orders: a default block and blocks for single territories that replace it
/// there (§9.3). The defaults never reveal or spend anything [R31].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(as = WarOrders)]
pub struct StandingOrders {
    pub default: Block,
    /// Blocks by territory id (WarTerritory).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub territories: BTreeMap<Territory, Block>,
}

impl StandingOrders {
    /// The block that applies to an attack on `territory`.
    pub fn block(&self, territory: Territory) -> &Block {
        self.territories.get(&territory).unwrap_or(&self.default)
    }
    pub fn is_default(&self) -> bool {
        *self == StandingOrders::default()
    }
}

/// The reroll part of an attack plan (§9.4): like the defender's, with the trigger on A's
/// pending loss and a budget for this plan.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(as = WarAttackReroll)]
pub struct AttackReroll {
    pub when: RerollWhen,
    pub classes: Vec<CardClass>,
    pub max_cards: u32,
    pub reserve: u32,
    pub keep: Vec<Card>,
}

impl Default for AttackReroll {
    fn default() -> Self {
        AttackReroll {
            when: RerollWhen::Never,
            classes: unowned_only(),
            max_cards: 1,
            reserve: 0,
            keep: Vec::new(),
        }
    }
}

/// Who answers the attacker's reaction steps: the plan (`auto`) or the player by mail (D3).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[schema(as = WarReact)]
pub enum React {
    #[default]
    Auto,
    Ask,
}

/// How many armies move in after a conquest (§9.4); every value is clamped to 1 … armies(A) − 1.
/// Written `"dice"`, `"all"`, `"min"`, a number, `"leave:m"` or `"ask"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Occupy {
    /// The number of dice rolled in the conquering battle (D4's default).
    #[default]
    Dice,
    All,
    Min,
    Exactly(u32),
    Leave(u32),
    /// Prompt D4.
    Ask,
}

/// An amount of armies for a move (§9.2): `k`, `"all"` = min(fresh, armies − 1), or
/// `"leave:m"` = min(fresh, armies − m); resolved when the move is applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Amount {
    Exactly(u32),
    All,
    Leave(u32),
}

impl Amount {
    /// The armies this amount moves out of a territory with these armies, `None` below 1.
    pub fn resolve(self, fresh: u32, armies: u32) -> Option<u32> {
        let k = match self {
            Amount::Exactly(k) => k,
            Amount::All => fresh.min(armies.saturating_sub(1)),
            Amount::Leave(m) => fresh.min(armies.saturating_sub(m)),
        };
        (k >= 1).then_some(k)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum NumberOrWord {
    Number(u32),
    Word(String),
}

fn parse_leave(word: &str) -> Option<u32> {
    word.strip_prefix("leave:")
        .or_else(|| word.strip_prefix("leave "))
        .and_then(|m| m.trim().parse().ok())
}

impl Serialize for Occupy {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Occupy::Dice => serializer.serialize_str("dice"),
            Occupy::All => serializer.serialize_str("all"),
            Occupy::Min => serializer.serialize_str("min"),
            Occupy::Ask => serializer.serialize_str("ask"),
            Occupy::Exactly(k) => serializer.serialize_u32(*k),
            Occupy::Leave(m) => serializer.serialize_str(&format!("leave:{m}")),
        }
    }
}

impl<'de> Deserialize<'de> for Occupy {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match NumberOrWord::deserialize(deserializer)? {
            NumberOrWord::Number(k) => Ok(Occupy::Exactly(k)),
            NumberOrWord::Word(w) => match w.as_str() {
                "dice" => Ok(Occupy::Dice),
                "all" => Ok(Occupy::All),
                "min" => Ok(Occupy::Min),
                "ask" => Ok(Occupy::Ask),
                other => parse_leave(other).map(Occupy::Leave).ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "occupy is dice, all, min, a number, leave:<m> or ask, not {other:?}"
                    ))
                }),
            },
        }
    }
}

impl Serialize for Amount {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Amount::Exactly(k) => serializer.serialize_u32(*k),
            Amount::All => serializer.serialize_str("all"),
            Amount::Leave(m) => serializer.serialize_str(&format!("leave:{m}")),
        }
    }
}

impl<'de> Deserialize<'de> for Amount {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match NumberOrWord::deserialize(deserializer)? {
            NumberOrWord::Number(k) => Ok(Amount::Exactly(k)),
            NumberOrWord::Word(w) if w == "all" => Ok(Amount::All),
            NumberOrWord::Word(w) => parse_leave(&w).map(Amount::Leave).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "an amount is a number, \"all\" or \"leave:<m>\", not {w:?}"
                ))
            }),
        }
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Amount::Exactly(k) => write!(f, "{k}"),
            Amount::All => f.write_str("all"),
            Amount::Leave(m) => write!(f, "all but {m}"),
        }
    }
}

crate::engine::schema::schema!(
    Occupy,
    "WarOccupy",
    crate::engine::schema::number_or_word(
        "^(dice|all|min|ask|leave:[0-9]+)$",
        "How many armies move into a conquered territory: a number, dice, all, min, \
         leave:<m> or ask."
    )
);

crate::engine::schema::schema!(
    Amount,
    "WarAmount",
    crate::engine::schema::number_or_word(
        "^(all|leave:[0-9]+)$",
        "How many armies move: a number, all or leave:<m>."
    )
);

fn three() -> u8 {
    3
}

/// An attack plan (§9.4): how the battles of one attack (or its continuation) are fought
/// without further mail. Every field has a default; `{}` is "3 dice to the end, occupy with
/// the dice rolled, no reactions".
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = WarPlan)]
pub struct Plan {
    /// 1 … 3, clamped each battle to armies(A) − 1.
    #[serde(default = "three")]
    #[schema(minimum = 1, maximum = 3)]
    pub dice: u8,
    /// Before each battle: stop if armies(A) ≤ stop_at (at least 1).
    #[serde(default = "one")]
    #[schema(minimum = 1)]
    pub stop_at: u32,
    /// A cap on the battles of this plan.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1)]
    pub max_battles: Option<u32>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub terrain: AttackTerrain,
    #[serde(default, skip_serializing_if = "is_default")]
    pub reroll: AttackReroll,
    #[serde(default, skip_serializing_if = "is_default")]
    pub react: React,
    #[serde(default, skip_serializing_if = "is_default")]
    pub occupy: Occupy,
}

impl Default for Plan {
    fn default() -> Self {
        Plan {
            dice: 3,
            stop_at: 1,
            max_battles: None,
            terrain: AttackTerrain::Never,
            reroll: AttackReroll::default(),
            react: React::Auto,
            occupy: Occupy::Dice,
        }
    }
}

impl Plan {
    /// What is wrong with this plan's numbers, if anything (§9.4).
    pub fn problem(&self) -> Option<&'static str> {
        if !(1..=3).contains(&self.dice) {
            return Some("dice must be 1, 2 or 3");
        }
        if self.stop_at == 0 {
            return Some("stop_at must be at least 1");
        }
        if self.max_battles == Some(0) {
            return Some("max_battles must be at least 1");
        }
        if self.reroll.when == RerollWhen::LosingTerritory {
            return Some("losing_territory is a defender's trigger, not available in a plan");
        }
        if matches!(self.occupy, Occupy::Exactly(0)) {
            return Some("occupy must move at least 1 army");
        }
        if has_duplicates(&self.reroll.classes) {
            return Some("reroll.classes lists a class twice");
        }
        None
    }
}

pub(super) fn has_duplicates<T: PartialEq>(items: &[T]) -> bool {
    items
        .iter()
        .enumerate()
        .any(|(i, a)| items[i + 1..].contains(a))
}

impl StandingOrders {
    /// What is wrong with these orders, if anything (§9.3).
    pub fn problem(&self) -> Option<&'static str> {
        std::iter::once(&self.default)
            .chain(self.territories.values())
            .find_map(|b| {
                has_duplicates(&b.reroll.classes).then_some("reroll.classes lists a class twice")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_plan_is_the_default_plan_and_occupy_words_round_trip() {
        let plan: Plan = serde_json::from_str("{}").unwrap();
        assert_eq!(plan, Plan::default());
        for (text, occupy) in [
            ("\"dice\"", Occupy::Dice),
            ("\"all\"", Occupy::All),
            ("\"min\"", Occupy::Min),
            ("\"ask\"", Occupy::Ask),
            ("5", Occupy::Exactly(5)),
            ("\"leave:2\"", Occupy::Leave(2)),
        ] {
            assert_eq!(serde_json::from_str::<Occupy>(text).unwrap(), occupy);
            assert_eq!(serde_json::to_string(&occupy).unwrap(), text);
        }
        assert!(serde_json::from_str::<Occupy>("\"most\"").is_err());
    }

    #[test]
    fn amounts_resolve_against_the_fresh_armies_at_execution() {
        assert_eq!(Amount::All.resolve(3, 5), Some(3));
        assert_eq!(Amount::All.resolve(5, 5), Some(4));
        assert_eq!(Amount::Leave(2).resolve(5, 5), Some(3));
        assert_eq!(Amount::Leave(5).resolve(5, 5), None);
        assert_eq!(Amount::Exactly(0).resolve(5, 5), None);
        assert_eq!(
            serde_json::from_str::<Amount>("\"leave:3\"").unwrap(),
            Amount::Leave(3)
        );
    }

    #[test]
    fn standing_orders_default_to_never_and_read_per_territory_blocks() {
        let orders: StandingOrders = serde_json::from_str(
            r#"{"territories": {"india": {"terrain": "when_needed", "reroll": {"when": "loss_2"}}}}"#,
        )
        .unwrap();
        assert_eq!(orders.default, Block::default());
        let india = orders.block(Territory::India);
        assert_eq!(india.terrain, DefenceTerrain::WhenNeeded);
        assert_eq!(india.reroll.when, RerollWhen::Loss2);
        assert_eq!(india.reroll.classes, vec![CardClass::Unowned]);
        assert_eq!(india.reroll.max_cards_per_turn, 1);
    }
}
