//! The table's events in words: seats, written lines, READY and votes, and the result report of
//! each phase (§7.9): what became of every order and why, retreats, adjustments, money, disasters.

use super::{area, areas, order, phase, power, unit};
use crate::engine::condottieri::adjudicate::Strengths;
use crate::engine::condottieri::finances::{ExpenseReport, MoneyApplied, Target};
use crate::engine::condottieri::rules::{Event, Written};
use crate::engine::condottieri::{
    Applied, Disaster, End, Event as YearEvent, ExpenseKind, Order, Outcome, PhaseResult, Power,
    Siege, Sub, UnitKind, UnitReport, Void,
};
use crate::present::{Ctx, Words};

/// One event as the pages tell it: one sentence, or the sentences of a report one after the
/// other.
pub(super) fn event(event: &Event, cx: &Ctx) -> String {
    let w = &cx.words;
    match event {
        Event::Seated { seat, power: p } => w.three(
            "condottieri-ev-seated",
            ("who", cx.who(*seat)),
            ("person", cx.person(*seat)),
            ("power", power(w, *p)),
        ),
        Event::Wrote {
            power: p,
            line,
            written,
        } => wrote(w, *p, line, written),
        Event::Ready { power: p } => w.one("condottieri-ev-ready", "power", power(w, *p)),
        Event::NotReady { power: p } => w.one("condottieri-ev-not-ready", "power", power(w, *p)),
        Event::Voted { power: p, vote } => w.one(
            if *vote {
                "condottieri-ev-voted-draw"
            } else {
                "condottieri-ev-withdrew-draw"
            },
            "power",
            power(w, *p),
        ),
        Event::Resolved { phase: p, next } => match next {
            Some(next) => w.two(
                "condottieri-ev-resolved",
                ("phase", phase(w, *p)),
                ("next", phase(w, *next)),
            ),
            None => w.one("condottieri-ev-resolved-last", "phase", phase(w, *p)),
        },
        Event::Happened { event } => happened(event, cx).join(" "),
    }
}

fn wrote(w: &Words, p: Power, line: &str, written: &Written) -> String {
    let args = |id: &str| w.two(id, ("power", power(w, p)), ("line", line.trim()));
    match written {
        Written::Order {
            applied: Applied::ClearedAll { count },
        } => w.two(
            "condottieri-ev-wrote-cleared-all",
            ("power", power(w, p)),
            ("count", *count),
        ),
        Written::Money {
            applied: MoneyApplied::Refunded { expense },
        } => w.two(
            "condottieri-ev-wrote-refunded",
            ("power", power(w, p)),
            ("amount", expense.amount),
        ),
        Written::Order { .. } => args("condottieri-ev-wrote-order"),
        Written::Money { .. } => args("condottieri-ev-wrote-money"),
        Written::Retreat { .. } => args("condottieri-ev-wrote-retreat"),
        Written::Adjust { .. } => args("condottieri-ev-wrote-adjustment"),
    }
}

fn owner(w: &Words, owner: Option<Power>) -> String {
    owner.map_or_else(|| w.get("condottieri-autonomous"), |p| power(w, p))
}

fn count_of(units: &[u32]) -> usize {
    units.len()
}

/// What a resolution did, one line each, in the engine's order.
pub(super) fn happened(event: &YearEvent, cx: &Ctx) -> Vec<String> {
    let w = &cx.words;
    match event {
        YearEvent::DrawAgreed => vec![w.get("condottieri-ev-draw-agreed")],
        YearEvent::Adjustments { result } => {
            let mut out: Vec<String> = result
                .built
                .iter()
                .map(|u| {
                    w.two(
                        "condottieri-ev-built",
                        ("power", owner(w, u.owner)),
                        ("unit", unit(u.kind, u.area)),
                    )
                })
                .collect();
            if !result.disbanded.is_empty() {
                out.push(w.one(
                    "condottieri-ev-adjust-disbanded",
                    "count",
                    count_of(&result.disbanded),
                ));
            }
            if !result.defaulted.is_empty() {
                out.push(w.one(
                    "condottieri-ev-adjust-defaulted",
                    "count",
                    count_of(&result.defaulted),
                ));
            }
            for (p, paid) in &result.paid {
                out.push(w.two(
                    "condottieri-ev-upkeep-paid",
                    ("power", power(w, *p)),
                    ("amount", *paid),
                ));
            }
            if out.is_empty() {
                out.push(w.get("condottieri-ev-adjust-nothing"));
            }
            out
        }
        YearEvent::Money { result } => {
            let mut out: Vec<String> = result.expenses.iter().map(|e| expense(w, e)).collect();
            for (from, transfer) in &result.transfers {
                out.push(w.three(
                    "condottieri-ev-transfer",
                    ("from", power(w, *from)),
                    ("amount", transfer.amount),
                    ("to", power(w, transfer.to)),
                ));
            }
            if !result.rebellions.is_empty() {
                out.push(w.one(
                    "condottieri-ev-rebellions",
                    "areas",
                    areas(w, &result.rebellions),
                ));
            }
            if !result.disbanded.is_empty() {
                out.push(w.one(
                    "condottieri-ev-bribe-disbanded",
                    "count",
                    count_of(&result.disbanded),
                ));
            }
            for (_, buyer) in &result.bought {
                out.push(w.one("condottieri-ev-bought", "power", power(w, *buyer)));
            }
            if !result.freed.is_empty() {
                out.push(w.one("condottieri-ev-freed", "count", count_of(&result.freed)));
            }
            if out.is_empty() {
                out.push(w.get("condottieri-ev-money-nothing"));
            }
            out
        }
        YearEvent::Orders { result } => orders(result, w),
        YearEvent::Retreats { result } => {
            let mut out: Vec<String> = result
                .retreated
                .iter()
                .filter_map(|(id, to)| {
                    let u = result.position.unit(*id)?;
                    Some(match to {
                        Some(to) => w.three(
                            "condottieri-ev-retreated",
                            ("power", owner(w, u.owner)),
                            ("unit", unit(u.kind, u.area)),
                            ("to", area(w, *to)),
                        ),
                        None => w.two(
                            "condottieri-ev-retreated-city",
                            ("power", owner(w, u.owner)),
                            ("unit", unit(u.kind, u.area)),
                        ),
                    })
                })
                .collect();
            if !result.disbanded.is_empty() {
                out.push(w.one(
                    "condottieri-ev-retreat-disbanded",
                    "count",
                    count_of(&result.disbanded),
                ));
            }
            if out.is_empty() {
                out.push(w.get("condottieri-ev-retreats-nothing"));
            }
            out
        }
        YearEvent::Liberated { areas: list } => {
            vec![w.one("condottieri-ev-liberated", "areas", areas(w, list))]
        }
        YearEvent::FamineLosses { areas: list, units } if units.is_empty() => {
            vec![w.one("condottieri-ev-famine-losses-none", "areas", areas(w, list))]
        }
        YearEvent::FamineLosses { areas: list, units } => vec![w.two(
            "condottieri-ev-famine-losses",
            ("count", count_of(units)),
            ("areas", areas(w, list)),
        )],
        YearEvent::Roll { roll } => {
            let disaster = w.get(match roll.disaster {
                Disaster::Famine => "condottieri-disaster-famine",
                Disaster::Plague => "condottieri-disaster-plague",
                Disaster::Storms => "condottieri-disaster-storms",
            });
            vec![if roll.areas.is_empty() {
                w.two(
                    "condottieri-ev-roll-none",
                    ("disaster", disaster),
                    ("die", roll.year_die),
                )
            } else {
                w.three(
                    "condottieri-ev-roll",
                    ("disaster", disaster),
                    ("die", roll.year_die),
                    ("areas", areas(w, &roll.areas)),
                )
            }]
        }
        YearEvent::PlagueLosses { units } if units.is_empty() => {
            vec![w.get("condottieri-ev-plague-losses-none")]
        }
        YearEvent::StormLosses { units } if units.is_empty() => {
            vec![w.get("condottieri-ev-storm-losses-none")]
        }
        YearEvent::PlagueLosses { units } => {
            vec![w.one("condottieri-ev-plague-losses", "count", count_of(units))]
        }
        YearEvent::StormLosses { units } => {
            vec![w.one("condottieri-ev-storm-losses", "count", count_of(units))]
        }
        YearEvent::Eliminated { powers, units } => vec![w.two(
            "condottieri-ev-eliminated",
            (
                "powers",
                w.list(powers.iter().map(|p| power(w, *p)).collect()),
            ),
            ("count", count_of(units)),
        )],
        YearEvent::Control { changes } => {
            // One line per new holder: "Milan now controls Pavia and Parma".
            let mut holders: Vec<Option<Power>> = changes.iter().map(|c| c.2).collect();
            holders.sort();
            holders.dedup();
            holders
                .into_iter()
                .map(|holder| {
                    let list: Vec<_> = changes
                        .iter()
                        .filter(|c| c.2 == holder)
                        .map(|c| c.0)
                        .collect();
                    match holder {
                        Some(p) => w.two(
                            "condottieri-ev-control",
                            ("power", power(w, p)),
                            ("areas", areas(w, &list)),
                        ),
                        None => w.one("condottieri-ev-control-lost", "areas", areas(w, &list)),
                    }
                })
                .collect()
        }
        YearEvent::Conquest { conquered, by } => vec![w.two(
            "condottieri-ev-conquest",
            ("conquered", power(w, *conquered)),
            ("by", power(w, *by)),
        )],
        YearEvent::IncomeDie { die } => vec![w.one("condottieri-ev-income-die", "die", *die)],
        YearEvent::Income { power: p, income } => vec![w.with(
            "condottieri-ev-income",
            &[
                ("power", power(w, *p).into()),
                ("total", income.total.into()),
                ("control", income.control.into()),
                ("major", income.major_cities.into()),
                ("occupation", income.occupation.into()),
                ("garrisons", income.garrisons.into()),
                ("variable", income.variable.into()),
            ],
        )],
        YearEvent::Ended { end } => vec![match end {
            End::Winner { power: p } => w.one("condottieri-ev-ended-winner", "power", power(w, *p)),
            End::Draw { powers } => w.one(
                "condottieri-ev-ended-draw",
                "powers",
                w.list(powers.iter().map(|p| power(w, *p)).collect()),
            ),
        }],
    }
}

fn expense(w: &Words, e: &ExpenseReport) -> String {
    let kind = match e.expense.kind {
        ExpenseKind::Relief => "relief",
        ExpenseKind::Pacify => "pacify",
        ExpenseKind::Rebel => "rebel",
        ExpenseKind::Counter => "counter",
        ExpenseKind::Disband => "disband",
        ExpenseKind::Buy => "buy",
        ExpenseKind::Free => "free",
    };
    let target = match e.expense.target {
        Target::Area(a) => area(w, a),
        Target::Unit(id) => w.one("condottieri-unit-number", "id", id),
    };
    w.with(
        if e.succeeded {
            "condottieri-ev-expense-succeeded"
        } else {
            "condottieri-ev-expense-failed"
        },
        &[
            ("power", power(w, e.payer).into()),
            ("amount", e.expense.amount.into()),
            ("kind", w.get(&format!("condottieri-expense-{kind}")).into()),
            ("target", target.into()),
        ],
    )
}

/// The area a unit's effective order enters, if it is an entry (§7.4): an advance, or a
/// garrison converting into the field of its own area.
fn entry(r: &UnitReport) -> Option<crate::engine::condottieri::Area> {
    match r.effective {
        Order::Advance { to, .. } => Some(to),
        Order::Convert { to } if r.unit.kind == UnitKind::Garrison && to != UnitKind::Garrison => {
            Some(r.unit.area)
        }
        _ => None,
    }
}

fn units(w: &Words, list: &[&UnitReport]) -> String {
    w.list(
        list.iter()
            .map(|r| unit(r.unit.kind, r.unit.area))
            .collect(),
    )
}

/// The orders phase's report: a line per unit, then standoffs, retreats, disbands, sieges.
fn orders(result: &PhaseResult, w: &Words) -> Vec<String> {
    let all = &result.reports;
    let by_id = |id: &u32| all.iter().find(|r| r.id == *id);
    // Units that held without an order and met nothing are one line per power; autonomous
    // garrisons (which never have orders) only when something happened to them.
    let idle = |r: &UnitReport| {
        r.written.is_none()
            && r.outcome == Outcome::Held
            && r.dislodged_from.is_none()
            && r.siege.is_none()
    };
    let mut out: Vec<String> = all
        .iter()
        .filter(|r| !idle(r))
        .map(|r| unit_line(r, all, w))
        .collect();
    let mut owners: Vec<Power> = all
        .iter()
        .filter(|r| idle(r))
        .filter_map(|r| r.unit.owner)
        .collect();
    owners.sort();
    owners.dedup();
    for p in owners {
        let held: Vec<&UnitReport> = all
            .iter()
            .filter(|r| idle(r) && r.unit.owner == Some(p))
            .collect();
        out.push(w.two(
            "condottieri-report-idle",
            ("power", power(w, p)),
            ("units", units(w, &held)),
        ));
    }
    if !result.standoffs.is_empty() {
        out.push(w.one(
            "condottieri-ev-standoffs",
            "areas",
            areas(w, &result.standoffs),
        ));
    }
    for r in &result.retreats {
        let mut options: Vec<String> = r.fields.iter().map(|a| area(w, *a)).collect();
        if r.city {
            options.push(w.get("condottieri-retreat-city"));
        }
        out.push(w.three(
            "condottieri-ev-must-retreat",
            ("power", owner(w, r.unit.owner)),
            ("unit", unit(r.unit.kind, r.unit.area)),
            ("options", w.list(options)),
        ));
    }
    for r in result.disbanded.iter().filter_map(by_id) {
        out.push(w.two(
            "condottieri-ev-disbanded-no-retreat",
            ("power", owner(w, r.unit.owner)),
            ("unit", unit(r.unit.kind, r.unit.area)),
        ));
    }
    for r in result.besieged_out.iter().filter_map(by_id) {
        out.push(w.two(
            "condottieri-ev-besieged-out",
            ("power", owner(w, r.unit.owner)),
            ("unit", unit(r.unit.kind, r.unit.area)),
        ));
    }
    if !result.rebellions_ended.is_empty() {
        out.push(w.one(
            "condottieri-ev-rebellions-ended",
            "areas",
            areas(w, &result.rebellions_ended),
        ));
    }
    out
}

/// "Milan: A MIL - PAV: advanced (attack 2 against 1)."
fn unit_line(r: &UnitReport, all: &[UnitReport], w: &Words) -> String {
    let written = match &r.written {
        Some(o) => order(r.unit.kind, r.unit.area, o),
        None => w.one(
            "condottieri-report-no-order",
            "unit",
            unit(r.unit.kind, r.unit.area),
        ),
    };
    let mut parts = Vec::new();
    if let Some(void) = r.void {
        let id = match void {
            Void::Illegal => "condottieri-void-illegal",
            Void::NoRoute => "condottieri-void-no-route",
            Void::UnmatchedConvoy => "condottieri-void-unmatched-convoy",
            Void::NoSiegeTarget => "condottieri-void-no-siege-target",
            Void::UnmatchedSupport => "condottieri-void-unmatched-support",
            Void::RebelCity => "condottieri-void-rebel-city",
        };
        parts.push(w.one("condottieri-report-void", "reason", w.get(id)));
    }
    // A void order held: its reason says so already.
    if r.void.is_none() || r.outcome != Outcome::Held {
        parts.push(result(r, all, w));
    }
    if let Some(siege) = r.siege {
        parts.push(w.get(match siege {
            Siege::Begun => "condottieri-siege-begun",
            Siege::Completed => "condottieri-siege-completed",
            Siege::Interrupted => "condottieri-siege-interrupted",
        }));
    }
    if let Some(from) = r.dislodged_from {
        parts.push(dislodged(r, from, all, w));
    }
    w.three(
        "condottieri-report-line",
        ("power", owner(w, r.unit.owner)),
        ("order", written),
        ("result", parts.join("; ")),
    )
}

fn result(r: &UnitReport, all: &[UnitReport], w: &Words) -> String {
    let strength = |s: Strengths| s.resistance.max(s.rival);
    match r.outcome {
        Outcome::Held => w.get("condottieri-result-held"),
        Outcome::Moved => match r.strengths {
            Some(s) => w.two(
                "condottieri-result-moved-strength",
                ("attack", s.attack),
                ("against", strength(s)),
            ),
            None => w.get("condottieri-result-moved"),
        },
        Outcome::Bounced => {
            let target = entry(r);
            let against: Vec<&UnitReport> = match (target, r.strengths) {
                (Some(to), Some(s)) if s.rival >= s.attack => all
                    .iter()
                    .filter(|o| o.id != r.id && entry(o) == Some(to))
                    .collect(),
                (Some(to), _) => all
                    .iter()
                    .filter(|o| o.id != r.id && o.unit.area == to && o.unit.kind.is_field())
                    .collect(),
                _ => Vec::new(),
            };
            match (against.is_empty(), r.strengths) {
                (false, Some(s)) => w.three(
                    "condottieri-result-bounced-against",
                    ("units", units(w, &against)),
                    ("attack", s.attack),
                    ("against", strength(s)),
                ),
                (true, Some(s)) => w.two(
                    "condottieri-result-bounced-strength",
                    ("attack", s.attack),
                    ("against", strength(s)),
                ),
                _ => w.get("condottieri-result-bounced"),
            }
        }
        Outcome::Garrisoned => w.get("condottieri-result-garrisoned"),
        Outcome::Converted => w.get("condottieri-result-converted"),
        Outcome::SupportGiven => w.get("condottieri-result-support-given"),
        Outcome::SupportCut => {
            let attackers: Vec<&UnitReport> = all
                .iter()
                .filter(|o| o.id != r.id && entry(o) == Some(r.unit.area))
                .collect();
            if attackers.is_empty() {
                w.get("condottieri-result-support-cut")
            } else {
                w.one(
                    "condottieri-result-support-cut-by",
                    "units",
                    units(w, &attackers),
                )
            }
        }
        Outcome::ConvoyEffective => w.get("condottieri-result-convoy-effective"),
        Outcome::ConvoyDisrupted => w.get("condottieri-result-convoy-disrupted"),
        Outcome::Besieged => w.get("condottieri-result-besieging"),
    }
}

/// "dislodged by A PAV supported by A PAR and F LS".
fn dislodged(
    r: &UnitReport,
    from: crate::engine::condottieri::Area,
    all: &[UnitReport],
    w: &Words,
) -> String {
    let Some(attacker) = all
        .iter()
        .find(|o| o.id != r.id && o.unit.area == from && entry(o) == Some(r.unit.area))
    else {
        return w.one("condottieri-report-dislodged-from", "area", area(w, from));
    };
    let supporters: Vec<&UnitReport> = all
        .iter()
        .filter(|o| o.outcome == Outcome::SupportGiven)
        .filter(|o| match o.effective {
            Order::Support { unit: u, sub } => {
                u.area == attacker.unit.area
                    && u.kind == attacker.unit.kind
                    && match sub {
                        Sub::Advance { to } => to == r.unit.area,
                        Sub::Convert { .. } => attacker.unit.area == r.unit.area,
                        Sub::Hold => false,
                    }
            }
            _ => false,
        })
        .collect();
    let by = unit(attacker.unit.kind, attacker.unit.area);
    if supporters.is_empty() {
        w.one("condottieri-report-dislodged", "by", by)
    } else {
        w.two(
            "condottieri-report-dislodged-supported",
            ("by", by),
            ("supporters", units(w, &supporters)),
        )
    }
}
