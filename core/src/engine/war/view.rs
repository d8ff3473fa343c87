//! What one viewer may know of a game (§7): the board, the phase and every public mark for
//! all; a seat's own hand, objective, Intelligence cards and standing orders for that seat;
//! counts for everyone else; everything once the game is over.

use super::actions::{Decision, Event};
use super::cards::{Card, Colour, Objective};
use super::map::{Continent, Territory};
use super::orders::{Plan, StandingOrders};
use super::state::{attack_limit, AttackPending, Game, Options, Outcome, Phase};
use crate::engine::{Audience, Seat, Seed, Sight, Viewer};
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub viewer: Viewer,
    pub rules_version: u32,
    pub options: Options,
    pub players: u8,
    pub round: u32,
    pub turn: u32,
    pub active: Seat,
    pub dealer: Seat,
    pub first: Seat,
    pub board: Vec<TerritoryView>,
    pub seats: Vec<SeatView>,
    pub draw_pile: usize,
    /// The discard pile, oldest first; face-down cards this viewer may not see are `null`.
    pub discard: Vec<PileView>,
    /// Cards that activated a power this turn, revealed cards among them (public).
    pub used: Vec<Card>,
    pub terrain: Vec<Card>,
    pub passage: Vec<Card>,
    pub phase: PhaseView,
    /// Who the game waits on, and for what.
    pub waiting: Vec<Waiting>,
    pub battles: u32,
    pub conquests: u32,
    pub outcome: Option<Outcome>,
    /// Once the game is over: the draw pile, top card first, and the seed.
    pub draw: Option<Vec<Card>>,
    pub seed: Option<Seed>,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct TerritoryView {
    pub territory: Territory,
    pub owner: Seat,
    pub armies: u32,
    /// Phase C: armies that already moved this phase.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moved: Option<u32>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub seat: Seat,
    pub colour: Colour,
    pub territories: u32,
    pub armies: u32,
    pub continents: Vec<Continent>,
    pub hand_count: usize,
    /// The cards, when this viewer may see them.
    pub hand: Option<Vec<Card>>,
    /// Cards this seat has revealed this turn (face up in its hand).
    pub revealed: Vec<Card>,
    /// Cards drawn through Intelligence this turn, to their holder.
    pub intelligence: Option<Vec<Card>>,
    pub objective: Option<Objective>,
    pub orders: Option<StandingOrders>,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct PileView {
    pub card: Option<Card>,
    pub face_down: bool,
}

#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PhaseView {
    Reinforce {
        base: u32,
        trades: u32,
        continents: Vec<(Continent, u32)>,
        converted: Option<Vec<Continent>>,
        terr: Vec<(Territory, u32)>,
        total: u32,
    },
    Combat {
        attacks: u32,
        limit: Option<u32>,
        attack: Option<AttackView>,
    },
    Movement,
    HandLimit {
        discard: u32,
    },
    Over,
}

#[derive(Clone, Debug, Serialize)]
pub struct AttackView {
    pub from: Territory,
    pub to: Territory,
    pub defender: Seat,
    pub air: bool,
    pub battles: u32,
    /// The dice of the battle under way (D3), attacker's then defender's.
    pub dice: Option<(Vec<u8>, Vec<u8>)>,
    pub moving_in: bool,
    /// The plan, to the attacker only.
    pub plan: Option<Plan>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Waiting {
    pub seat: Seat,
    pub decision: Decision,
}

impl Game {
    pub fn view(&self, viewer: Viewer) -> View {
        let over = self.is_over();
        let sees_all = over || viewer == Viewer::Reviewer;
        let sees = |seat: Seat| sees_all || viewer == Viewer::Seat(seat);
        let board = Territory::ALL
            .iter()
            .map(|&t| TerritoryView {
                territory: t,
                owner: self.owner(t),
                armies: self.armies(t),
                moved: matches!(self.phase, Phase::Movement(_)).then(|| self.moved(t)),
            })
            .collect();
        let seats = Seat::all(self.players)
            .map(|seat| {
                let hand = self.hand(seat);
                SeatView {
                    seat,
                    colour: self.colour(seat),
                    territories: self.territory_count(seat),
                    armies: self.army_count(seat),
                    continents: self.continents_of(seat),
                    hand_count: hand.len(),
                    hand: sees(seat).then(|| hand.iter().collect()),
                    revealed: hand
                        .iter()
                        .filter(|c| self.terrain.contains(*c) || self.passage.contains(*c))
                        .collect(),
                    intelligence: sees(seat).then(|| {
                        hand.iter()
                            .filter(|c| self.intelligence.contains(*c))
                            .collect()
                    }),
                    objective: sees(seat).then(|| self.objective(seat)),
                    orders: sees(seat).then(|| self.orders(seat).clone()),
                }
            })
            .collect();
        let phase = match &self.phase {
            Phase::Reinforce(r) => {
                let pools = self.pools().expect("phase A");
                PhaseView::Reinforce {
                    base: pools.base,
                    trades: pools.trades,
                    total: pools.total(),
                    continents: pools.cont.clone(),
                    converted: r.converted.clone(),
                    terr: pools.terr.entries().collect(),
                }
            }
            Phase::Combat(c) => PhaseView::Combat {
                attacks: c.attacks,
                limit: attack_limit(self.round),
                attack: c.attack.as_ref().map(|a| AttackView {
                    from: a.from,
                    to: a.to,
                    defender: self.owner(a.to),
                    air: a.air,
                    battles: a.battles,
                    dice: match &a.pending {
                        Some(AttackPending::Reaction {
                            attack, defence, ..
                        }) => Some((attack.clone(), defence.clone())),
                        _ => None,
                    },
                    moving_in: matches!(a.pending, Some(AttackPending::MoveIn { .. })),
                    plan: sees(self.active).then(|| a.plan.clone()),
                }),
            },
            Phase::Movement(_) => PhaseView::Movement,
            Phase::HandLimit => PhaseView::HandLimit {
                discard: self.hand(self.active).len() as u32 - 6,
            },
            Phase::Over { .. } => PhaseView::Over,
        };
        View {
            viewer,
            rules_version: self.rules_version,
            options: self.options.clone(),
            players: self.players,
            round: self.round,
            turn: self.turn(),
            active: self.active,
            dealer: self.dealer,
            first: self.first_player(),
            board,
            seats,
            draw_pile: self.draw.len(),
            discard: self
                .discard
                .iter()
                .map(|pc| PileView {
                    card: match pc.face_down_by {
                        None => Some(pc.card),
                        Some(by) => sees(by).then_some(pc.card),
                    },
                    face_down: pc.face_down_by.is_some(),
                })
                .collect(),
            used: self.used.iter().collect(),
            terrain: self.terrain.iter().collect(),
            passage: self.passage.iter().collect(),
            phase,
            waiting: self
                .current_decision()
                .map(|decision| Waiting {
                    seat: self.active,
                    decision,
                })
                .into_iter()
                .collect(),
            battles: self.battles,
            conquests: self.conquests,
            outcome: self.outcome().cloned(),
            draw: sees_all.then(|| self.draw_pile()),
            seed: sees_all.then_some(self.seed),
        }
    }
}

/// The events one viewer may see, in order: the audience decides, and a viewer who sees a
/// private event is not also shown its public, count-only twin.
pub fn visible_events<'a>(
    events: &'a [(Audience, Event)],
    viewer: Viewer,
    sight: &Sight,
) -> Vec<&'a Event> {
    events
        .iter()
        .filter(|(audience, _)| audience.admits(viewer, sight))
        .map(|(_, event)| event)
        .filter(|event| !knows_more(event, viewer, sight))
        .collect()
}

fn knows_more(event: &Event, viewer: Viewer, sight: &Sight) -> bool {
    let seat = match event {
        Event::Drew { seat, .. } | Event::HandLimitDiscarded { seat, .. } => *seat,
        _ => return false,
    };
    Audience::Only(seat).admits(viewer, sight)
}
