//! Finances (§11): income (§11.2), expenses, bribes and transfers with their written form and
//! their resolution before an orders phase (§11.4), and the placing of rebellions (§11.5).

use super::map::{fold, Area};
use super::scenario::Scenario;
use super::state::{Position, Power, Rebellion, UnitKind};
use super::written::{parse, pick, Rejection};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The random income of the major cities for a die of 1–6 (§4.1); only where the scenario lists
/// the city.
const MAJOR_CITIES: [(&str, [u8; 6]); 7] = [
    ("FLO", [1, 2, 3, 3, 4, 5]),
    ("GEN", [1, 2, 2, 3, 3, 4]),
    ("MIL", [2, 3, 3, 4, 4, 5]),
    ("NAP", [1, 2, 2, 3, 3, 4]),
    ("ROME", [2, 3, 3, 4, 5, 6]),
    ("TUN", [1, 2, 3, 4, 5, 6]),
    ("VEN", [2, 3, 3, 4, 4, 5]),
];

/// A major city's table value for die `d`, or 0 for another city.
pub fn city_income(area: Area, d: u8) -> u32 {
    MAJOR_CITIES
        .iter()
        .find(|(c, _)| *c == area.code())
        .map_or(0, |(_, t)| u32::from(t[usize::from(d.clamp(1, 6) - 1)]))
}

/// One power's income and its breakdown (§11.2): private to the power (§13).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Income {
    pub control: u32,
    pub major_cities: u32,
    pub occupation: u32,
    pub garrisons: u32,
    pub variable: u32,
    pub total: u32,
}

/// The income of `power` for die `d` (§11.2, R41). `conquered` are the powers it has conquered
/// (§9.4), whose variable income it also receives.
pub fn income(position: &Position, power: Power, d: u8, conquered: &[Power]) -> Income {
    let scenario = Scenario::find(&position.scenario).expect("a known scenario");
    let listed = scenario.random_income_cities();
    let famine = |a: Area| position.famine.contains(&a);
    let rebel_against = |a: Area| {
        position
            .rebellions
            .get(&a)
            .is_some_and(|r| r.against == power)
    };
    let excluded = |a: Area| famine(a) || rebel_against(a);
    let controls = |a: Area| position.control.get(&a) == Some(&power);
    let mut i = Income::default();
    for (&a, &p) in &position.control {
        if p == power && !excluded(a) {
            i.control += u32::from(a.info().ctrl);
            if listed.contains(&a) {
                i.major_cities += city_income(a, d);
            }
        }
    }
    for u in position.units_of(power) {
        if u.kind.is_field() {
            if !controls(u.area) && !famine(u.area) {
                i.occupation += 1;
            }
        } else if !controls(u.area) || excluded(u.area) {
            let besieged = position
                .units
                .iter()
                .any(|w| w.area == u.area && w.siege == 1);
            if !besieged {
                i.garrisons += u32::from(u.area.info().garr);
                if listed.contains(&u.area) {
                    i.garrisons += city_income(u.area, d);
                }
            }
        }
    }
    for p in std::iter::once(power).chain(conquered.iter().copied()) {
        let double = scenario.setup_of(p).is_some_and(|s| s.double);
        let v = u32::from(p.variable_income(d));
        i.variable += if double { 2 * v } else { v };
    }
    i.total = i.control + i.major_cities + i.occupation + i.garrisons + i.variable;
    i
}

/// The kinds of expense (§11.4.2); the last three are bribes, and what they cost depends on
/// whether the target is autonomous.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExpenseKind {
    Relief,
    Pacify,
    Rebel,
    Counter,
    Disband,
    Buy,
    Free,
}

/// What an expense is aimed at: an area, or a unit by id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    Area(Area),
    Unit(u32),
}

/// One accepted expense (§11.4.1): the money left the treasury when it was accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expense {
    pub amount: u32,
    pub kind: ExpenseKind,
    pub target: Target,
}

/// A transfer `GIVE n TO power` (§11.4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Transfer {
    pub amount: u32,
    pub to: Power,
}

/// A power's money lines for one orders phase, in the order they were accepted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spending {
    #[serde(default)]
    pub expenses: Vec<Expense>,
    #[serde(default)]
    pub transfers: Vec<Transfer>,
}

impl Spending {
    /// Ducats this spending takes from the treasury.
    pub fn total(&self) -> u32 {
        self.expenses.iter().map(|e| e.amount).sum::<u32>()
            + self.transfers.iter().map(|t| t.amount).sum::<u32>()
    }
    /// Units this power has an accepted purchase of (R58).
    pub fn buying(&self) -> Vec<u32> {
        self.expenses
            .iter()
            .filter(|e| e.kind == ExpenseKind::Buy)
            .filter_map(|e| match e.target {
                Target::Unit(id) => Some(id),
                Target::Area(_) => None,
            })
            .collect()
    }
}

/// Why a money line is refused (§11.4). Each code has a message in the catalogs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "problem")]
pub enum MoneyRejection {
    /// The line is not `PAY <n> <kind> <target>` or `GIVE <n> TO <power>`.
    Syntax,
    Unit {
        rejection: Rejection,
    },
    /// The amount is not a multiple of 3 (expenses) or is 0.
    Amount,
    /// The amount is below the kind's minimum for this target.
    BelowMinimum {
        minimum: u32,
    },
    /// The target does not fit the kind (§11.4.2 table).
    Target,
    /// The same kind and target was already paid for this phase.
    Twice,
    /// The treasury left cannot cover it.
    Funds,
    /// A power cannot give to itself or to a power not in the game.
    Receiver,
}

/// k of §11.4.2: 2 for a garrison in a city whose Garr is 2 or more, else 1.
fn k(position: &Position, id: u32) -> u32 {
    position.unit(id).map_or(1, |u| {
        match u.kind == UnitKind::Garrison && u.area.info().garr >= 2 {
            true => 2,
            false => 1,
        }
    })
}

/// The minimum cost of an expense by `payer`, or why its target does not fit (§11.4.2).
pub fn minimum(
    position: &Position,
    payer: Power,
    kind: ExpenseKind,
    target: Target,
) -> Result<u32, MoneyRejection> {
    let scenario = Scenario::find(&position.scenario).expect("a known scenario");
    match (kind, target) {
        (ExpenseKind::Relief, Target::Area(a)) if position.famine.contains(&a) => Ok(3),
        (ExpenseKind::Pacify, Target::Area(a)) if position.rebellions.contains_key(&a) => Ok(12),
        (ExpenseKind::Rebel, Target::Area(a)) => {
            let controller = position.control.get(&a).copied();
            match controller {
                Some(c) if c != payer && !position.rebellions.contains_key(&a) => {
                    let home = scenario
                        .setup_of(c)
                        .is_some_and(|s| s.home_areas().contains(&a));
                    Ok(if home { 15 } else { 9 })
                }
                _ => Err(MoneyRejection::Target),
            }
        }
        (ExpenseKind::Counter, Target::Unit(id)) if position.unit(id).is_some() => Ok(3),
        (ExpenseKind::Disband | ExpenseKind::Buy | ExpenseKind::Free, Target::Unit(id)) => {
            let u = position.unit(id).ok_or(MoneyRejection::Target)?;
            let k = k(position, id);
            match (kind, u.owner) {
                (_, Some(p)) if p == payer => Err(MoneyRejection::Target),
                (ExpenseKind::Disband, None) => Ok(6 * k),
                (ExpenseKind::Buy, None) => Ok(9 * k),
                (ExpenseKind::Free, None) => Err(MoneyRejection::Target),
                (ExpenseKind::Free, Some(_)) if u.kind != UnitKind::Garrison => {
                    Err(MoneyRejection::Target)
                }
                (ExpenseKind::Free, Some(_)) => Ok(9 * k),
                (ExpenseKind::Disband, Some(_)) => Ok(12 * k),
                (ExpenseKind::Buy, Some(_)) => Ok(18 * k),
                _ => Err(MoneyRejection::Target),
            }
        }
        _ => Err(MoneyRejection::Target),
    }
}

/// What an accepted money line did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "applied")]
pub enum MoneyApplied {
    Expense {
        expense: Expense,
    },
    Transfer {
        transfer: Transfer,
    },
    /// `CLEAR EXPENSE n` refunded the n-th accepted expense (1-based).
    Refunded {
        expense: Expense,
    },
}

/// Whether a line is a money line (`PAY`, `GASTAR`, `GIVE`, `DAR`, `CLEAR EXPENSE`,
/// `LIMPAR GASTO`), so a reader can route it here rather than to the orders.
pub fn is_money_line(text: &str) -> bool {
    let f = fold(text);
    let mut w = f.split_whitespace();
    matches!(
        (w.next(), w.next()),
        (Some("PAY" | "GASTAR" | "GIVE" | "DAR"), _)
            | (Some("CLEAR"), Some("EXPENSE"))
            | (Some("LIMPAR"), Some("GASTO"))
    )
}

/// Applies one money line of `power` to its `spending`, checked against the position at the
/// start of the phase and the treasury left (§11.4.1, R43, R46). `powers` are the game's
/// surviving powers (who may receive a transfer). A refused line changes nothing.
pub fn apply_money_line(
    position: &Position,
    powers: &[Power],
    power: Power,
    spending: &mut Spending,
    text: &str,
) -> Result<MoneyApplied, MoneyRejection> {
    let folded = fold(text);
    let words: Vec<&str> = folded.split_whitespace().collect();
    let treasury = position.treasury.get(&power).copied().unwrap_or(0);
    let left = treasury.saturating_sub(spending.total());
    match words.as_slice() {
        ["CLEAR", "EXPENSE", n] | ["LIMPAR", "GASTO", n] => {
            let n: usize = n.parse().map_err(|_| MoneyRejection::Syntax)?;
            if n == 0 || n > spending.expenses.len() {
                return Err(MoneyRejection::Syntax);
            }
            let expense = spending.expenses.remove(n - 1);
            Ok(MoneyApplied::Refunded { expense })
        }
        ["GIVE", n, "TO", to @ ..] | ["DAR", n, "A" | "PARA", to @ ..] => {
            let amount: u32 = n.parse().map_err(|_| MoneyRejection::Syntax)?;
            let to = Power::find(&to.join(" ")).ok_or(MoneyRejection::Receiver)?;
            if amount == 0 {
                return Err(MoneyRejection::Amount);
            }
            if to == power || !powers.contains(&to) {
                return Err(MoneyRejection::Receiver);
            }
            if amount > left {
                return Err(MoneyRejection::Funds);
            }
            let transfer = Transfer { amount, to };
            spending.transfers.push(transfer);
            Ok(MoneyApplied::Transfer { transfer })
        }
        ["PAY" | "GASTAR", n, kind, rest @ ..] if !rest.is_empty() => {
            let amount: u32 = n.parse().map_err(|_| MoneyRejection::Syntax)?;
            let kind = match *kind {
                "RELIEF" | "ALIVIO" => ExpenseKind::Relief,
                "PACIFY" | "PACIFICAR" => ExpenseKind::Pacify,
                "REBEL" | "REVOLTA" => ExpenseKind::Rebel,
                "COUNTER" | "CONTRASSUBORNO" => ExpenseKind::Counter,
                "DISBAND" | "DEBANDAR" => ExpenseKind::Disband,
                "BUY" | "COMPRAR" => ExpenseKind::Buy,
                "FREE" | "LIBERTAR" => ExpenseKind::Free,
                _ => return Err(MoneyRejection::Syntax),
            };
            let target = match kind {
                ExpenseKind::Relief | ExpenseKind::Pacify | ExpenseKind::Rebel => {
                    Target::Area(super::map::find_area(&rest.join(" ")).map_err(|error| {
                        MoneyRejection::Unit {
                            rejection: Rejection::Area { error },
                        }
                    })?)
                }
                _ => {
                    let line = parse(&format!("{} H", rest.join(" ")))
                        .map_err(|rejection| MoneyRejection::Unit { rejection })?;
                    let r = pick(position, line.unit, None)
                        .map_err(|rejection| MoneyRejection::Unit { rejection })?;
                    let u = position.find(r.kind, r.area).expect("picked");
                    Target::Unit(u.id)
                }
            };
            if amount == 0 || !amount.is_multiple_of(3) {
                return Err(MoneyRejection::Amount);
            }
            let minimum = minimum(position, power, kind, target)?;
            if amount < minimum {
                return Err(MoneyRejection::BelowMinimum { minimum });
            }
            let same = |e: &Expense| e.target == target && e.kind == kind;
            if spending.expenses.iter().any(same) {
                return Err(MoneyRejection::Twice);
            }
            if amount > left {
                return Err(MoneyRejection::Funds);
            }
            let expense = Expense {
                amount,
                kind,
                target,
            };
            spending.expenses.push(expense);
            Ok(MoneyApplied::Expense { expense })
        }
        _ => Err(MoneyRejection::Syntax),
    }
}

fn bribe(kind: ExpenseKind) -> bool {
    matches!(
        kind,
        ExpenseKind::Disband | ExpenseKind::Buy | ExpenseKind::Free
    )
}

/// What became of one expense at resolution (§7.9, public after the phase, R51).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpenseReport {
    pub payer: Power,
    pub expense: Expense,
    pub succeeded: bool,
}

/// The money part of an orders phase's result (§11.4.3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoneyResult {
    pub expenses: Vec<ExpenseReport>,
    pub transfers: Vec<(Power, Transfer)>,
    /// Rebellions placed, by area.
    pub rebellions: Vec<Area>,
    /// Units removed by a bribe, bought (id, new owner), made autonomous.
    pub disbanded: Vec<u32>,
    pub bought: Vec<(u32, Power)>,
    pub freed: Vec<u32>,
}

/// Step 1 of §7.1 (§11.4.3): takes every accepted expense and transfer from its payer, credits
/// transfers, removes relieved famines and pacified rebellions, places incited rebellions, and
/// settles the bribes. Returns the money report; `position` changes in place.
pub fn resolve_money(position: &mut Position, spending: &BTreeMap<Power, Spending>) -> MoneyResult {
    let mut out = MoneyResult::default();
    for (&p, s) in spending {
        let t = position.treasury.entry(p).or_insert(0);
        // Lines were accepted against the treasury; never below zero even for a hand-made input.
        *t = t.saturating_sub(s.total());
    }
    // 1. Transfers.
    for (&p, s) in spending {
        for tr in &s.transfers {
            if position.treasury.contains_key(&tr.to) {
                *position.treasury.get_mut(&tr.to).expect("present") += tr.amount;
                out.transfers.push((p, *tr));
            }
        }
    }
    let all: Vec<(Power, Expense)> = spending
        .iter()
        .flat_map(|(&p, s)| s.expenses.iter().map(move |e| (p, *e)))
        .collect();
    let mut ok = vec![false; all.len()];
    // 2. Reliefs; 3. pacifications.
    for (i, (_, e)) in all.iter().enumerate() {
        match (e.kind, e.target) {
            (ExpenseKind::Relief, Target::Area(a)) if position.famine.contains(&a) => {
                ok[i] = true;
            }
            (ExpenseKind::Pacify, Target::Area(a)) if position.rebellions.contains_key(&a) => {
                ok[i] = true;
            }
            _ => {}
        }
    }
    for (i, (_, e)) in all.iter().enumerate() {
        if let (true, Target::Area(a)) = (ok[i], e.target) {
            match e.kind {
                ExpenseKind::Relief => position.famine.retain(|x| *x != a),
                _ => {
                    position.rebellions.remove(&a);
                }
            }
        }
    }
    // 4. Incited rebellions, in ascending area code (ties between payers: the first placed
    // wins, the others find a rebellion there and are lost).
    let mut incite: Vec<usize> = (0..all.len())
        .filter(|&i| all[i].1.kind == ExpenseKind::Rebel)
        .collect();
    incite.sort_by_key(|&i| (all[i].1.target, all[i].0));
    for i in incite {
        let (payer, e) = all[i];
        let Target::Area(a) = e.target else { continue };
        let Some(&against) = position.control.get(&a) else {
            continue;
        };
        let blocked = position.rebellions.contains_key(&a)
            || against == payer
            || (a.is_venice() && position.garrison(a).is_some());
        if !blocked {
            let garrisoned = a.info().fort && position.garrison(a).is_none();
            position.rebellions.insert(
                a,
                Rebellion {
                    against,
                    garrisoned,
                },
            );
            out.rebellions.push(a);
            ok[i] = true;
        }
    }
    // 5–6. Bribes: each requires its minimum plus all counter-bribes on its unit; the largest
    // surviving one wins, equal largest all fail (R43).
    let mut counters: BTreeMap<u32, u32> = BTreeMap::new();
    for (i, (_, e)) in all.iter().enumerate() {
        if let (ExpenseKind::Counter, Target::Unit(id)) = (e.kind, e.target) {
            *counters.entry(id).or_default() += e.amount;
            ok[i] = position.unit(id).is_some();
        }
    }
    let mut by_unit: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for (i, (payer, e)) in all.iter().enumerate() {
        if let (true, Target::Unit(id)) = (bribe(e.kind), e.target) {
            let Ok(min) = minimum(position, *payer, e.kind, e.target) else {
                continue;
            };
            if e.amount >= min + counters.get(&id).copied().unwrap_or(0) {
                by_unit.entry(id).or_default().push(i);
            }
        }
    }
    // 7. Winning bribes take effect in ascending unit id.
    for (id, list) in by_unit {
        let top = list
            .iter()
            .map(|&i| all[i].1.amount)
            .max()
            .expect("nonempty");
        let winners: Vec<usize> = list
            .into_iter()
            .filter(|&i| all[i].1.amount == top)
            .collect();
        if winners.len() != 1 {
            continue;
        }
        let w = winners[0];
        ok[w] = true;
        let (payer, e) = all[w];
        match e.kind {
            ExpenseKind::Disband => {
                position.units.retain(|u| u.id != id);
                out.disbanded.push(id);
            }
            ExpenseKind::Buy => {
                let u = position
                    .units
                    .iter_mut()
                    .find(|u| u.id == id)
                    .expect("bribed unit");
                u.owner = Some(payer);
                u.siege = 0;
                out.bought.push((id, payer));
            }
            _ => {
                let u = position
                    .units
                    .iter_mut()
                    .find(|u| u.id == id)
                    .expect("bribed unit");
                u.owner = None;
                u.siege = 0;
                out.freed.push(id);
            }
        }
    }
    out.expenses = all
        .iter()
        .zip(ok)
        .map(|(&(payer, expense), succeeded)| ExpenseReport {
            payer,
            expense,
            succeeded,
        })
        .collect();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(code: &str) -> Area {
        Area::from_code(code).unwrap()
    }

    #[test]
    fn major_city_tables() {
        assert_eq!(city_income(a("GEN"), 5), 3);
        assert_eq!(city_income(a("ROME"), 6), 6);
        assert_eq!(city_income(a("PAD"), 6), 0);
    }

    #[test]
    fn money_lines_are_checked_as_they_arrive() {
        let mut pos = Scenario::find("balance").unwrap().initial_position(true);
        pos.treasury.insert(Power::Milan, 20);
        let powers = Scenario::find("balance").unwrap().power_list();
        let mut s = Spending::default();
        let r = apply_money_line(&pos, &powers, Power::Milan, &mut s, "PAY 9 DISBAND G GEN");
        assert_eq!(r, Err(MoneyRejection::BelowMinimum { minimum: 12 }));
        let r = apply_money_line(&pos, &powers, Power::Milan, &mut s, "PAY 10 BUY G SIE");
        assert_eq!(r, Err(MoneyRejection::Amount));
        apply_money_line(
            &pos,
            &powers,
            Power::Milan,
            &mut s,
            "gastar 9 comprar G SIE",
        )
        .unwrap();
        let r = apply_money_line(&pos, &powers, Power::Milan, &mut s, "PAY 12 BUY G SIE");
        assert_eq!(r, Err(MoneyRejection::Twice));
        let r = apply_money_line(&pos, &powers, Power::Milan, &mut s, "PAY 12 DISBAND G GEN");
        assert_eq!(r, Err(MoneyRejection::Funds));
        apply_money_line(&pos, &powers, Power::Milan, &mut s, "DAR 11 A Veneza").unwrap();
        assert_eq!(s.total(), 20);
        let r = apply_money_line(&pos, &powers, Power::Milan, &mut s, "GIVE 1 TO milan");
        assert_eq!(r, Err(MoneyRejection::Receiver));
        apply_money_line(&pos, &powers, Power::Milan, &mut s, "CLEAR EXPENSE 1").unwrap();
        assert_eq!(s.total(), 11);
    }
}
