//! Checking a hand-written or stored position before it becomes a `Game`: every broken
//! invariant (§11.1 and the phase's own) is named, all of them at once.

use super::cards::{Card, CardSet, Colour, DECK_SIZE};
use super::map::{Territory, TERRITORY_COUNT};
use super::state::{attack_limit, table_colours, AttackPending, Phase, Position, RULES_VERSIONS};
use crate::engine::Seat;

/// Everything wrong with a position, one sentence each.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid position: {}", .0.join("; "))]
pub struct PositionError(pub Vec<String>);

pub(super) fn validate(p: &Position) -> Vec<String> {
    let mut problems = Vec::new();
    let mut say = |s: String| problems.push(s);
    if !RULES_VERSIONS.contains(&p.rules_version) {
        say(format!(
            "rules_version {} is not known (this engine plays {:?})",
            p.rules_version, RULES_VERSIONS
        ));
    }
    if !(3..=6).contains(&p.players) {
        say(format!("players must be 3 to 6, not {} (R2)", p.players));
        return problems;
    }
    let n = p.players as usize;
    let seat_ok = |s: Seat| s.index() < n;
    // Options and colours.
    if let Some(dealer) = p.options.dealer {
        if !seat_ok(dealer) {
            say(format!(
                "options.dealer: there is no seat {}",
                dealer.number()
            ));
        }
    }
    if p.options.round_limit == Some(0) {
        say("options.round_limit must be at least 1 (R30)".into());
    }
    if let Some(colours) = &p.options.colours {
        if colours.len() != n {
            say(format!(
                "options.colours names {} colours for {n} seats",
                colours.len()
            ));
        }
        if super::orders::has_duplicates(colours) {
            say("options.colours names a colour twice (§3.6)".into());
        }
    }
    let colours = table_colours(&p.options, p.players);
    // Objectives: a permutation of the colours in play with no fixed point (R3).
    if p.objectives.len() != n {
        say(format!(
            "objectives lists {} seats but the game has {n} players",
            p.objectives.len()
        ));
    } else if colours.len() == n {
        for (i, objective) in p.objectives.iter().enumerate() {
            let target = objective.target();
            if target == colours[i] {
                say(format!(
                    "{} holds the objective of its own colour {} (R3)",
                    Seat(i as u8),
                    target
                ));
            }
            if !colours.contains(&target) {
                say(format!(
                    "{} hunts {}, a colour not in play (R3)",
                    Seat(i as u8),
                    target
                ));
            }
        }
        let targets: Vec<Colour> = p.objectives.iter().map(|o| o.target()).collect();
        if super::orders::has_duplicates(&targets) {
            say(
                "two seats hold the same objective: the objectives must be a permutation (R3)"
                    .into(),
            );
        }
    }
    if !seat_ok(p.dealer) {
        say(format!("dealer: there is no seat {}", p.dealer.number()));
    }
    if !seat_ok(p.active) {
        say(format!("active: there is no seat {}", p.active.number()));
        return problems;
    }
    if p.round == 0 {
        say("round must be at least 1".into());
    }
    // The board.
    let move_in_target = match &p.phase {
        Phase::Combat(c) => c.attack.as_ref().and_then(|a| match a.pending {
            Some(AttackPending::MoveIn { .. }) => Some(a.to),
            _ => None,
        }),
        _ => None,
    };
    let mut owner: [Option<Seat>; TERRITORY_COUNT] = [None; TERRITORY_COUNT];
    let mut armies = [0u32; TERRITORY_COUNT];
    if p.territories.len() != n {
        say(format!(
            "territories lists {} seats but the game has {n} players",
            p.territories.len()
        ));
    }
    for (i, held) in p.territories.iter().enumerate() {
        let seat = Seat(i as u8);
        for (&t, &a) in held {
            if let Some(other) = owner[t.index()] {
                say(format!("{t} has two owners, {other} and {seat}"));
            }
            owner[t.index()] = Some(seat);
            armies[t.index()] = a;
            if a == 0 && Some(t) != move_in_target {
                say(format!(
                    "{t} has no army: every territory holds at least 1 outside a conquest (§11.1)"
                ));
            }
        }
    }
    let missing: Vec<&str> = Territory::ALL
        .iter()
        .filter(|t| owner[t.index()].is_none())
        .map(|t| t.id())
        .collect();
    if !missing.is_empty() && p.territories.len() == n {
        say(format!("no seat owns {}", missing.join(", ")));
    }
    if p.territories.len() == n && !matches!(p.phase, Phase::Over { .. }) {
        for (i, held) in p.territories.iter().enumerate() {
            if held.is_empty() {
                say(format!(
                    "{} owns no territory, yet the game goes on: it ends at the first elimination (§6.1, R27)",
                    Seat(i as u8)
                ));
            }
        }
    }
    let owner_of = |t: Territory| owner[t.index()];
    let armies_of = |t: Territory| armies[t.index()];
    // Cards: each of the 44 in exactly one place.
    if !p.hands.is_empty() && p.hands.len() != n {
        say(format!(
            "hands lists {} seats but the game has {n} players",
            p.hands.len()
        ));
    }
    let mut seen = [0u32; DECK_SIZE];
    for card in p
        .draw
        .iter()
        .flatten()
        .chain(p.discard.iter().map(|pc| &pc.card))
        .chain(p.hands.iter().flatten())
    {
        seen[card.index()] += 1;
    }
    for card in Card::all() {
        let count = seen[card.index()];
        if count > 1 {
            say(format!("{} is in {count} places", card.id()));
        } else if count == 0 && p.draw.is_some() {
            say(format!(
                "{} is nowhere: every card is in exactly one place",
                card.id()
            ));
        }
    }
    let placed: u32 = seen.iter().sum();
    let draw_empty = match &p.draw {
        Some(d) => d.is_empty(),
        None => placed as usize >= DECK_SIZE,
    };
    if draw_empty && !p.discard.is_empty() {
        say(
            "the draw pile is empty while the discard pile is not: it is reshuffled at once (R21)"
                .into(),
        );
    }
    for pc in &p.discard {
        if pc.face_down_by.is_some_and(|s| !seat_ok(s)) {
            say(format!(
                "{} was discarded by a seat the game does not have",
                pc.card.id()
            ));
        }
    }
    let hand = |s: Seat| -> CardSet {
        p.hands
            .get(s.index())
            .map(|h| h.iter().copied().collect())
            .unwrap_or_default()
    };
    let game_over = matches!(p.phase, Phase::Over { .. });
    for seat in (0..p.players).map(Seat) {
        let size = hand(seat).len();
        if seat != p.active && size > 6 {
            say(format!(
                "{seat} holds {size} cards: a seat ends its own turn with at most 6 and only the active player gains cards (§5.6, R26)"
            ));
        }
    }
    // Marks of the turn.
    let in_hands: CardSet = CardSet(p.hands.iter().flatten().fold(0, |m, c| {
        let mut set = CardSet(m);
        set.insert(*c);
        set.0
    }));
    if p.terrain.0 & p.passage.0 != 0 {
        say("a card is revealed for two powers at once (R15)".into());
    }
    for card in CardSet(p.terrain.0 | p.passage.0).iter() {
        if !p.used.contains(card) {
            say(format!(
                "{} is revealed but not marked used (R15)",
                card.id()
            ));
        }
        if card.is_joker() {
            say(format!(
                "{} is a joker and reveals no power (§3.4)",
                card.id()
            ));
        }
        if !in_hands.contains(card) {
            say(format!(
                "{} is revealed but in no hand: a revealed card stays in its holder's hand",
                card.id()
            ));
        }
    }
    for card in p.passage.iter() {
        if !hand(p.active).contains(card) {
            say(format!(
                "{} is revealed for Passagem Oculta but the active player does not hold it",
                card.id()
            ));
        }
    }
    let marks_empty = p.used.is_empty()
        && p.terrain.is_empty()
        && p.passage.is_empty()
        && p.intelligence.is_empty()
        && p.spent.iter().all(|&s| s == 0);
    // Orders.
    if !p.orders.is_empty() && p.orders.len() != n {
        say(format!(
            "orders lists {} seats but the game has {n} players",
            p.orders.len()
        ));
    }
    for (i, orders) in p.orders.iter().enumerate() {
        if let Some(problem) = orders.problem() {
            say(format!("{}'s standing orders: {problem}", Seat(i as u8)));
        }
    }
    if !p.spent.is_empty() && p.spent.len() != n {
        say(format!(
            "spent lists {} seats but the game has {n} players",
            p.spent.len()
        ));
    }
    if p.dice.iter().any(|d| !(1..=6).contains(d)) {
        say("dice holds a value outside 1 … 6".into());
    }
    // The phase.
    let active = p.active;
    match &p.phase {
        Phase::Reinforce(r) => {
            if !(p.used.is_empty() && p.terrain.is_empty() && p.passage.is_empty()) {
                say(
                    "powers are used in phases B and C only, yet cards are marked in phase A"
                        .into(),
                );
            }
            if let Some(converted) = &r.converted {
                if converted.is_empty() {
                    say("an Intelligence conversion names at least one continent (R7)".into());
                }
                if super::orders::has_duplicates(converted) {
                    say("an Intelligence conversion names a continent twice (R7)".into());
                }
                for c in converted {
                    if !c.territories().all(|t| owner_of(t) == Some(active)) {
                        say(format!(
                            "{} was converted but {active} does not own all of it (R7)",
                            c.id()
                        ));
                    }
                }
            }
            for (t, _) in r.terr.entries() {
                if owner_of(t) != Some(active) {
                    say(format!(
                        "a TERR pool lies on {t}, which {active} does not own (§5.2.1)"
                    ));
                }
            }
        }
        Phase::Combat(c) => {
            if p.round <= 1 {
                say("round 1 has no combat phase (R34)".into());
            }
            if let Some(limit) = attack_limit(p.round) {
                if c.attacks > limit {
                    say(format!(
                        "{} attacks were declared but round {} allows {limit} (R10)",
                        c.attacks, p.round
                    ));
                }
            }
            if let Some(a) = &c.attack {
                if owner_of(a.from) != Some(active) {
                    say(format!(
                        "the open attack's source {} is not the active player's",
                        a.from
                    ));
                }
                if armies_of(a.from) < 2 {
                    say(format!("the open attack's source {} has fewer than 2 armies: the attack would be closed", a.from));
                }
                if let Some(problem) = a.plan.problem() {
                    say(format!("the open attack's plan: {problem}"));
                }
                if !a.air && !a.from.borders(a.to) {
                    say(format!(
                        "{} does not border {}: only an air attack may target it",
                        a.from, a.to
                    ));
                }
                match &a.pending {
                    Some(AttackPending::MoveIn { dice }) => {
                        if owner_of(a.to) != Some(active) || armies_of(a.to) != 0 {
                            say(format!(
                                "moving in: {} must be the active player's with 0 armies",
                                a.to
                            ));
                        }
                        if !(1..=3).contains(dice) {
                            say("moving in: the conquering battle rolled 1 to 3 dice".into());
                        }
                    }
                    Some(AttackPending::Reaction {
                        attack, defence, ..
                    }) => {
                        if owner_of(a.to) == Some(active) {
                            say(format!(
                                "the open attack targets {}, the active player's own",
                                a.to
                            ));
                        }
                        let max_a = armies_of(a.from).saturating_sub(1).min(3) as usize;
                        if attack.is_empty() || attack.len() > max_a {
                            say(format!(
                                "the attacker rolls 1 to {max_a} dice here, not {}",
                                attack.len()
                            ));
                        }
                        let d = armies_of(a.to).min(3) as usize;
                        if defence.len() != d {
                            say(format!(
                                "the defender rolls {d} dice here, not {} (R11)",
                                defence.len()
                            ));
                        }
                        if attack.iter().chain(defence).any(|v| !(1..=6).contains(v)) {
                            say("a die shows a value outside 1 … 6".into());
                        }
                    }
                    None => {
                        if owner_of(a.to) == Some(active) {
                            say(format!(
                                "the open attack targets {}, the active player's own",
                                a.to
                            ));
                        }
                    }
                }
            }
        }
        Phase::Movement(m) => {
            for (t, moved) in m.moved.entries() {
                if owner_of(t) != Some(active) {
                    say(format!(
                        "{t} holds moved armies but is not the active player's"
                    ));
                }
                if moved > armies_of(t) {
                    say(format!(
                        "{t} holds {moved} moved armies but only {} armies",
                        armies_of(t)
                    ));
                }
            }
        }
        Phase::HandLimit => {
            if hand(active).len() <= 6 {
                say(format!(
                    "{active} discards down to 6 but holds {} cards (§5.6)",
                    hand(active).len()
                ));
            }
            if !marks_empty {
                say("the end of turn clears every mark before the hand-limit discard (R26)".into());
            }
        }
        Phase::Over { outcome } => {
            if outcome.winners.is_empty() || outcome.winners.iter().any(|&s| !seat_ok(s)) {
                say("the outcome must name the winning seats".into());
            }
        }
    }
    if !game_over {
        if let Some(limit) = p.options.round_limit {
            if p.round > limit {
                say(format!(
                    "round {} is past the round limit {limit} (R30)",
                    p.round
                ));
            }
        }
    }
    problems
}
