//! Battle arithmetic: resolving one roll (§5.4.4 steps 4–5, R12, R13, R19) and choosing the
//! dice to reroll with exact expected values (§9.5). Pure functions of the dice.

use super::actions::Side;

/// Everything a battle's result depends on besides the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stakes {
    pub attacker_terrain: bool,
    pub defender_terrain: bool,
    /// armies(A) and armies(B) before the battle.
    pub from: u32,
    pub to: u32,
}

/// What a battle does to both territories.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Result {
    pub attacker_losses: u32,
    pub defender_losses: u32,
    /// R19 spared B's last army.
    pub no_occupant: bool,
}

impl Result {
    /// `net` of §9.5: armies B loses minus armies A loses.
    pub fn net(&self) -> i64 {
        self.defender_losses as i64 - self.attacker_losses as i64
    }
}

fn sorted_desc(dice: &[u8]) -> [u8; 3] {
    let mut out = [0u8; 3];
    out[..dice.len()].copy_from_slice(dice);
    out.sort_unstable_by(|a, b| b.cmp(a));
    out
}

/// Resolve a battle with these dice (positions in any order; sorting is for comparing).
pub fn resolve(attack: &[u8], defence: &[u8], stakes: Stakes) -> Result {
    let a = sorted_desc(attack);
    let d = sorted_desc(defence);
    let k = attack.len().min(defence.len());
    let wins = (0..k)
        .filter(|&i| a[i] > d[i] || (a[i] == d[i] && stakes.attacker_terrain))
        .count() as u32;
    let attacker_losses = k as u32 - wins;
    let loss = wins + u32::from(stakes.attacker_terrain);
    let mut removed = if stakes.attacker_terrain {
        loss.min(stakes.to)
    } else if stakes.defender_terrain {
        if loss >= stakes.to {
            stakes.to
        } else {
            loss.saturating_sub(1)
        }
    } else {
        loss.min(stakes.to)
    };
    let mut no_occupant = false;
    if removed == stakes.to && stakes.from - attacker_losses == 1 {
        removed -= 1;
        no_occupant = true;
    }
    Result {
        attacker_losses,
        defender_losses: removed,
        no_occupant,
    }
}

/// An exact expected value, numerator over denominator (denominator > 0).
#[derive(Clone, Copy, Debug)]
pub struct Expected {
    pub sum: i64,
    pub outcomes: i64,
}

impl Expected {
    fn cmp(&self, other: &Expected) -> std::cmp::Ordering {
        (self.sum * other.outcomes).cmp(&(other.sum * self.outcomes))
    }
    /// Compare with a whole number.
    fn cmp_whole(&self, value: i64) -> std::cmp::Ordering {
        self.sum.cmp(&(value * self.outcomes))
    }
}

/// The best choice of own dice to reroll for `side` (§9.5), if it strictly improves the
/// expected `net` over the current one: positions from 1, with the exact expectation.
pub fn best_reroll(
    side: Side,
    attack: &[u8],
    defence: &[u8],
    stakes: Stakes,
    max_dice: usize,
    min: u8,
) -> Option<(Vec<u8>, Expected)> {
    let own = match side {
        Side::Attacker => attack,
        Side::Defender => defence,
    };
    let current = resolve(attack, defence, stakes).net();
    let better = |x: &Expected, y: &Expected| match side {
        Side::Attacker => x.cmp(y) == std::cmp::Ordering::Greater,
        Side::Defender => x.cmp(y) == std::cmp::Ordering::Less,
    };
    let mut best: Option<(Vec<u8>, Expected, u32)> = None;
    let n = own.len();
    let faces = (7 - min) as usize;
    for mask in 1u32..(1 << n) {
        let size = mask.count_ones() as usize;
        if size > max_dice {
            continue;
        }
        let positions: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        let outcomes = faces.pow(size as u32);
        let mut sum = 0i64;
        let mut a = [0u8; 3];
        let mut d = [0u8; 3];
        a[..attack.len()].copy_from_slice(attack);
        d[..defence.len()].copy_from_slice(defence);
        for o in 0..outcomes {
            let mut rest = o;
            for &p in &positions {
                let value = min + (rest % faces) as u8;
                rest /= faces;
                match side {
                    Side::Attacker => a[p] = value,
                    Side::Defender => d[p] = value,
                }
            }
            sum += resolve(&a[..attack.len()], &d[..defence.len()], stakes).net();
        }
        let expected = Expected {
            sum,
            outcomes: outcomes as i64,
        };
        let value_sum: u32 = positions.iter().map(|&p| own[p] as u32).sum();
        let numbered: Vec<u8> = positions.iter().map(|&p| p as u8 + 1).collect();
        let replace = match &best {
            None => true,
            Some((b_pos, b_exp, b_sum)) => {
                if better(&expected, b_exp) {
                    true
                } else if expected.cmp(b_exp) == std::cmp::Ordering::Equal {
                    (numbered.len(), value_sum, &numbered) < (b_pos.len(), *b_sum, b_pos)
                } else {
                    false
                }
            }
        };
        if replace {
            best = Some((numbered, expected, value_sum));
        }
    }
    let (positions, expected, _) = best?;
    let improves = match side {
        Side::Attacker => expected.cmp_whole(current) == std::cmp::Ordering::Greater,
        Side::Defender => expected.cmp_whole(current) == std::cmp::Ordering::Less,
    };
    improves.then_some((positions, expected))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(from: u32, to: u32) -> Stakes {
        Stakes {
            attacker_terrain: false,
            defender_terrain: false,
            from,
            to,
        }
    }

    #[test]
    fn e6_ties_go_to_the_defender() {
        let r = resolve(&[5, 4, 1], &[6, 3, 1], plain(4, 3));
        assert_eq!((r.attacker_losses, r.defender_losses), (2, 1));
    }

    #[test]
    fn e7_the_attackers_terrain_wins_ties_and_removes_one_more() {
        let mut s = plain(5, 3);
        s.attacker_terrain = true;
        let r = resolve(&[6, 6, 6], &[6, 5, 2], s);
        assert_eq!((r.attacker_losses, r.defender_losses), (0, 3));
        let mut s = plain(5, 5);
        s.attacker_terrain = true;
        let r = resolve(&[2, 1], &[5, 4, 4], s);
        assert_eq!((r.attacker_losses, r.defender_losses), (2, 1));
        // 6/6/6 against four or more removes four.
        let mut s = plain(9, 6);
        s.attacker_terrain = true;
        assert_eq!(resolve(&[6, 6, 6], &[6, 6, 6], s).defender_losses, 4);
    }

    #[test]
    fn r13_the_defenders_terrain_removes_one_fewer_unless_every_army_is_beaten() {
        let mut s = plain(9, 5);
        s.defender_terrain = true;
        assert_eq!(resolve(&[6, 6, 2], &[6, 1, 1], s).defender_losses, 1);
        assert_eq!(resolve(&[6, 1, 1], &[5, 5, 5], s).defender_losses, 0);
        let mut s = plain(9, 2);
        s.defender_terrain = true;
        assert_eq!(resolve(&[6, 6, 1], &[1, 1], s).defender_losses, 2);
    }

    #[test]
    fn e9_no_conquest_without_an_occupant() {
        let mut s = plain(2, 1);
        s.attacker_terrain = true;
        let r = resolve(&[2], &[5], s);
        assert_eq!(
            (r.attacker_losses, r.defender_losses, r.no_occupant),
            (1, 0, true)
        );
    }

    #[test]
    fn e11_expected_values_pick_the_lowest_die_for_the_defender() {
        let s = plain(9, 4);
        let (positions, e) =
            best_reroll(Side::Defender, &[6, 5, 3], &[4, 2, 1], s, 1, 2).expect("improves");
        assert_eq!(positions, vec![3]);
        assert_eq!((e.sum * 5 / e.outcomes, e.outcomes), (13, 5));
        let (positions, e) =
            best_reroll(Side::Defender, &[6, 5, 3], &[4, 2, 1], s, 2, 3).expect("improves");
        assert_eq!(positions, vec![2, 3]);
        assert_eq!(
            e.cmp(&Expected {
                sum: -3,
                outcomes: 8
            }),
            std::cmp::Ordering::Equal
        );
        let (positions, e) =
            best_reroll(Side::Defender, &[6, 5, 3], &[4, 2, 1], s, 3, 4).expect("improves");
        assert_eq!(positions, vec![1, 2, 3]);
        assert_eq!(
            e.cmp(&Expected {
                sum: -17,
                outcomes: 9
            }),
            std::cmp::Ordering::Equal
        );
    }

    #[test]
    fn a_reroll_that_cannot_improve_is_not_chosen() {
        // The defender already wins everything.
        assert!(best_reroll(Side::Defender, &[1, 1], &[6, 6], plain(3, 2), 3, 4).is_none());
    }
}
