//! How a War form's fields become an action: numbers per territory, checked cards, a route, a
//! plan, read back as `forms.rs` named them, with a message in the reader's words per problem.

use super::forms::{CLASSES, WHENS};
use super::territory_in;
use crate::engine::war::{
    Action, Amount, AttackReroll, AttackTerrain, Block, Card, CardClass, Continent, DefenceReroll,
    DefenceTerrain, Direction, Occupy, Plan, React, RerollWhen, Split, StandingOrders, Territory,
    TerritoryCounts,
};
use crate::present::Words;
use std::collections::BTreeMap;

struct Fields<'a>(&'a [(String, String)]);

impl<'a> Fields<'a> {
    fn get(&self, name: &str) -> Option<&'a str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.trim())
    }
    fn all(&self, name: &str) -> Vec<&'a str> {
        self.0
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.trim())
            .collect()
    }
    fn prefixed(&self, prefix: &'a str) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        self.0
            .iter()
            .filter_map(move |(n, v)| n.strip_prefix(prefix).map(|rest| (rest, v.trim())))
    }
}

fn unknown(words: &Words, value: &str) -> String {
    words.one("war-form-problem-unknown", "value", value)
}

/// A whole number from a field; empty reads as `empty`.
fn whole(
    words: &Words,
    value: Option<&str>,
    label: &str,
    empty: Option<u32>,
) -> Result<u32, String> {
    match value.unwrap_or("") {
        "" => empty.ok_or_else(|| words.one("war-form-problem-number", "field", label)),
        text => text
            .parse()
            .map_err(|_| words.one("war-form-problem-number", "field", label)),
    }
}

fn read_territory(words: &Words, id: &str) -> Result<Territory, String> {
    Territory::from_id(id).ok_or_else(|| unknown(words, id))
}

fn read_card(words: &Words, id: &str) -> Result<Card, String> {
    Card::from_id(id).ok_or_else(|| unknown(words, id))
}

fn read_cards(words: &Words, ids: &[&str]) -> Result<Vec<Card>, String> {
    ids.iter().map(|id| read_card(words, id)).collect()
}

/// The cards checked in a form's `card` boxes: at least one.
fn checked_cards(words: &Words, fields: &Fields) -> Result<Vec<Card>, String> {
    let cards = read_cards(words, &fields.all("card"))?;
    if cards.is_empty() {
        return Err(words.get("war-form-problem-no-cards"));
    }
    Ok(cards)
}

fn read_route(
    words: &Words,
    fields: &Fields,
    label: &str,
) -> Result<(Territory, Territory), String> {
    let route = fields
        .get("route")
        .filter(|r| !r.is_empty())
        .ok_or_else(|| words.one("war-form-problem-choose", "field", label))?;
    let (from, to) = route.split_once(':').ok_or_else(|| unknown(words, route))?;
    Ok((read_territory(words, from)?, read_territory(words, to)?))
}

fn read_classes(words: &Words, values: &[&str]) -> Result<Vec<CardClass>, String> {
    values
        .iter()
        .map(|v| {
            CLASSES
                .iter()
                .find(|(_, id)| id == v)
                .map(|(c, _)| *c)
                .ok_or_else(|| unknown(words, v))
        })
        .collect()
}

fn read_when(words: &Words, value: Option<&str>) -> Result<RerollWhen, String> {
    let value = value.unwrap_or("never");
    WHENS
        .iter()
        .find(|(_, id)| *id == value)
        .map(|(w, _)| *w)
        .ok_or_else(|| unknown(words, value))
}

/// The plan fields of an attack, air attack or continuation.
fn read_plan(words: &Words, fields: &Fields) -> Result<Plan, String> {
    let label = |id: &str| words.get(id);
    let dice = whole(
        words,
        fields.get("dice"),
        &label("war-form-plan-dice"),
        Some(3),
    )?;
    let stop_at = whole(
        words,
        fields.get("stop_at"),
        &label("war-form-plan-stop-at"),
        Some(1),
    )?;
    let max_battles = match fields.get("max_battles").unwrap_or("") {
        "" => None,
        text => Some(whole(
            words,
            Some(text),
            &label("war-form-plan-max-battles"),
            None,
        )?),
    };
    let occupy_n = || {
        whole(
            words,
            fields.get("occupy_n"),
            &label("war-form-plan-occupy-number"),
            None,
        )
        .map_err(|_| words.get("war-form-problem-occupy-number"))
    };
    let occupy = match fields.get("occupy").unwrap_or("dice") {
        "dice" => Occupy::Dice,
        "all" => Occupy::All,
        "min" => Occupy::Min,
        "ask" => Occupy::Ask,
        "exactly" => Occupy::Exactly(occupy_n()?),
        "leave" => Occupy::Leave(occupy_n()?),
        other => return Err(unknown(words, other)),
    };
    let terrain = match fields.get("terrain").unwrap_or("never") {
        "never" => AttackTerrain::Never,
        "at_declaration" => AttackTerrain::AtDeclaration,
        "when_needed" => AttackTerrain::WhenNeeded,
        other => return Err(unknown(words, other)),
    };
    let react = match fields.get("react").unwrap_or("auto") {
        "auto" => React::Auto,
        "ask" => React::Ask,
        other => return Err(unknown(words, other)),
    };
    let classes = read_classes(words, &fields.all("class"))?;
    Ok(Plan {
        dice: u8::try_from(dice).unwrap_or(u8::MAX),
        stop_at,
        max_battles,
        terrain,
        reroll: AttackReroll {
            when: read_when(words, fields.get("when"))?,
            classes: if classes.is_empty() {
                vec![CardClass::Unowned]
            } else {
                classes
            },
            max_cards: whole(
                words,
                fields.get("max_cards"),
                &label("war-form-reroll-max"),
                Some(1),
            )?,
            reserve: whole(
                words,
                fields.get("reserve"),
                &label("war-form-reroll-reserve"),
                Some(0),
            )?,
            keep: Vec::new(),
        },
        react,
        occupy,
    })
}

fn read_block(words: &Words, fields: &Fields, prefix: &str) -> Result<Block, String> {
    let get = |name: &str| fields.get(&format!("{prefix}{name}"));
    let terrain = match get("terrain").unwrap_or("never") {
        "never" => DefenceTerrain::Never,
        "when_needed" => DefenceTerrain::WhenNeeded,
        "always" => DefenceTerrain::Always,
        other => return Err(unknown(words, other)),
    };
    let classes = read_classes(words, &fields.all(&format!("{prefix}class")))?;
    Ok(Block {
        terrain,
        reroll: DefenceReroll {
            when: read_when(words, get("when"))?,
            classes: if classes.is_empty() {
                vec![CardClass::Unowned]
            } else {
                classes
            },
            max_cards_per_turn: whole(
                words,
                get("max"),
                &words.get("war-form-reroll-max-turn"),
                Some(1),
            )?,
            reserve: whole(
                words,
                get("reserve"),
                &words.get("war-form-reroll-reserve"),
                Some(0),
            )?,
            keep: read_cards(words, &fields.all(&format!("{prefix}keep")))?,
        },
    })
}

/// The action a War form's fields stand for, or what is wrong with them in the reader's
/// words; `None` when the fields are not one of War's forms.
pub(super) fn action_from_form(
    fields: &[(String, String)],
    words: &Words,
) -> Option<Result<Action, String>> {
    let fields = Fields(fields);
    let form = fields.get("war")?;
    Some(read_form(form, &fields, words))
}

fn read_form(form: &str, fields: &Fields, words: &Words) -> Result<Action, String> {
    match form {
        "intelligence" => {
            let continents = fields
                .all("continent")
                .iter()
                .map(|id| Continent::from_id(id).ok_or_else(|| unknown(words, id)))
                .collect::<Result<Vec<_>, _>>()?;
            if continents.is_empty() {
                return Err(words.get("war-form-problem-no-continents"));
            }
            Ok(Action::Intelligence { continents })
        }
        "trade" => Ok(Action::Trade {
            cards: checked_cards(words, fields)?,
        }),
        "place" => {
            let mut armies = TerritoryCounts::default();
            for (id, value) in fields.prefixed("place-") {
                let t = read_territory(words, id)?;
                let n = whole(words, Some(value), &territory_in(words, t), Some(0))?;
                armies.set(t, n);
            }
            Ok(Action::Place { armies })
        }
        "attack" => {
            let (from, to) = read_route(words, fields, &words.get("war-form-attack-route"))?;
            Ok(Action::Attack {
                from,
                to,
                air_card: None,
                plan: read_plan(words, fields)?,
            })
        }
        "air" => {
            let choose = |field: &str| {
                fields.get(field).filter(|v| !v.is_empty()).ok_or_else(|| {
                    words.one(
                        "war-form-problem-choose",
                        "field",
                        words.get(if field == "card" {
                            "war-form-air-card"
                        } else {
                            "war-form-air-source"
                        }),
                    )
                })
            };
            let air = read_card(words, choose("card")?)?;
            let to = air.territory().ok_or_else(|| unknown(words, air.id()))?;
            let from = read_territory(words, choose("from")?)?;
            Ok(Action::Attack {
                from,
                to,
                air_card: Some(air),
                plan: read_plan(words, fields)?,
            })
        }
        "continue" => Ok(Action::Continue {
            plan: read_plan(words, fields)?,
        }),
        "occupy" => Ok(Action::Occupy {
            armies: whole(
                words,
                fields.get("armies"),
                &words.get("war-form-occupy-button"),
                None,
            )?,
        }),
        "move" => {
            let (from, to) = read_route(words, fields, &words.get("war-form-move-route"))?;
            let text = fields.get("armies").unwrap_or("").to_lowercase();
            // The catalog's word for "all" (the field's default), or the English one.
            let all = words.get("war-form-move-all").to_lowercase();
            let armies = match text.trim() {
                t if t == "all" || t == all => Amount::All,
                other => match other.parse::<u32>() {
                    Ok(k) if k >= 1 => Amount::Exactly(k),
                    _ => return Err(words.get("war-form-problem-amount")),
                },
            };
            Ok(Action::Move { from, to, armies })
        }
        "transport" => {
            let card = read_card(words, fields.get("card").unwrap_or(""))?;
            let direction = match fields.get("direction").unwrap_or("out") {
                "out" => Direction::Out,
                "in" => Direction::In,
                other => return Err(unknown(words, other)),
            };
            let mut armies = TerritoryCounts::default();
            for (id, value) in fields.prefixed("armies-") {
                let t = read_territory(words, id)?;
                armies.set(
                    t,
                    whole(words, Some(value), &territory_in(words, t), Some(0))?,
                );
            }
            Ok(Action::AirTransport {
                card,
                direction,
                armies,
            })
        }
        "alliance" => {
            let card = read_card(words, fields.get("card").unwrap_or(""))?;
            let mut armies: BTreeMap<Territory, Split> = BTreeMap::new();
            for (id, value) in fields.prefixed("fresh-") {
                let t = read_territory(words, id)?;
                armies.entry(t).or_default().fresh =
                    whole(words, Some(value), &territory_in(words, t), Some(0))?;
            }
            for (id, value) in fields.prefixed("moved-") {
                let t = read_territory(words, id)?;
                armies.entry(t).or_default().moved =
                    whole(words, Some(value), &territory_in(words, t), Some(0))?;
            }
            Ok(Action::ContinentalAlliance { card, armies })
        }
        "end_turn" => {
            let cards = read_cards(words, &fields.all("discard"))?;
            Ok(Action::EndTurn {
                discard: (!cards.is_empty()).then_some(cards),
            })
        }
        "discard" => Ok(Action::Discard {
            cards: checked_cards(words, fields)?,
        }),
        "orders" => {
            let mut orders = StandingOrders {
                default: read_block(words, fields, "d-")?,
                territories: BTreeMap::new(),
            };
            for id in fields.all("block") {
                let t = read_territory(words, id)?;
                if fields.get(&format!("t-{id}-drop")).is_some() {
                    continue;
                }
                orders
                    .territories
                    .insert(t, read_block(words, fields, &format!("t-{id}-"))?);
            }
            match fields.get("n-territory").unwrap_or("") {
                "" => {}
                id => {
                    let t = read_territory(words, id)?;
                    orders
                        .territories
                        .insert(t, read_block(words, fields, "n-")?);
                }
            }
            Ok(Action::SetOrders { orders })
        }
        other => Err(unknown(words, other)),
    }
}
