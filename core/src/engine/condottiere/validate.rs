//! Checking a hand-written or stored position before it becomes a `Game`: every broken
//! invariant (cards, owners, the Pope, the step and its seats) is named, all of them at once.

use super::cards::{Card, DECK_SIZE, KINDS};
use super::map::REGION_COUNT;
use super::state::{BattleKind, Pending, Position, SeatSet, Step, RULES_VERSIONS};
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
    if !(2..=6).contains(&p.players) {
        say(format!("players must be 2 to 6, not {}", p.players));
        return problems;
    }
    let n = p.players as usize;
    let seat_ok = |s: Seat| s.index() < n;
    if p.hands.len() != n {
        say(format!(
            "hands lists {} seats but the game has {n} players",
            p.hands.len()
        ));
    }
    if !p.lines.is_empty() && p.lines.len() != n {
        say(format!(
            "lines lists {} seats but the game has {n} players",
            p.lines.len()
        ));
    }
    if !p.regions.is_empty() && p.regions.len() != n {
        say(format!(
            "regions lists {} seats but the game has {n} players",
            p.regions.len()
        ));
    }
    if let Some(target) = p.options.play_for_points {
        if target == 0 {
            say("the Play for Points target must be at least 1".into());
        }
    }
    if let Some(first) = p.options.first_holder {
        if !seat_ok(first) {
            say(format!(
                "options.first_holder: there is no seat {}",
                first.number()
            ));
        }
    }
    // Cards: every one of the 110 in exactly one place.
    let mut counts = [0u32; KINDS];
    for card in p.deck.iter().flatten().chain(&p.discard) {
        counts[card.index()] += 1;
    }
    for hand in &p.hands {
        for card in Card::ALL {
            counts[card.index()] += hand.count(card) as u32;
        }
    }
    for line in &p.lines {
        for lc in line {
            counts[lc.card.index()] += 1;
        }
    }
    let total: u32 = counts.iter().sum();
    for card in Card::ALL {
        let (have, copies) = (counts[card.index()], card.copies() as u32);
        if have > copies || (p.deck.is_some() && have != copies) {
            say(format!(
                "{} {} cards are placed but the deck has {copies}",
                have,
                card.code()
            ));
        }
    }
    if p.deck.is_some() && total != DECK_SIZE as u32 {
        say(format!("{total} cards are placed but the deck has 110"));
    }
    // Lines.
    for (i, line) in p.lines.iter().enumerate() {
        let seat = Seat(i as u8);
        let face_down = line.iter().filter(|c| c.face_down).count();
        if face_down > 0 && !p.options.hidden_cards {
            say(format!(
                "{seat} has a face-down card but Hidden Cards is off"
            ));
        }
        if face_down > 1 {
            say(format!(
                "{seat} has {face_down} face-down cards; at most one is allowed (R24)"
            ));
        }
        if let Some(lc) = line.iter().find(|c| c.card.is_transient()) {
            say(format!(
                "{seat}'s line holds a {}, which never stays on a line (R29)",
                lc.card
            ));
        }
        if let Some(lc) = line
            .iter()
            .find(|c| c.face_down && !c.card.is_hidden_type())
        {
            say(format!(
                "{seat}'s {} is face down but is always played face up (R24)",
                lc.card
            ));
        }
    }
    let in_play = |card: Card| p.lines.iter().flatten().any(|c| c.card == card);
    if in_play(Card::Winter) && in_play(Card::Spring) {
        say("Winter and Spring are in play together, which the seasons forbid (R3)".into());
    }
    // Regions.
    let mut owner: [Option<Seat>; REGION_COUNT] = [None; REGION_COUNT];
    for (i, regions) in p.regions.iter().enumerate() {
        let seat = Seat(i as u8);
        for &r in regions {
            match owner[r.index()] {
                Some(other) if other == seat => say(format!("{r} is listed twice for {seat}")),
                Some(other) => say(format!("{r} has two owners, {other} and {seat}")),
                None => owner[r.index()] = Some(seat),
            }
        }
        if regions.len() > 6 {
            say(format!(
                "{seat} controls {} regions but has only 6 markers",
                regions.len()
            ));
        }
    }
    if let Some(pope) = p.pope {
        if let Some(o) = owner[pope.index()] {
            if !p.options.capturing_regions {
                say(format!(
                    "the Pope stands on {pope}, which {o} controls (R5)"
                ));
            }
        }
        if p.contested == Some(pope) {
            say(format!(
                "the Pope and the Condottiere token both stand on {pope}"
            ));
        }
    }
    if !seat_ok(p.holder) {
        say(format!("holder: there is no seat {}", p.holder.number()));
    }
    match &p.series {
        Some(series) if p.options.play_for_points.is_some() => {
            if series.scores.len() != n {
                say(format!(
                    "series.scores lists {} seats, not {n}",
                    series.scores.len()
                ));
            }
            if !seat_ok(series.first_holder) {
                say("series.first_holder is not a seat of this game".into());
            }
        }
        Some(_) => say("series is given but Play for Points is off".into()),
        None if p.options.play_for_points.is_some() => {
            say("Play for Points is on but series is missing".into())
        }
        None => {}
    }
    let hand_len = |s: Seat| p.hands.get(s.index()).map_or(0, |h| h.len());
    match &p.step {
        Step::PlaceToken { .. } => {
            if p.contested.is_some() {
                say("the token is to be placed but already stands on a region".into());
            }
        }
        Step::Battle(b) => {
            let participants = b.participants.unwrap_or(SeatSet::all(p.players));
            if participants.seats().any(|s| !seat_ok(s)) || b.passed.seats().any(|s| !seat_ok(s)) {
                say("the battle names a seat the game does not have".into());
            }
            if !seat_ok(b.active) || !participants.contains(b.active) {
                say(format!(
                    "{} is active but does not take part in the battle",
                    b.active
                ));
            } else if b.passed.contains(b.active) {
                say(format!("{} is active but has already passed", b.active));
            } else if b.pending.is_none() && hand_len(b.active) == 0 {
                say(format!("{} is active but has no cards (R13)", b.active));
            }
            // A participant out of cards is passed at the start and after his last card, so
            // nobody but the active player finishing his turn is ever unpassed without cards.
            for s in participants.seats().filter(|&s| seat_ok(s)) {
                if s != b.active && !b.passed.contains(s) && hand_len(s) == 0 {
                    say(format!("{s} has no cards but has not passed (R13, R23)"));
                }
            }
            if let Some(s) = b.passed.seats().find(|&s| !participants.contains(s)) {
                say(format!(
                    "{s} has passed but does not take part in the battle"
                ));
            }
            if b.kind == BattleKind::Region && participants != SeatSet::all(p.players) {
                say("every seat takes part in a battle over a region".into());
            }
            if b.defender_played
                && (!p.options.capturing_regions
                    || p.contested.is_none_or(|r| owner[r.index()].is_none()))
            {
                say("defender_played is set but the battle has no defender".into());
            }
            match b.kind {
                BattleKind::Region => match p.contested {
                    None => say("a battle is under way but no region is contested".into()),
                    Some(r) if owner[r.index()].is_some() && !p.options.capturing_regions => {
                        say(format!("{r} is contested but already controlled"))
                    }
                    Some(r) if owner[r.index()] == Some(p.holder) => {
                        say(format!("{r} is contested by its own owner"))
                    }
                    _ => {}
                },
                _ => {
                    if p.contested.is_some() {
                        say("the final battle has no contested region".into());
                    }
                    if b.pending == Some(Pending::PopePlacement) {
                        say("the Pope does not move in the final battle".into());
                    }
                }
            }
            for (i, line) in p.lines.iter().enumerate() {
                if !line.is_empty() && !participants.contains(Seat(i as u8)) {
                    say(format!(
                        "{} has a line but does not take part",
                        Seat(i as u8)
                    ));
                }
            }
        }
        Step::HandDiscards {
            waiting,
            discarding,
        } => {
            if p.options.draw_after_battle {
                say("hands are never discarded under Draw After Battle (R25)".into());
            }
            for s in waiting.seats().chain(discarding.seats()) {
                let ok = p
                    .hands
                    .get(s.index())
                    .is_some_and(|h| !h.is_empty() && !h.has_mercenary());
                if !ok {
                    say(format!(
                        "{s} may not discard a hand: it must hold cards and no Mercenary"
                    ));
                }
            }
            // The seats that answered (and may still change it) are the eligible ones no
            // longer waiting; only they can be discarding.
            for s in discarding.seats().filter(|&s| waiting.contains(s)) {
                say(format!(
                    "{s} still owes its answer but is listed as discarding"
                ));
            }
            if waiting.is_empty() {
                say("hand_discards waits on nobody".into());
            }
        }
        Step::Keep { keeper } => {
            if p.options.draw_after_battle {
                say("nobody keeps cards under Draw After Battle: it has no rounds (R25)".into());
            }
            let holding: Vec<Seat> = Seat::all(p.players).filter(|&s| hand_len(s) > 0).collect();
            if holding != [*keeper] {
                say(format!(
                    "{keeper} keeps cards, but the keeper must be the only seat holding any"
                ));
            }
        }
        Step::Draws { waiting, chosen } => {
            if !p.options.draw_after_battle {
                say("draws happen only under Draw After Battle".into());
            }
            if waiting.is_empty() {
                say("draws waits on nobody".into());
            }
            if waiting.seats().any(|s| !seat_ok(s)) || chosen.iter().any(|c| !seat_ok(c.seat)) {
                say("draws names a seat the game does not have".into());
            } else {
                // Each seat that may draw (R25) either still waits or has chosen, once, within
                // its maximum; nobody else appears. Hands and regions do not change meanwhile.
                let regions = |s: Seat| p.regions.get(s.index()).map_or(0, |r| r.len());
                let max = |s: Seat| (10 + regions(s)).saturating_sub(hand_len(s)).min(3);
                for s in Seat::all(p.players) {
                    let choices: Vec<u8> = chosen
                        .iter()
                        .filter(|c| c.seat == s)
                        .map(|c| c.count)
                        .collect();
                    let waits = waiting.contains(s);
                    match (max(s), waits, choices.as_slice()) {
                        (0, false, []) => {}
                        (0, _, _) => say(format!("{s} may draw no cards but is asked to draw")),
                        (_, true, []) | (_, false, [_]) => {}
                        (_, false, []) => {
                            say(format!("{s} may draw but neither waits nor has chosen"))
                        }
                        (_, true, _) => say(format!("{s} still waits but has chosen already")),
                        (_, false, _) => say(format!("{s} has chosen more than once")),
                    }
                    if let Some(&count) = choices.iter().find(|&&c| usize::from(c) > max(s)) {
                        say(format!("{s} chose to draw {count}, more than {}", max(s)));
                    }
                }
            }
        }
        Step::Over { outcome } => {
            if outcome.winners.is_empty() || outcome.winners.iter().any(|&s| !seat_ok(s)) {
                say("the outcome must name the winning seats".into());
            }
        }
    }
    problems
}
