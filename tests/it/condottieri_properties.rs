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
