//! War's bot (`Rules::bot_action`): a greedy opponent that grows its territory and armies,
//! which is what wins the tie-break at the first elimination (§6.2, R28).
//!
//! It sees only what its seat may know (the board, its own hand) and chooses among the listed
//! actions of the decision it owes (`decision_actions`), so it never plays a move the rules
//! would refuse; where a listed attack carries a sample plan, it sends its own plan instead.
//! - **Reinforcements (D1):** it trades its largest group of three or more cards, then places
//!   the concentration that leaves its strongest border army against the weakest neighbour.
//! - **Combat (D2):** it attacks where its army outnumbers the defender's by two or more,
//!   from the largest margin, until the territory is taken or one army is left, and moves
//!   everything in when nothing else threatens the attacking territory; otherwise it ends the
//!   combat.
//! - **Moving in (D4):** everything it may when the attacking territory faces no other enemy.
//! - **Movement (D5):** armies stuck inside its own lands go to a border, then it ends the turn.
//! - Reactions (D3) and the hand limit (D6) take the deadline defaults; it keeps its orders.

use super::{Action, Amount, Decision, Game, Occupy, Plan, Territory, TerritoryCounts};
use crate::engine::Seat;

/// At least this many more armies than the defender before the bot attacks.
const MARGIN: u32 = 2;

/// The action the bot plays for `seat`: `None` when the seat owes nothing.
pub(super) fn action(game: &Game, seat: Seat) -> Option<Action> {
    let decision = game.decision(seat)?;
    let listed = game.decision_actions(seat);
    let chosen = match decision {
        Decision::Reinforcements { .. } => reinforce(game, seat, &listed),
        Decision::Combat { .. } => attack(game, &listed),
        Decision::MoveIn { from, to, max, .. } => move_in(game, from, to, max),
        Decision::Movement { .. } => regroup(game, seat, &listed),
        Decision::Reaction { .. } | Decision::HandLimit { .. } => None,
    };
    chosen.or_else(|| game.default_action(seat))
}

/// D1: the largest trade of three or more cards, else the best placement.
fn reinforce(game: &Game, seat: Seat, listed: &[Action]) -> Option<Action> {
    let trades = listed.iter().filter_map(|a| match a {
        Action::Trade { cards } if cards.len() >= 3 => Some((a, cards.len() as i64)),
        _ => None,
    });
    if let Some(trade) = first_best(trades) {
        return Some(trade.clone());
    }
    let placements = listed.iter().filter_map(|a| match a {
        Action::Place { armies } => Some((a, border_edge(game, seat, armies))),
        _ => None,
    });
    first_best(placements).cloned()
}

/// How far the strongest of `seat`'s border armies, with `placed` added, outnumbers its
/// weakest enemy neighbour.
fn border_edge(game: &Game, seat: Seat, placed: &TerritoryCounts) -> i64 {
    let own = game.territories_of(seat);
    own.iter()
        .flat_map(|from| {
            let army = i64::from(game.armies(from) + placed.get(from));
            from.neighbours()
                .minus(own)
                .iter()
                .map(move |to| army - i64::from(game.armies(to)))
        })
        .max()
        .unwrap_or(i64::MIN)
}

/// D2: the listed attack with the largest margin of at least [`MARGIN`], with a plan that
/// goes on until the territory is taken or one army is left; `None` ends the combat.
fn attack(game: &Game, listed: &[Action]) -> Option<Action> {
    let attacks = listed.iter().filter_map(|a| match a {
        Action::Attack {
            from,
            to,
            air_card: None,
            ..
        } if game.armies(*from) >= game.armies(*to) + MARGIN => Some((
            (*from, *to),
            i64::from(game.armies(*from)) - i64::from(game.armies(*to)),
        )),
        _ => None,
    });
    let best = first_best(attacks);
    Some(match best {
        Some((from, to)) => {
            // Everything moves in when nothing else threatens the attacking territory.
            let exposed = threatened(game, from, to);
            Action::Attack {
                from,
                to,
                air_card: None,
                plan: Plan {
                    occupy: if exposed { Occupy::Dice } else { Occupy::All },
                    ..Plan::default()
                },
            }
        }
        None => Action::EndCombat,
    })
}

/// D4: all it may when `from` faces no other enemy than `to`, else the default.
fn move_in(game: &Game, from: Territory, to: Territory, max: u32) -> Option<Action> {
    (!threatened(game, from, to)).then_some(Action::Occupy { armies: max })
}

/// Whether a neighbour of `t` other than `besides` belongs to someone else than `t`'s owner.
fn threatened(game: &Game, t: Territory, besides: Territory) -> bool {
    t.neighbours()
        .iter()
        .any(|n| n != besides && game.owner(n) != game.owner(t))
}

/// D5: the largest listed move of all the armies of an inland territory to a border one,
/// else the end of the turn.
fn regroup(game: &Game, seat: Seat, listed: &[Action]) -> Option<Action> {
    let own = game.territories_of(seat);
    let border = |t: Territory| !t.neighbours().minus(own).is_empty();
    let moves = listed.iter().filter_map(|a| match a {
        Action::Move { from, to, armies }
            if *armies == Amount::All && !border(*from) && border(*to) =>
        {
            Some((a, i64::from(game.fresh(*from).min(game.armies(*from) - 1))))
        }
        _ => None,
    });
    Some(
        first_best(moves)
            .cloned()
            .unwrap_or(Action::EndTurn { discard: None }),
    )
}

/// The first item with the highest score: the listed order breaks ties, so the bot's choice
/// follows the map's order (and the default's, listed first) rather than chance.
fn first_best<T>(scored: impl Iterator<Item = (T, i64)>) -> Option<T> {
    scored
        .fold(None, |best: Option<(T, i64)>, (item, score)| match best {
            Some((_, top)) if top >= score => best,
            _ => Some((item, score)),
        })
        .map(|(item, _)| item)
}
