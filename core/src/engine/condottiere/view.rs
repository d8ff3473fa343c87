//! What one viewer may know of a game: the only way state leaves the engine for people.
//! A seat sees its own hand and face-down cards; spectators see counts; reviewers, after the end, all.

use super::actions::{Action, Decision, Event};
use super::cards::Card;
use super::map::Region;
use super::state::{BattleKind, Game, Options, Outcome, Series, Step};
use super::strength::strengths;
use crate::engine::{Audience, Seat, Seed, Sight, Viewer};
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub viewer: Viewer,
    pub rules_version: u32,
    pub options: Options,
    pub players: u8,
    pub holder: Seat,
    pub contested: Option<Region>,
    pub pope: Option<Region>,
    pub seats: Vec<SeatView>,
    pub discard: Vec<Card>,
    pub draw_pile: usize,
    pub battle: Option<BattleView>,
    /// Who the game waits on, and for what.
    pub waiting: Vec<Waiting>,
    /// The seats that answered the simultaneous decision under way (D6, D8) and may still
    /// change their answer until the last waiting seat answers.
    pub answered: Vec<Seat>,
    /// The viewing seat's own answer to that decision, which only it sees until it resolves.
    pub answer: Option<Action>,
    pub round: u32,
    pub battles: u32,
    pub deals: u32,
    pub series: Option<Series>,
    pub outcome: Option<Outcome>,
    /// Reviewers after the end only: the draw pile, top card first, and the seed.
    pub deck: Option<Vec<Card>>,
    pub seed: Option<Seed>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub seat: Seat,
    pub hand_count: usize,
    /// The cards, when this viewer may see them.
    pub hand: Option<Vec<Card>>,
    pub line: Vec<CardView>,
    /// The line's strength as this viewer can work it out [R30].
    pub strength: u32,
    pub regions: Vec<Region>,
    pub passed: bool,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct CardView {
    /// `None` for a face-down card this viewer may not see.
    pub card: Option<Card>,
    pub face_down: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct BattleView {
    pub kind: BattleKind,
    pub active: Seat,
    pub participants: Vec<Seat>,
    pub defender: Option<Seat>,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct Waiting {
    pub seat: Seat,
    pub decision: Decision,
}

impl Game {
    pub fn view(&self, viewer: Viewer) -> View {
        let sees_all = viewer == Viewer::Reviewer;
        let sees = |owner: Seat| sees_all || viewer == Viewer::Seat(owner);
        let strength = strengths(&self.lines, |owner, lc| !lc.face_down || sees(owner));
        let battle = self.battle();
        let seats = Seat::all(self.players)
            .map(|seat| SeatView {
                seat,
                hand_count: self.hand(seat).len(),
                hand: sees(seat).then(|| self.hand(seat).cards()),
                line: self
                    .line(seat)
                    .iter()
                    .map(|lc| CardView {
                        card: (!lc.face_down || sees(seat)).then_some(lc.card),
                        face_down: lc.face_down,
                    })
                    .collect(),
                strength: strength[seat.index()],
                regions: self.regions_of(seat),
                passed: battle.is_some_and(|b| b.passed.contains(seat)),
            })
            .collect();
        View {
            viewer,
            rules_version: self.rules_version,
            options: self.options.clone(),
            players: self.players,
            holder: self.holder,
            contested: self.contested,
            pope: self.pope,
            seats,
            discard: self.discard.clone(),
            draw_pile: self.draw.len(),
            battle: battle.map(|b| BattleView {
                kind: b.kind,
                active: b.active,
                participants: b.participants.map_or_else(
                    || Seat::all(self.players).collect(),
                    |p| p.seats().collect(),
                ),
                defender: if b.kind == BattleKind::Region {
                    self.defender()
                } else {
                    None
                },
            }),
            waiting: Seat::all(self.players)
                .filter_map(|seat| {
                    self.decision(seat)
                        .map(|decision| Waiting { seat, decision })
                })
                .collect(),
            answered: self.answered(),
            answer: match viewer {
                Viewer::Seat(seat) => self.answer(seat),
                _ => None,
            },
            round: self.round,
            battles: self.battles,
            deals: self.deals,
            series: self.series.clone(),
            outcome: self.outcome().cloned(),
            deck: sees_all.then(|| self.draw.iter().rev().copied().collect()),
            seed: sees_all.then_some(self.seed),
        }
    }

    /// Whether the game is waiting on nobody because it has ended.
    pub fn is_over(&self) -> bool {
        matches!(self.step, Step::Over { .. })
    }
}

/// The events one viewer may see, in order.
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

/// Whether this viewer also sees the private event behind a public, count-only one (a deal, a
/// face-down play, kept cards), which then says everything this one says.
fn knows_more(event: &Event, viewer: Viewer, sight: &Sight) -> bool {
    let seat = match event {
        Event::Dealt { seat, .. }
        | Event::PlayedFaceDown { seat }
        | Event::KeptCount { seat, .. } => *seat,
        _ => return false,
    };
    Audience::Only(seat).admits(viewer, sight)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_viewer_who_sees_the_cards_is_not_also_told_the_count() {
        let seat = Seat(1);
        let events = vec![
            (Audience::Everyone, Event::Dealt { seat, count: 2 }),
            (
                Audience::Only(seat),
                Event::Received {
                    seat,
                    cards: vec![Card::M1, Card::M2],
                },
            ),
        ];
        let seen = |viewer, over| {
            visible_events(&events, viewer, &Sight::over(over))
                .into_iter()
                .cloned()
                .collect::<Vec<_>>()
        };
        assert_eq!(seen(Viewer::Seat(seat), false), vec![events[1].1.clone()]);
        assert_eq!(
            seen(Viewer::Seat(Seat(0)), false),
            vec![events[0].1.clone()]
        );
        assert_eq!(seen(Viewer::Spectator, true), vec![events[0].1.clone()]);
        assert_eq!(seen(Viewer::Reviewer, true), vec![events[1].1.clone()]);
    }
}
