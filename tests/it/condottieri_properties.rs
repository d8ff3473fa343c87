//! Property tests for the §18 invariants of Condottieri's orders phase: generated positions and
//! orders (convoy-heavy on purpose) must give sound, deterministic, id-independent results.

use corriere::engine::condottieri::map::Area;
use corriere::engine::condottieri::{
    adjudicate, Order, Orders, Outcome, PhaseResult, Position, Power, Siege, Sub, Unit, UnitKind,
};
use corriere::engine::rng::Stream;
use corriere::engine::Seed;
use proptest::prelude::*;
use std::collections::BTreeMap;

#[path = "../condottieri/generate.rs"]
mod generate;
use generate::{convoy_position, orders, position, POWERS};

/// The same position and orders with unit ids renumbered by `perm` (old id → new id).
fn renumber(p: &Position, o: &Orders, perm: &BTreeMap<u32, u32>) -> (Position, Orders) {
    let mut q = p.clone();
    for u in q.units.iter_mut() {
        u.id = perm[&u.id];
    }
    q.units.sort_by_key(|u| u.id);
    let orders = o.iter().map(|(id, order)| (perm[id], *order)).collect();
    (q, orders)
}

fn summary(r: &PhaseResult, back: &BTreeMap<u32, u32>) -> String {
    let mut units: Vec<String> = r
        .position
        .units
        .iter()
        .map(|u| {
            format!(
                "{} {:?} {} {:?} {}",
                back[&u.id], u.owner, u.area, u.kind, u.siege
            )
        })
        .collect();
    units.sort();
    let mut retreats: Vec<String> = r
        .retreats
        .iter()
        .map(|x| {
            format!(
                "{} {} {:?} {}",
                back[&x.unit.id], x.origin, x.fields, x.city
            )
        })
        .collect();
    retreats.sort();
    let mut disbanded: Vec<u32> = r.disbanded.iter().map(|i| back[i]).collect();
    disbanded.sort();
    let mut outcomes: Vec<String> = r
        .reports
        .iter()
        .map(|x| {
            format!(
                "{} {:?} {:?} {:?}",
                back[&x.id], x.outcome, x.void, x.dislodged_from
            )
        })
        .collect();
    outcomes.sort();
    format!(
        "{units:?}\n{retreats:?}\n{disbanded:?}\n{:?}\n{outcomes:?}",
        r.standoffs
    )
}

fn check_invariants(p: &Position, r: &PhaseResult) -> Result<(), TestCaseError> {
    prop_assert_eq!(r.position.problems(), Vec::<String>::new());
    // At most one entry into each area succeeds; no unit is dislodged by its own power.
    let mut entered: BTreeMap<Area, u32> = BTreeMap::new();
    for x in &r.reports {
        if matches!(x.outcome, Outcome::Moved | Outcome::Converted) {
            let to = match x.effective {
                Order::Advance { to, .. } => to,
                _ => x.unit.area,
            };
            prop_assert!(
                entered.insert(to, x.id).is_none(),
                "two entries into {}",
                to
            );
        }
    }
    for x in &r.reports {
        if let Some(origin) = x.dislodged_from {
            let winner = entered.get(&x.unit.area);
            prop_assert!(winner.is_some(), "dislodged without a successful entry");
            let w = p.unit(*winner.unwrap()).unwrap();
            prop_assert!(w.owner != x.unit.owner, "dislodged by its own power");
            prop_assert!(x.unit.kind.is_field(), "a garrison was dislodged");
            let _ = origin;
        }
    }
    // Conversely, a field unit that stays where an entry succeeded is dislodged, and that entry
    // is never its own power's (§18).
    for x in &r.reports {
        let stays = !matches!(x.outcome, Outcome::Moved | Outcome::Garrisoned);
        let Some(winner) = entered.get(&x.unit.area) else {
            continue;
        };
        if x.unit.kind.is_field() && stays && *winner != x.id {
            prop_assert!(
                x.dislodged_from.is_some(),
                "unit {} stays beside a successful entry",
                x.id
            );
            let w = p.unit(*winner).unwrap();
            prop_assert!(
                w.owner != x.unit.owner,
                "an entry succeeded into its own power's staying unit"
            );
        }
    }
    // Every entry moves iff its ATTACK beats both what holds the field (HOLD, or the partner's
    // DEFEND) and every rival's PREVENT (§7.5, §18).
    for x in &r.reports {
        if let Some(st) = x.strengths {
            let moved = matches!(x.outcome, Outcome::Moved | Outcome::Converted);
            prop_assert_eq!(
                moved,
                st.attack > st.resistance && st.attack > st.rival,
                "unit {}: {:?}",
                x.id,
                st
            );
        }
    }
    // Sieges complete only on a second consecutive besiege order of an undislodged unit; a
    // legal garrisoning always succeeds (§7.8, R28, §18).
    for x in &r.reports {
        match x.siege {
            Some(Siege::Completed) => {
                prop_assert!(
                    x.unit.siege == 1
                        && x.effective == Order::Besiege
                        && x.dislodged_from.is_none()
                );
            }
            Some(Siege::Begun) => prop_assert!(x.unit.siege == 0 && x.effective == Order::Besiege),
            Some(Siege::Interrupted) => prop_assert!(x.unit.siege == 1),
            None => prop_assert!(x.unit.siege == 0 || x.unit.kind == UnitKind::Garrison),
        }
        if x.unit.kind.is_field()
            && x.effective
                == (Order::Convert {
                    to: UnitKind::Garrison,
                })
        {
            prop_assert_eq!(x.outcome, Outcome::Garrisoned);
            prop_assert!(x.dislodged_from.is_none());
        }
    }
    // A given support from a field unit: not dislodged, not cut by another power's direct
    // advance from outside its target area, nor by another power's garrison converting beside it.
    for x in &r.reports {
        let Order::Support { unit: target, sub } = x.effective else {
            continue;
        };
        if x.outcome != Outcome::SupportGiven || !x.unit.kind.is_field() {
            continue;
        }
        prop_assert!(x.dislodged_from.is_none(), "a dislodged unit gave support");
        let into = match sub {
            Sub::Advance { to } => to,
            _ => target.area,
        };
        for y in &r.reports {
            if y.unit.owner == x.unit.owner {
                continue;
            }
            match y.effective {
                Order::Advance {
                    to,
                    via_convoy: false,
                } if to == x.unit.area => {
                    prop_assert!(
                        y.unit.area == into,
                        "support given despite an attack from {}",
                        y.unit.area
                    );
                }
                Order::Convert { to } if to != UnitKind::Garrison && y.unit.area == x.unit.area => {
                    prop_assert!(false, "support given beside a converting enemy garrison");
                }
                _ => {}
            }
        }
    }
    // Retreat options: empty fields, adjacent, not the origin, not a standoff area.
    for t in &r.retreats {
        for f in &t.fields {
            prop_assert!(*f != t.origin && !r.standoffs.contains(f));
            prop_assert!(!r
                .position
                .units
                .iter()
                .any(|u| u.area == *f && u.kind.is_field()));
            prop_assert!(t.unit.area.borders(*f));
        }
        if t.city {
            prop_assert!(r.position.garrison(t.unit.area).is_none() && !t.from_city);
        }
    }
    // Siege counters after an orders phase: only where another owner's garrison remains.
    for u in &r.position.units {
        if u.siege == 1 {
            let g = r.position.garrison(u.area);
            prop_assert!(g.is_some_and(|g| g.owner != u.owner));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, .. ProptestConfig::default() })]

    #[test]
    fn results_are_sound_deterministic_and_independent_of_unit_ids(seed in any::<u64>()) {
        let mut stream = Stream::new(&Seed::from_u64(seed), "condottieri/properties", 0);
        let p = position(&mut stream);
        let o = orders(&p, &mut stream);
        let r = adjudicate(&p, &o);
        prop_assert_eq!(&r, &adjudicate(&p, &o));
        check_invariants(&p, &r)?;
        let ids: Vec<u32> = p.units.iter().map(|u| u.id).collect();
        let mut shuffled = ids.clone();
        stream.shuffle(&mut shuffled);
        let perm: BTreeMap<u32, u32> = ids.iter().copied().zip(shuffled.iter().copied()).collect();
        let back: BTreeMap<u32, u32> = perm.iter().map(|(a, b)| (*b, *a)).collect();
        let identity: BTreeMap<u32, u32> = ids.iter().map(|i| (*i, *i)).collect();
        let (q, qo) = renumber(&p, &o, &perm);
        let rq = adjudicate(&q, &qo);
        prop_assert_eq!(summary(&r, &identity), summary(&rq, &back));
    }

    #[test]
    fn convoys_under_attack_do_not_depend_on_unit_ids(seed in any::<u64>()) {
        let mut stream = Stream::new(&Seed::from_u64(seed), "condottieri/convoys", 0);
        let (p, o) = convoy_position(&mut stream);
        for (id, order) in &o {
            let u = p.unit(*id).unwrap();
            prop_assert!(corriere::engine::condottieri::check(&p, u, order).is_ok(), "{:?} {:?}", u, order);
        }
        let r = adjudicate(&p, &o);
        check_invariants(&p, &r)?;
        let ids: Vec<u32> = p.units.iter().map(|u| u.id).collect();
        let identity: BTreeMap<u32, u32> = ids.iter().map(|i| (*i, *i)).collect();
        for _ in 0..4 {
            let mut shuffled = ids.clone();
            stream.shuffle(&mut shuffled);
            let perm: BTreeMap<u32, u32> = ids.iter().copied().zip(shuffled.iter().copied()).collect();
            let back: BTreeMap<u32, u32> = perm.iter().map(|(a, b)| (*b, *a)).collect();
            let (q, qo) = renumber(&p, &o, &perm);
            prop_assert_eq!(summary(&r, &identity), summary(&adjudicate(&q, &qo), &back));
        }
    }

    #[test]
    fn renaming_powers_permutes_the_result(seed in any::<u64>(), shift in 1usize..4) {
        // Units keep their ids; only owners change, by a rotation of the four powers.
        let mut stream = Stream::new(&Seed::from_u64(seed), "condottieri/properties", 0);
        let p = position(&mut stream);
        let o = orders(&p, &mut stream);
        let rename = |w: Option<Power>| {
            w.map(|x| POWERS[(POWERS.iter().position(|y| *y == x).unwrap() + shift) % 4])
        };
        let mut q = p.clone();
        for u in q.units.iter_mut() {
            u.owner = rename(u.owner);
        }
        let r = adjudicate(&p, &o);
        let mut rq = adjudicate(&q, &o);
        let back = |w: Option<Power>| {
            w.map(|x| POWERS[(POWERS.iter().position(|y| *y == x).unwrap() + 4 - shift) % 4])
        };
        for u in rq.position.units.iter_mut() {
            u.owner = back(u.owner);
        }
        for x in rq.retreats.iter_mut() {
            x.unit.owner = back(x.unit.owner);
        }
        let identity: BTreeMap<u32, u32> = p.units.iter().map(|u| (u.id, u.id)).collect();
        prop_assert_eq!(summary(&r, &identity), summary(&rq, &identity));
    }

    #[test]
    fn an_uncut_matching_support_never_turns_a_success_into_a_failure(seed in any::<u64>()) {
        // Without convoys: add a support from a new, unattacked army to an entry that succeeded.
        let mut stream = Stream::new(&Seed::from_u64(seed), "condottieri/properties", 0);
        let p = position(&mut stream);
        let mut o = orders(&p, &mut stream);
        for (id, order) in o.iter_mut() {
            let u = p.unit(*id).unwrap();
            let convoyed = matches!(order, Order::Advance { to, via_convoy } if *via_convoy || !u.area.borders(*to));
            if convoyed || matches!(order, Order::Convoy { .. }) {
                *order = Order::Hold;
            }
        }
        let r = adjudicate(&p, &o);
        for x in r.reports.iter().filter(|x| x.outcome == Outcome::Moved) {
            let Order::Advance { to, .. } = x.effective else { continue };
            // An empty land area next to `to`, that no order enters, for the new supporter.
            let spot = to.neighbours().find(|a| {
                a.army_adjacent(to)
                    && p.field(*a).is_none()
                    && !r.reports.iter().any(|y| matches!(y.effective, Order::Advance { to: t, .. } if t == *a))
                    && !r.reports.iter().any(|y| y.unit.area == *a && matches!(y.effective, Order::Convert { .. }))
            });
            let Some(spot) = spot else { continue };
            let mut q = p.clone();
            let new_id = q.next_id;
            q.next_id += 1;
            let owner = Some(POWERS[stream.below(4) as usize]);
            q.units.push(Unit { id: new_id, owner, kind: UnitKind::Army, area: spot, siege: 0 });
            let mut qo = o.clone();
            qo.insert(new_id, Order::Support {
                unit: corriere::engine::condottieri::UnitRef { kind: x.unit.kind, area: x.unit.area },
                sub: Sub::Advance { to },
            });
            let rq = adjudicate(&q, &qo);
            let after = rq.reports.iter().find(|y| y.id == x.id).unwrap();
            prop_assert_eq!(after.outcome, Outcome::Moved, "support from {} broke the move of {} to {}", spot, x.id, to);
        }
    }

    #[test]
    fn a_circle_of_advances_without_outside_entries_always_succeeds(start in 0usize..3) {
        // PAR → MOD → MAN → PAR, owners rotated; nobody else enters.
        let areas = ["PAR", "MOD", "MAN"].map(|c| Area::from_code(c).unwrap());
        let placements = (0..3)
            .map(|i| (Some(POWERS[(i + start) % 4]), UnitKind::Army, areas[i], 0))
            .collect();
        let p = Position::with_units("balance", 1454, placements);
        let mut o = Orders::new();
        for u in &p.units {
            let i = areas.iter().position(|a| *a == u.area).unwrap();
            o.insert(u.id, Order::Advance { to: areas[(i + 1) % 3], via_convoy: false });
        }
        let r = adjudicate(&p, &o);
        prop_assert!(r.reports.iter().all(|x| x.outcome == Outcome::Moved));
    }
}

/// Pandin's paradox on our map: the convoyed army attacks the supporter of one of two equal attacks
/// on its convoying fleet; no answer is consistent, the Szykman rule breaks the route, both
/// attacks bounce. The result must not depend on which unit gets which id (R55).
#[test]
fn pandins_paradox_does_not_depend_on_unit_ids() {
    let a = |c: &str| Area::from_code(c).unwrap();
    let placements = vec![
        (Some(Power::Papacy), UnitKind::Army, a("ROME"), 0),
        (Some(Power::Papacy), UnitKind::Fleet, a("TS"), 0),
        (Some(Power::Naples), UnitKind::Fleet, a("GON"), 0),
        (Some(Power::Naples), UnitKind::Fleet, a("NAP"), 0),
        (Some(Power::Florence), UnitKind::Fleet, a("CM"), 0),
        (Some(Power::Florence), UnitKind::Fleet, a("PAL"), 0),
    ];
    let base = Position::with_units("balance", 1454, placements);
    let id = |p: &Position, c: &str| p.units.iter().find(|u| u.area == a(c)).unwrap().id;
    let unit = |k: UnitKind, c: &str| corriere::engine::condottieri::UnitRef {
        kind: k,
        area: a(c),
    };
    let mut o = Orders::new();
    o.insert(
        id(&base, "ROME"),
        Order::Advance {
            to: a("NAP"),
            via_convoy: false,
        },
    );
    o.insert(
        id(&base, "TS"),
        Order::Convoy {
            army: a("ROME"),
            to: a("NAP"),
        },
    );
    o.insert(
        id(&base, "GON"),
        Order::Advance {
            to: a("TS"),
            via_convoy: false,
        },
    );
    o.insert(
        id(&base, "NAP"),
        Order::Support {
            unit: unit(UnitKind::Fleet, "GON"),
            sub: Sub::Advance { to: a("TS") },
        },
    );
    o.insert(
        id(&base, "CM"),
        Order::Advance {
            to: a("TS"),
            via_convoy: false,
        },
    );
    o.insert(
        id(&base, "PAL"),
        Order::Support {
            unit: unit(UnitKind::Fleet, "CM"),
            sub: Sub::Advance { to: a("TS") },
        },
    );
    let reference = adjudicate(&base, &o);
    let outcome = |c: &str| {
        reference
            .reports
            .iter()
            .find(|x| x.unit.area == a(c))
            .unwrap()
            .outcome
    };
    assert_eq!(outcome("ROME"), Outcome::Bounced);
    assert_eq!(outcome("GON"), Outcome::Bounced);
    assert_eq!(outcome("CM"), Outcome::Bounced);
    assert_eq!(outcome("NAP"), Outcome::SupportGiven);
    assert!(reference.retreats.is_empty() && reference.disbanded.is_empty());
    let ids: Vec<u32> = base.units.iter().map(|u| u.id).collect();
    let identity: BTreeMap<u32, u32> = ids.iter().map(|i| (*i, *i)).collect();
    let expected = summary(&reference, &identity);
    let mut stream = Stream::new(&Seed::from_u64(1), "pandin", 0);
    for _ in 0..40 {
        let mut shuffled = ids.clone();
        stream.shuffle(&mut shuffled);
        let perm: BTreeMap<u32, u32> = ids.iter().copied().zip(shuffled.iter().copied()).collect();
        let back: BTreeMap<u32, u32> = perm.iter().map(|(x, y)| (*y, *x)).collect();
        let (q, qo) = renumber(&base, &o, &perm);
        assert_eq!(summary(&adjudicate(&q, &qo), &back), expected);
    }
}

/// The generator is not vacuous: over many seeds it produces every kind of event the
/// properties are about.
#[test]
fn the_generator_reaches_convoys_dislodgements_standoffs_and_sieges() {
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    for seed in 0..150u64 {
        let mut stream = Stream::new(&Seed::from_u64(seed), "condottieri/properties", 0);
        let p = position(&mut stream);
        let o = orders(&p, &mut stream);
        let r = adjudicate(&p, &o);
        for x in &r.reports {
            let convoyed = matches!(x.effective, Order::Advance { to, .. } if !x.unit.area.borders(to))
                || matches!(
                    x.effective,
                    Order::Advance {
                        via_convoy: true,
                        ..
                    }
                );
            let key = match x.outcome {
                Outcome::Moved if convoyed => "convoyed move",
                Outcome::ConvoyDisrupted => "convoy disrupted",
                Outcome::SupportCut => "support cut",
                Outcome::Converted => "conversion",
                Outcome::Garrisoned => "garrisoning",
                _ => "",
            };
            *seen.entry(key).or_default() += 1;
            if x.dislodged_from.is_some() {
                *seen.entry("dislodged").or_default() += 1;
            }
            if x.siege == Some(corriere::engine::condottieri::Siege::Completed) {
                *seen.entry("siege completed").or_default() += 1;
            }
        }
        if !r.standoffs.is_empty() {
            *seen.entry("standoff").or_default() += 1;
        }
        let mut convoy_stream = Stream::new(&Seed::from_u64(seed), "condottieri/convoys", 0);
        let (p, o) = convoy_position(&mut convoy_stream);
        for x in adjudicate(&p, &o).reports {
            if x.outcome == Outcome::ConvoyDisrupted {
                *seen.entry("convoy disrupted").or_default() += 1;
            }
            if x.outcome == Outcome::ConvoyEffective {
                *seen.entry("convoy effective").or_default() += 1;
            }
        }
    }
    for key in [
        "convoyed move",
        "convoy disrupted",
        "support cut",
        "conversion",
        "garrisoning",
        "dislodged",
        "siege completed",
        "standoff",
        "convoy effective",
    ] {
        assert!(seen.get(key).copied().unwrap_or(0) >= 3, "{key}: {seen:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// The year (§5, §9–§12): random games through `Game::next`, with the §18 invariants that the
// end of the season, the adjustments and the money touch checked after every phase.

mod year {
    use super::*;
    use corriere::engine::condottieri::adjust::Due;
    use corriere::engine::condottieri::control::End;
    use corriere::engine::condottieri::finances::{minimum, Target, Transfer};
    use corriere::engine::condottieri::{
        apply_adjust_line, check, Adjustment, Event, Expense, ExpenseKind, Game, Goal, Options,
        RetreatOrder, Spending, Step, Submissions, SCENARIOS,
    };
    use serde_json::Value;

    fn options(stream: &mut Stream) -> Options {
        let coin = |s: &mut Stream| s.below(2) == 1;
        Options {
            scenario: SCENARIOS[stream.below(7) as usize].key.to_owned(),
            finances: coin(stream),
            famine: coin(stream),
            plague: coin(stream),
            storms: coin(stream),
            conquest: coin(stream),
            goal: [Goal::Standard, Goal::Long, Goal::Short][stream.below(3) as usize],
            years_limit: coin(stream).then(|| 1 + stream.below(4) as u16),
        }
    }

    /// A cheap random legal order: hold, an advance to a neighbour, a siege, a conversion, a
    /// lift, or a hold support of a neighbour; checked by the one judge.
    fn order(p: &Position, u: &Unit, stream: &mut Stream) -> Order {
        let neighbours: Vec<Area> = u.area.neighbours().collect();
        for _ in 0..4 {
            let o = match stream.below(6) {
                0 | 1 => Order::Advance {
                    to: neighbours[stream.below(neighbours.len() as u32) as usize],
                    via_convoy: false,
                },
                2 => Order::Besiege,
                3 => Order::Convert {
                    to: [UnitKind::Army, UnitKind::Fleet, UnitKind::Garrison]
                        [stream.below(3) as usize],
                },
                4 => {
                    let near: Vec<&Unit> = p
                        .units
                        .iter()
                        .filter(|w| {
                            w.kind.is_field() && w.id != u.id && neighbours.contains(&w.area)
                        })
                        .collect();
                    if near.is_empty() {
                        continue;
                    }
                    let w = near[stream.below(near.len() as u32) as usize];
                    Order::Support {
                        unit: corriere::engine::condottieri::UnitRef {
                            kind: w.kind,
                            area: w.area,
                        },
                        sub: Sub::Hold,
                    }
                }
                _ => Order::Lift,
            };
            if check(p, u, &o).is_ok() {
                return o;
            }
        }
        Order::Hold
    }

    fn money(g: &Game, power: Power, stream: &mut Stream) -> Spending {
        let mut s = Spending::default();
        let mut left = g.position.treasury.get(&power).copied().unwrap_or(0);
        if stream.below(3) == 0 && !g.position.units.is_empty() {
            let u = &g.position.units[stream.below(g.position.units.len() as u32) as usize];
            let kind = [
                ExpenseKind::Buy,
                ExpenseKind::Disband,
                ExpenseKind::Counter,
                ExpenseKind::Free,
            ][stream.below(4) as usize];
            if let Ok(min) = minimum(&g.position, power, kind, Target::Unit(u.id)) {
                let amount = min + 3 * stream.below(2);
                if amount <= left {
                    left -= amount;
                    s.expenses.push(Expense {
                        amount,
                        kind,
                        target: Target::Unit(u.id),
                    });
                }
            }
        }
        if stream.below(4) == 0 && left > 0 {
            let others: Vec<Power> = g.surviving().into_iter().filter(|p| *p != power).collect();
            if !others.is_empty() {
                let to = others[stream.below(others.len() as u32) as usize];
                s.transfers.push(Transfer {
                    amount: 1 + stream.below(left),
                    to,
                });
            }
        }
        s
    }

    fn submissions(g: &Game, stream: &mut Stream) -> Submissions {
        let mut input = Submissions::default();
        match g.phase.step {
            Step::Orders => {
                for power in g.surviving() {
                    if g.options.finances {
                        input.money.insert(power, money(g, power, stream));
                    }
                    let mut orders = Orders::new();
                    for u in g.position.units_of(power) {
                        orders.insert(u.id, order(&g.position, u, stream));
                    }
                    input.orders.insert(power, orders);
                }
            }
            Step::Retreats => {
                for r in &g.retreating {
                    let choice = match stream.below(4) {
                        0 => RetreatOrder::Disband,
                        1 if r.city => RetreatOrder::City,
                        _ if !r.fields.is_empty() => RetreatOrder::To {
                            area: r.fields[stream.below(r.fields.len() as u32) as usize],
                        },
                        _ => RetreatOrder::Disband,
                    };
                    input.retreats.insert(r.unit.id, choice);
                }
            }
            Step::Adjustments => {
                for (due, cities) in g.dues() {
                    let adj = input.adjustments.entry(due.power).or_default();
                    let mut lines: Vec<String> = Vec::new();
                    for a in &due.build_areas {
                        let k = ["A", "F", "G"][stream.below(3) as usize];
                        lines.push(format!("BUILD {k} {a}"));
                    }
                    for u in g.position.units_of(due.power) {
                        if stream.below(3) == 0 {
                            lines.push(format!("DISBAND {} {}", u.kind.letter(), u.area));
                        }
                    }
                    for line in lines {
                        let _ = apply_adjust_line(&g.position, &due, &cities, adj, &line);
                    }
                }
            }
        }
        input.draw = if stream.below(50) == 0 {
            g.surviving().into_iter().collect()
        } else {
            Default::default()
        };
        input
    }

    fn treasury_sum(p: &Position) -> i64 {
        p.treasury.values().map(|t| i64::from(*t)).sum()
    }

    fn check_step(
        before: &Game,
        after: &Game,
        events: &[Event],
        dues: &[(Due, Vec<Area>)],
    ) -> Result<(), TestCaseError> {
        let p = &after.position;
        prop_assert_eq!(p.problems(), Vec::<String>::new());
        for e in &after.eliminated {
            prop_assert!(p.units_of(*e).next().is_none(), "{} keeps units", e);
            prop_assert!(!p.control.values().any(|c| c == e), "{} keeps markers", e);
        }
        // Money: the sum of treasuries changes only by income, upkeep, builds, expenses and
        // the treasuries of eliminated powers; transfers sum to zero.
        let mut expected = treasury_sum(&before.position);
        for e in events {
            match e {
                Event::Money { result } => {
                    expected -= result
                        .expenses
                        .iter()
                        .map(|x| i64::from(x.expense.amount))
                        .sum::<i64>();
                }
                Event::Adjustments { result } => {
                    expected -= result.paid.values().map(|x| i64::from(*x)).sum::<i64>();
                }
                Event::Income { income, .. } => expected += i64::from(income.total),
                Event::Eliminated { powers, .. } => {
                    // What they held when removed: read from the game before this phase plus
                    // what flowed to them meanwhile is not separable; recompute from scratch.
                    let _ = powers;
                }
                _ => {}
            }
        }
        if !events.iter().any(|e| matches!(e, Event::Eliminated { .. })) {
            prop_assert_eq!(treasury_sum(p), expected, "treasuries");
        }
        // The control update: a power controls an area only if all units there are its own, or
        // the area is empty and it controlled it before.
        if events.iter().any(|e| matches!(e, Event::Control { .. })) {
            for (a, c) in &p.control {
                let here: Vec<&Unit> = p.units.iter().filter(|u| u.area == *a).collect();
                let own = !here.is_empty() && here.iter().all(|u| u.owner == Some(*c));
                prop_assert!(
                    own || (here.is_empty() && before.position.control.get(a) == Some(c)),
                    "control of {}",
                    a
                );
            }
        }
        // Without Finances, after the adjustments every power has at most as many units as
        // cities.
        // (A draw agreed in the phase ends the game before the adjustments are resolved.)
        let drawn = events.iter().any(|e| matches!(e, Event::DrawAgreed));
        if before.phase.step == Step::Adjustments && !before.options.finances && !drawn {
            for (due, _) in dues {
                let units = p.units_of(due.power).count();
                prop_assert!(
                    units <= p.cities_of(due.power).len(),
                    "{} has too many units",
                    due.power
                );
            }
        }
        // A winner by goal meets it and has more cities than every other qualifier.
        if let (None, Some(End::Winner { power })) = (&before.end, &after.end) {
            let surviving = after.surviving();
            let limit = before.options.years_limit.is_some_and(|n| {
                u32::from(before.phase.year) + 1 >= u32::from(after.scenario().year) + u32::from(n)
            });
            if surviving.len() > 1 && !limit {
                let n = p.cities_of(*power).len();
                prop_assert!(n >= before.options.goal.cities());
                for q in surviving.iter().filter(|q| *q != power) {
                    let m = p.cities_of(*q).len();
                    prop_assert!(m < n || m < before.options.goal.cities());
                }
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

        /// Random legal play in every scenario with random options keeps the invariants after
        /// every phase, and the same seed and inputs give the same game.
        #[test]
        fn random_games_keep_the_year_invariants(seed in any::<u64>()) {
            let game_seed = Seed::from_u64(seed);
            let mut stream = Stream::new(&game_seed, "condottieri/year-properties", 0);
            let mut g = Game::new(options(&mut stream)).expect("valid options");
            for _ in 0..36 {
                if g.end.is_some() {
                    break;
                }
                let input = submissions(&g, &mut stream);
                let dues = g.dues();
                let (next, report) = g.next(&input, &game_seed);
                prop_assert_eq!(&(next.clone(), report.clone()), &g.next(&input, &game_seed), "deterministic");
                check_step(&g, &next, &report.events, &dues)?;
                prop_assert!(next.end.is_some() || next.phase > g.phase, "phases only go forward");
                g = next;
            }
        }
    }

    // ---------------------------------------------------------------------------------------
    // The year does not depend on unit ids (§18, R55): the same game with its units renumbered,
    // fed the same decisions renumbered alike, walks through the same years.

    /// `id` under `perm` (old → new); ids outside it (units built later) keep their number.
    fn remap(perm: &BTreeMap<u32, u32>, id: u32) -> u32 {
        perm.get(&id).copied().unwrap_or(id)
    }

    /// The game with every unit id renumbered by `perm`; `next_id` stays above all of them.
    fn renumber_game(g: &Game, perm: &BTreeMap<u32, u32>) -> Game {
        let mut h = g.clone();
        for u in h.position.units.iter_mut() {
            u.id = remap(perm, u.id);
        }
        h.position.units.sort_by_key(|u| u.id);
        for r in h.retreating.iter_mut() {
            r.unit.id = remap(perm, r.unit.id);
        }
        h.retreating.sort_by_key(|r| r.unit.id);
        h
    }

    /// The decisions with every unit id renumbered by `perm`: orders, bribes' targets, retreats,
    /// named disbands and upkeep lines.
    fn renumber_input(input: &Submissions, perm: &BTreeMap<u32, u32>) -> Submissions {
        let mut out = input.clone();
        for orders in out.orders.values_mut() {
            *orders = orders
                .iter()
                .map(|(id, o)| (remap(perm, *id), *o))
                .collect();
        }
        for s in out.money.values_mut() {
            for e in s.expenses.iter_mut() {
                if let Target::Unit(id) = e.target {
                    e.target = Target::Unit(remap(perm, id));
                }
            }
        }
        out.retreats = input
            .retreats
            .iter()
            .map(|(id, r)| (remap(perm, *id), *r))
            .collect();
        for adj in out.adjustments.values_mut() {
            for id in adj.disbands.iter_mut().chain(adj.maintain.iter_mut()) {
                *id = remap(perm, *id);
            }
        }
        out
    }

    /// A game or report as JSON with every unit id read through `back` and every list whose
    /// order follows ids sorted, so that two runs compare up to the renumbering.
    fn canonical(v: &Value, back: &BTreeMap<u32, u32>) -> Value {
        let id = |x: &Value| Value::from(remap(back, x.as_u64().expect("an id") as u32));
        let sorted = |mut items: Vec<Value>| {
            items.sort_by_key(|x| x.to_string());
            Value::Array(items)
        };
        match v {
            Value::Object(map) => {
                let mut out = serde_json::Map::new();
                for (k, x) in map {
                    let y = match (k.as_str(), x) {
                        ("id" | "unit", Value::Number(_)) => id(x),
                        (
                            "units" | "disbanded" | "defaulted" | "freed" | "besieged_out",
                            Value::Array(a),
                        ) if a.iter().all(Value::is_number) => sorted(a.iter().map(id).collect()),
                        // (id, power) of a purchase, (id, field) of a retreat.
                        ("bought" | "retreated", Value::Array(a)) => sorted(
                            a.iter()
                                .map(|pair| Value::Array(vec![id(&pair[0]), pair[1].clone()]))
                                .collect(),
                        ),
                        _ => canonical(x, back),
                    };
                    out.insert(k.clone(), y);
                }
                Value::Object(out)
            }
            Value::Array(a) => {
                let items: Vec<Value> = a.iter().map(|x| canonical(x, back)).collect();
                // Units, unit reports and retreating units are listed in id order.
                let by_unit = items
                    .iter()
                    .all(|x| x.get("id").is_some() || x.get("unit").is_some_and(Value::is_object));
                if by_unit && !items.is_empty() {
                    sorted(items)
                } else {
                    Value::Array(items)
                }
            }
            other => other.clone(),
        }
    }

    fn json<T: serde::Serialize>(x: &T) -> Value {
        serde_json::to_value(x).expect("serializable")
    }

    /// Adjustments that name every choice, so that no default picks units by id: without
    /// Finances exactly the forced disbands, with Finances each unit maintained or disbanded;
    /// then builds at random.
    fn explicit_adjustments(g: &Game, stream: &mut Stream) -> BTreeMap<Power, Adjustment> {
        let mut out = BTreeMap::new();
        for (due, cities) in g.dues() {
            let mut adj = Adjustment::default();
            let mut units: Vec<&Unit> = g.position.units_of(due.power).collect();
            stream.shuffle(&mut units);
            let line = |verb: &str, u: &Unit| format!("{verb} {} {}", u.kind.letter(), u.area);
            if due.finances {
                for u in &units {
                    let keep = stream.below(4) > 0
                        && apply_adjust_line(
                            &g.position,
                            &due,
                            &cities,
                            &mut adj,
                            &line("MAINTAIN", u),
                        )
                        .is_ok();
                    if !keep {
                        let named = apply_adjust_line(
                            &g.position,
                            &due,
                            &cities,
                            &mut adj,
                            &line("DISBAND", u),
                        );
                        assert!(named.is_ok(), "{named:?}");
                    }
                }
            } else {
                for u in units.iter().take(due.must_disband) {
                    let named = apply_adjust_line(
                        &g.position,
                        &due,
                        &cities,
                        &mut adj,
                        &line("DISBAND", u),
                    );
                    assert!(named.is_ok(), "{named:?}");
                }
            }
            for a in &due.build_areas {
                let k = ["A", "F", "G"][stream.below(3) as usize];
                let _ = apply_adjust_line(
                    &g.position,
                    &due,
                    &cities,
                    &mut adj,
                    &format!("BUILD {k} {a}"),
                );
            }
            out.insert(due.power, adj);
        }
        out
    }

    /// Decisions for the open phase: battle-heavy orders (convoys included) per owner, money
    /// with bribes whose buyers also order the units they buy (R44, R58), retreats, and
    /// adjustments that leave nothing to an id-ordered default.
    fn rich_submissions(g: &Game, stream: &mut Stream) -> Submissions {
        let mut input = Submissions::default();
        match g.phase.step {
            Step::Orders => {
                let all = orders(&g.position, stream);
                for power in g.surviving() {
                    let mut own = Orders::new();
                    for u in g.position.units_of(power) {
                        if let Some(o) = all.get(&u.id).filter(|o| check(&g.position, u, o).is_ok())
                        {
                            own.insert(u.id, *o);
                        }
                    }
                    if g.options.finances {
                        let spending = money(g, power, stream);
                        for id in spending.buying() {
                            let u = g.position.unit(id).expect("a bought unit exists");
                            own.insert(id, order(&g.position, u, stream));
                        }
                        input.money.insert(power, spending);
                    }
                    input.orders.insert(power, own);
                }
            }
            Step::Retreats => input = submissions(g, stream),
            Step::Adjustments => input.adjustments = explicit_adjustments(g, stream),
        }
        input
    }

    /// §18's invariants of a step that `check_step` leaves out: ids are never reused and new
    /// ones come from `next_id`; after an orders phase only besiegers of a garrison (or of a
    /// garrisoned rebellion against them) keep a siege counter; retreats end only where the
    /// published options allowed.
    fn check_ids_sieges_retreats(
        before: &Game,
        after: &Game,
        events: &[Event],
    ) -> Result<(), TestCaseError> {
        prop_assert!(after.position.next_id >= before.position.next_id);
        for u in &after.position.units {
            let old = before.position.unit(u.id);
            prop_assert!(
                old.is_some()
                    || u.id >= before.position.next_id
                    || before.retreating.iter().any(|r| r.unit.id == u.id),
                "unit {} reuses an id",
                u.id
            );
            if let Some(old) = old {
                // Moves, conversions and purchases keep the id; a field unit and a garrison
                // may trade places only by conversion.
                prop_assert!(
                    old.kind == u.kind || old.area == u.area,
                    "unit {} changed",
                    u.id
                );
            }
        }
        for e in events {
            match e {
                Event::Orders { result } => {
                    for u in result.position.units.iter().filter(|u| u.siege == 1) {
                        let g = result.position.garrison(u.area);
                        prop_assert!(
                            g.is_some_and(|g| g.owner != u.owner)
                                || (u.owner.is_some()
                                    && result.position.rebel_city(u.area) == u.owner),
                            "unit {} keeps a siege counter in {}",
                            u.id,
                            u.area
                        );
                    }
                }
                Event::Retreats { result } => {
                    let mut fields = std::collections::BTreeSet::new();
                    for (id, to) in &result.retreated {
                        let r = before
                            .retreating
                            .iter()
                            .find(|r| r.unit.id == *id)
                            .expect("a retreating unit");
                        match to {
                            Some(a) => {
                                prop_assert!(r.fields.contains(a), "retreat of {} to {}", id, a)
                            }
                            None => prop_assert!(r.city, "retreat of {} into its city", id),
                        }
                        if let Some(a) = to {
                            prop_assert!(fields.insert(*a), "two retreats end in {}", a);
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 12, .. ProptestConfig::default() })]

        /// Whole years of random games (retreats, adjustments, Finances with bribes, disasters)
        /// played twice, the second time with every unit renumbered by a random permutation and
        /// every decision renumbered alike, reach the same games and reports up to the
        /// renumbering; replaying the decisions from the start reproduces the game.
        #[test]
        fn a_year_does_not_depend_on_unit_ids(seed in any::<u64>()) {
            let game_seed = Seed::from_u64(seed);
            let mut stream = Stream::new(&game_seed, "condottieri/year-ids", 0);
            let mut opts = options(&mut stream);
            // Half the games start from the scenario, half from a crowded board of the Balance
            // of Power where battles, retreats and bribes come at once.
            let start = if stream.below(2) == 0 {
                Game::new(opts).expect("valid options")
            } else {
                opts.scenario = "balance".to_owned();
                let p = generate::crowded_start(&mut stream, opts.finances);
                Game::at(opts, p)
            };
            let ids: Vec<u32> = start.position.units.iter().map(|u| u.id).collect();
            let mut shuffled = ids.clone();
            stream.shuffle(&mut shuffled);
            let perm: BTreeMap<u32, u32> = ids.iter().copied().zip(shuffled.iter().copied()).collect();
            let back: BTreeMap<u32, u32> = perm.iter().map(|(a, b)| (*b, *a)).collect();
            let identity = BTreeMap::new();
            let (mut g, mut h) = (start.clone(), renumber_game(&start, &perm));
            let mut log = Vec::new();
            for _ in 0..14 {
                if g.end.is_some() {
                    break;
                }
                let input = rich_submissions(&g, &mut stream);
                let dues = g.dues();
                let (next, report) = g.next(&input, &game_seed);
                let (next_h, report_h) = h.next(&renumber_input(&input, &perm), &game_seed);
                prop_assert_eq!(
                    canonical(&json(&next), &identity),
                    canonical(&json(&next_h), &back),
                    "the game after {:?}", g.phase
                );
                prop_assert_eq!(
                    canonical(&json(&report), &identity),
                    canonical(&json(&report_h), &back),
                    "the report of {:?}", g.phase
                );
                check_step(&g, &next, &report.events, &dues)?;
                check_ids_sieges_retreats(&g, &next, &report.events)?;
                log.push(input);
                g = next;
                h = next_h;
            }
            let replayed = log.iter().fold(start, |game, input| game.next(input, &game_seed).0);
            prop_assert_eq!(replayed, g, "replaying the decisions reproduces the game");
        }
    }

    /// The year's id property is not vacuous: crowded games with Finances reach retreats,
    /// convoys, purchases and forced choices in the adjustments within their first year.
    #[test]
    fn crowded_years_reach_retreats_convoys_bribes_and_adjustments() {
        let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
        for seed in 0..6u64 {
            let game_seed = Seed::from_u64(seed);
            let mut stream = Stream::new(&game_seed, "condottieri/year-reach", 0);
            let mut opts = Options::of("balance");
            opts.finances = true;
            let mut g = Game::at(opts, generate::crowded_start(&mut stream, true));
            for _ in 0..8 {
                if g.end.is_some() {
                    break;
                }
                let input = rich_submissions(&g, &mut stream);
                let (next, report) = g.next(&input, &game_seed);
                for e in &report.events {
                    let key = match e {
                        Event::Retreats { result } if !result.retreated.is_empty() => "retreat",
                        Event::Money { result } if !result.bought.is_empty() => "purchase",
                        Event::Orders { result }
                            if result
                                .reports
                                .iter()
                                .any(|x| x.outcome == Outcome::ConvoyEffective) =>
                        {
                            "convoy"
                        }
                        Event::Adjustments { result } if !result.disbanded.is_empty() => {
                            "named disband"
                        }
                        Event::Adjustments { result } if !result.built.is_empty() => "build",
                        _ => continue,
                    };
                    *seen.entry(key).or_default() += 1;
                }
                g = next;
            }
        }
        for key in ["retreat", "purchase", "convoy", "named disband"] {
            assert!(seen.contains_key(key), "{key}: {seen:?}");
        }
    }
}
