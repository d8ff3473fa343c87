//! Legality: who the game waits on, the decision each owes, the legal actions of any seat,
//! the check that rejects an action with the rule that forbids it, and the service defaults.

use super::actions::{Action, Decision, RuleError};
use super::cards::Card;
use super::state::{BattleKind, Game, Pending, Step};
use crate::engine::Seat;

impl Game {
    /// The decision this seat owes now, if any.
    pub fn decision(&self, seat: Seat) -> Option<Decision> {
        if seat.0 >= self.players {
            return None;
        }
        match &self.step {
            Step::Over { .. } => None,
            Step::PlaceToken { first } => (seat == self.holder).then_some(if *first {
                Decision::FirstBattleRegion
            } else {
                Decision::NextBattleRegion
            }),
            Step::Battle(b) => {
                if seat != b.active {
                    return None;
                }
                Some(match b.pending {
                    Some(Pending::ScarecrowTarget) => Decision::ScarecrowTarget,
                    Some(Pending::PopePlacement) => Decision::PopePlacement,
                    None if b.kind != BattleKind::Region => Decision::FinalBattlePlayOrPass,
                    None if self.options.capturing_regions
                        && self.defender() == Some(seat)
                        && !b.defender_played =>
                    {
                        Decision::DefenderPlayOrPass
                    }
                    None => Decision::PlayOrPass,
                })
            }
            Step::HandDiscards { waiting, .. } => {
                waiting.contains(seat).then_some(Decision::DiscardHand)
            }
            Step::Keep { keeper } => (seat == *keeper).then_some(Decision::KeepCards),
            Step::Draws { waiting, .. } => waiting.contains(seat).then_some(Decision::DrawCount),
        }
    }

    /// The simultaneous decision (D6, D8) this seat has answered and may still change, while
    /// its step has not resolved; None when it owes the answer, or was never asked. Such a seat
    /// owes nothing (`decision` is None, `pending()` leaves it out), but `legal_actions`
    /// offers it the same choices again, and a new answer replaces the old one.
    ///
    /// Derived, not stored: hands and regions do not change during the step, so the seats
    /// that answered are the eligible ones no longer waiting.
    pub fn revisable(&self, seat: Seat) -> Option<Decision> {
        if seat.0 >= self.players {
            return None;
        }
        match &self.step {
            Step::HandDiscards { waiting, .. } => (self.may_discard_hand(seat)
                && !waiting.contains(seat))
            .then_some(Decision::DiscardHand),
            Step::Draws { chosen, .. } => chosen
                .iter()
                .any(|c| c.seat == seat)
                .then_some(Decision::DrawCount),
            _ => None,
        }
    }

    /// The answer this seat gave to the simultaneous step under way and may still change.
    /// Private to the seat until the step resolves.
    pub fn answer(&self, seat: Seat) -> Option<Action> {
        match &self.step {
            Step::HandDiscards { discarding, .. } => {
                self.revisable(seat)?;
                Some(Action::DiscardHand {
                    discard: discarding.contains(seat),
                })
            }
            Step::Draws { chosen, .. } => chosen
                .iter()
                .find(|c| c.seat == seat)
                .map(|c| Action::Draw { count: c.count }),
            _ => None,
        }
    }

    /// The seats that answered the simultaneous step under way and may still change it.
    pub fn answered(&self) -> Vec<Seat> {
        Seat::all(self.players)
            .filter(|&s| self.revisable(s).is_some())
            .collect()
    }

    /// Whether a seat may discard its hand at conclusion step 4: cards, none a Mercenary [R15].
    pub(super) fn may_discard_hand(&self, seat: Seat) -> bool {
        let hand = self.hand(seat);
        !hand.is_empty() && !hand.has_mercenary()
    }

    /// The decision a seat may answer now: the one it owes, or a simultaneous one it answered
    /// and may change.
    fn answerable(&self, seat: Seat) -> Option<Decision> {
        self.decision(seat).or_else(|| self.revisable(seat))
    }

    /// Every seat the game waits on, in seat order.
    pub fn waiting_on(&self) -> Vec<Seat> {
        Seat::all(self.players)
            .filter(|&s| self.decision(s).is_some())
            .collect()
    }

    /// Every legal action of a seat now: empty when it has nothing to decide, the same choices
    /// again for a simultaneous answer it may still change.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let Some(decision) = self.answerable(seat) else {
            return Vec::new();
        };
        let hand = self.hand(seat);
        match decision {
            Decision::FirstBattleRegion | Decision::NextBattleRegion => self
                .token_targets()
                .into_iter()
                .map(|region| Action::PlaceToken { region })
                .collect(),
            Decision::PlayOrPass
            | Decision::DefenderPlayOrPass
            | Decision::FinalBattlePlayOrPass => {
                let mut actions: Vec<Action> =
                    hand.kinds().map(|card| Action::Play { card }).collect();
                actions.push(Action::Pass { reveal: false });
                if self.has_face_down(seat) {
                    actions.push(Action::Pass { reveal: true });
                }
                actions
            }
            Decision::ScarecrowTarget => std::iter::once(Action::Scarecrow { take: None })
                .chain(
                    self.scarecrow_targets(seat)
                        .map(|c| Action::Scarecrow { take: Some(c) }),
                )
                .collect(),
            Decision::PopePlacement => std::iter::once(Action::Pope { region: None })
                .chain(
                    self.pope_targets()
                        .into_iter()
                        .map(|r| Action::Pope { region: Some(r) }),
                )
                .collect(),
            Decision::DiscardHand => vec![
                Action::DiscardHand { discard: true },
                Action::DiscardHand { discard: false },
            ],
            Decision::KeepCards => {
                let kinds: Vec<Card> = hand.kinds().collect();
                let mut actions = vec![Action::Keep { cards: Vec::new() }];
                for (i, &a) in kinds.iter().enumerate() {
                    actions.push(Action::Keep { cards: vec![a] });
                    if hand.count(a) >= 2 {
                        actions.push(Action::Keep { cards: vec![a, a] });
                    }
                    for &b in &kinds[i + 1..] {
                        actions.push(Action::Keep { cards: vec![a, b] });
                    }
                }
                actions
            }
            Decision::DrawCount => (0..=self.draw_limit(seat))
                .map(|count| Action::Draw { count })
                .collect(),
        }
    }

    fn has_face_down(&self, seat: Seat) -> bool {
        self.line(seat).iter().any(|lc| lc.face_down)
    }

    /// Accept or reject an action without changing anything. Agrees with `legal_actions`.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if seat.0 >= self.players {
            return Err(RuleError::NoSuchSeat(seat.number()));
        }
        if self.outcome().is_some() {
            return Err(RuleError::GameOver);
        }
        let Some(decision) = self.answerable(seat) else {
            return Err(self.not_asked(seat, action));
        };
        let wrong = || Err(RuleError::WrongDecision { expected: decision });
        let hand = self.hand(seat);
        match (decision, action) {
            (
                Decision::FirstBattleRegion | Decision::NextBattleRegion,
                Action::PlaceToken { region },
            ) => match self.token_refusal(*region) {
                None => Ok(()),
                Some(reason) => Err(RuleError::TokenTarget {
                    region: *region,
                    reason,
                }),
            },
            (
                Decision::PlayOrPass
                | Decision::DefenderPlayOrPass
                | Decision::FinalBattlePlayOrPass,
                Action::Play { card },
            ) => {
                if hand.has(*card) {
                    Ok(())
                } else {
                    Err(RuleError::CardNotInHand(*card))
                }
            }
            (
                Decision::PlayOrPass
                | Decision::DefenderPlayOrPass
                | Decision::FinalBattlePlayOrPass,
                Action::Pass { reveal },
            ) => {
                if *reveal && !self.has_face_down(seat) {
                    Err(RuleError::NothingToReveal)
                } else {
                    Ok(())
                }
            }
            (Decision::ScarecrowTarget, Action::Scarecrow { take }) => match take {
                None => Ok(()),
                Some(card) if self.scarecrow_targets(seat).any(|c| c == *card) => Ok(()),
                Some(_) => Err(RuleError::ScarecrowTarget),
            },
            (Decision::PopePlacement, Action::Pope { region }) => match region {
                None => Ok(()),
                Some(r) if Some(*r) == self.contested => Err(RuleError::PopeTarget {
                    region: *r,
                    reason: "it is the contested region",
                }),
                Some(r) if self.owner(*r).is_some() && !self.options.capturing_regions => {
                    Err(RuleError::PopeTarget {
                        region: *r,
                        reason: "a player controls it",
                    })
                }
                Some(_) => Ok(()),
            },
            (Decision::DiscardHand, Action::DiscardHand { .. }) => Ok(()),
            (Decision::KeepCards, Action::Keep { cards }) => {
                let mut rest = *hand;
                if cards.len() > 2 || !cards.iter().all(|&c| rest.remove(c)) {
                    Err(RuleError::KeepCards)
                } else {
                    Ok(())
                }
            }
            (Decision::DrawCount, Action::Draw { count }) => {
                let max = self.draw_limit(seat);
                if *count <= max {
                    Ok(())
                } else {
                    Err(RuleError::DrawCount { max })
                }
            }
            _ => wrong(),
        }
    }

    /// Why a seat that owes nothing may not take this action: for an answer to a step that
    /// several seats decide at once, the rule that leaves this seat out of it.
    fn not_asked(&self, seat: Seat, action: &Action) -> RuleError {
        let hand = self.hand(seat);
        match (&self.step, action) {
            (Step::HandDiscards { .. }, Action::DiscardHand { .. }) if hand.has_mercenary() => {
                RuleError::HoldsMercenary
            }
            (Step::HandDiscards { .. }, Action::DiscardHand { .. }) if hand.is_empty() => {
                RuleError::NoCards
            }
            (Step::Draws { .. }, Action::Draw { .. }) if self.draw_limit(seat) == 0 => {
                RuleError::HandFull
            }
            _ => RuleError::NotYourTurn {
                waiting: self.waiting_on(),
            },
        }
    }

    /// The answer the service applies for this seat when a deadline passes (§4).
    pub fn default_action(&self, seat: Seat) -> Option<Action> {
        Some(match self.decision(seat)? {
            Decision::FirstBattleRegion | Decision::NextBattleRegion => {
                let available = self
                    .token_targets()
                    .into_iter()
                    .find(|&r| self.owner(r).is_none())
                    .expect("a placement always has an available region (R11)");
                Action::PlaceToken { region: available }
            }
            Decision::PlayOrPass
            | Decision::DefenderPlayOrPass
            | Decision::FinalBattlePlayOrPass => Action::Pass { reveal: false },
            Decision::ScarecrowTarget => Action::Scarecrow { take: None },
            Decision::PopePlacement => Action::Pope { region: None },
            Decision::DiscardHand => Action::DiscardHand { discard: false },
            Decision::KeepCards => Action::Keep { cards: Vec::new() },
            Decision::DrawCount => Action::Draw {
                count: self.draw_limit(seat),
            },
        })
    }
}
