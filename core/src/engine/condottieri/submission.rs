//! A power's orders for one phase as lines arrive (§6.5, §15.2): an accepted line replaces the
//! unit's earlier order, `CLEAR`/`LIMPAR` removes one or all, a refused line changes nothing.

use super::map::fold;
use super::orders::{Order, Orders};
use super::state::{Position, Power};
use super::written::{accept, Rejection};
use serde::{Deserialize, Serialize};

/// What an accepted line did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "applied")]
pub enum Applied {
    /// The unit's order is now this one (replacing any earlier one).
    Set { id: u32, order: Order },
    /// The unit has no order any more (it will hold, D1).
    Cleared { id: u32 },
    /// All the sender's orders were removed.
    ClearedAll { count: usize },
}

/// Applies one line of `power` to its `orders` for the phase starting at `position`.
pub fn apply_line(
    orders: &mut Orders,
    position: &Position,
    power: Power,
    text: &str,
) -> Result<Applied, Rejection> {
    let folded = fold(text);
    let mut words = folded.splitn(2, ' ');
    if matches!(words.next(), Some("CLEAR" | "LIMPAR")) {
        let mine = |id: &u32| position.unit(*id).is_some_and(|u| u.owner == Some(power));
        return match words.next() {
            None => {
                let before = orders.len();
                orders.retain(|id, _| !mine(id));
                Ok(Applied::ClearedAll {
                    count: before - orders.len(),
                })
            }
            Some(unit) => {
                // Read the unit as the head of a hold order, so names follow R56.
                let (id, _) = accept(position, power, &format!("{unit} H"))?;
                orders.remove(&id);
                Ok(Applied::Cleared { id })
            }
        };
    }
    let (id, order) = accept(position, power, text)?;
    orders.insert(id, order);
    Ok(Applied::Set { id, order })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::condottieri::map::Area;
    use crate::engine::condottieri::orders::Illegal;
    use crate::engine::condottieri::scenario::Scenario;

    #[test]
    fn lines_replace_clear_and_refuse_without_changing_anything() {
        let pos = Scenario::find("balance").unwrap().initial_position(false);
        let mut orders = Orders::new();
        let par = Area::from_code("PAR").unwrap();
        assert!(matches!(
            apply_line(&mut orders, &pos, Power::Milan, "A MIL - PAV"),
            Ok(Applied::Set { id: 11, .. })
        ));
        apply_line(&mut orders, &pos, Power::Milan, "A MIL - PAR").unwrap();
        assert_eq!(
            orders.get(&11),
            Some(&Order::Advance {
                to: par,
                via_convoy: false
            })
        );
        apply_line(&mut orders, &pos, Power::Milan, "A CRE S A MIL - PAR").unwrap();
        apply_line(&mut orders, &pos, Power::Papacy, "A BOL H").unwrap();
        let before = orders.clone();
        let refused = apply_line(&mut orders, &pos, Power::Milan, "A MIL - ROME");
        assert_eq!(
            refused,
            Err(Rejection::Illegal {
                reason: Illegal::NotAdjacent
            })
        );
        let refused = apply_line(&mut orders, &pos, Power::Milan, "A BOL H");
        assert_eq!(
            refused,
            Err(Rejection::Illegal {
                reason: Illegal::NotYourUnit
            })
        );
        assert_eq!(orders, before, "a refused line changes nothing");
        assert_eq!(
            apply_line(&mut orders, &pos, Power::Milan, "limpar mil"),
            Ok(Applied::Cleared { id: 11 })
        );
        assert!(!orders.contains_key(&11));
        assert_eq!(
            apply_line(&mut orders, &pos, Power::Milan, "CLEAR"),
            Ok(Applied::ClearedAll { count: 1 })
        );
        assert_eq!(orders.len(), 1, "papacy's order stays");
    }
}
