//! Replaying a record through the engine: the state and events after each action, and the
//! milestones (battles concluded, deals) a replay viewer jumps between.

use super::record::{Record, RecordedAction};
use super::verify::Discrepancy;
use crate::engine::condottiere::{Action, Event, Events, Game, Region};
use crate::engine::{Seat, Seed};
use serde::Serialize;

/// The game after one step of a record: the setup (seq 0) or one action.
#[derive(Clone, Debug)]
pub struct ReplayStep {
    /// 0 for the setup, then the action's sequence number.
    pub seq: u64,
    /// Who acted (none for the setup).
    pub seat: Option<Seat>,
    pub action: Option<Action>,
    /// The step in words: "Anna: play Mercenary 5"; for the setup, "the cards are shuffled and dealt".
    pub words: String,
    /// When the action was taken (ms since the epoch); none for the setup.
    pub at: Option<i64>,
    /// The state after this step.
    pub state: Game,
    /// Everything this step caused, private events included (filter with `visible_events`).
    pub events: Events,
}

/// A point worth jumping to in a replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Milestone {
    /// The action after which it happened; 0 for the setup.
    pub seq: u64,
    pub kind: MilestoneKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MilestoneKind {
    /// A battle ended (`Event::BattleEnded`); `region` is none for a final battle.
    BattleConcluded {
        region: Option<Region>,
        winners: Vec<Seat>,
    },
    /// Cards were dealt: the game's first deal, a new round, a final battle, or the draw after a
    /// battle (each time the engine's deal counter `Game::deals` goes up). `round` is the round
    /// being played after the deal.
    Deal { round: u32 },
}

/// The engine walking through a record's actions. Shared by `verify`, `replay` and `milestones`.
pub(crate) struct Replayer<'a> {
    record: &'a Record,
    game: Option<Game>,
    next: usize,
}

impl<'a> Replayer<'a> {
    /// Set the game up as the record says, with `seed`; the setup's events go to `events`.
    pub(crate) fn start(
        record: &'a Record,
        seed: Seed,
        events: &mut Events,
    ) -> Result<Replayer<'a>, Discrepancy> {
        let players = u8::try_from(record.seats.len())
            .map_err(|_| Discrepancy::Setup(format!("{} seats", record.seats.len())))?;
        let game = Game::setup(record.rules_version, &record.options, players, seed, events)
            .map_err(|e| Discrepancy::Setup(e.to_string()))?;
        Ok(Replayer {
            record,
            game: Some(game),
            next: 0,
        })
    }

    /// Apply the next action through the checked path; `None` once every action is applied.
    pub(crate) fn step(
        &mut self,
        events: &mut Events,
    ) -> Option<Result<&'a RecordedAction, Discrepancy>> {
        let entry = self.record.actions.get(self.next)?;
        self.next += 1;
        let Some(action) = &entry.action else {
            return Some(Err(Discrepancy::Redacted {
                position: self.next,
            }));
        };
        let game = self.game.take().expect("a replayer always holds a game");
        Some(match game.apply(entry.seat, action, events) {
            Ok(game) => {
                self.game = Some(game);
                Ok(entry)
            }
            Err((game, error)) => {
                self.game = Some(game);
                Err(Discrepancy::Illegal {
                    position: self.next,
                    error,
                })
            }
        })
    }

    pub(crate) fn game(&self) -> &Game {
        self.game.as_ref().expect("a replayer always holds a game")
    }
}

/// The steps of a record, setup first, each with the state after it. Stops after the first
/// problem (an illegal action or a setup the engine refuses), which it yields as an error.
///
/// `seed` is the deal seed: `record.seed()` once the secret is revealed, or the seed the
/// service derived for a running game.
pub fn replay(record: &Record, seed: Seed) -> Replay<'_> {
    Replay {
        record,
        seed,
        replayer: None,
        done: false,
    }
}

/// The iterator `replay` returns: one `ReplayStep` per step, or the first problem, then nothing.
pub struct Replay<'a> {
    record: &'a Record,
    seed: Seed,
    replayer: Option<Replayer<'a>>,
    done: bool,
}

impl Iterator for Replay<'_> {
    type Item = Result<ReplayStep, Discrepancy>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut events = Vec::new();
        let Some(replayer) = &mut self.replayer else {
            return Some(match Replayer::start(self.record, self.seed, &mut events) {
                Ok(replayer) => {
                    let state = replayer.game().clone();
                    self.replayer = Some(replayer);
                    Ok(ReplayStep {
                        seq: 0,
                        seat: None,
                        action: None,
                        words: "the cards are shuffled and dealt".into(),
                        at: None,
                        state,
                        events,
                    })
                }
                Err(e) => {
                    self.done = true;
                    Err(e)
                }
            });
        };
        let result = match replayer.step(&mut events)? {
            Ok(entry) => Ok(ReplayStep {
                seq: entry.seq,
                seat: Some(entry.seat),
                action: entry.action.clone(),
                words: match &entry.action {
                    Some(action) => format!("{}: {action}", self.record.name_of(entry.seat)),
                    None => format!(
                        "{}: (hidden until the end)",
                        self.record.name_of(entry.seat)
                    ),
                },
                at: Some(entry.at),
                state: replayer.game().clone(),
                events,
            }),
            Err(e) => Err(e),
        };
        self.done = result.is_err();
        Some(result)
    }
}

/// Every step of a record (setup first), or the first problem met.
pub fn replay_states(record: &Record, seed: Seed) -> Result<Vec<ReplayStep>, Discrepancy> {
    replay(record, seed).collect()
}

/// The milestones of a record in order: each battle concluded and each deal, with the action
/// after which it happened (0 for the first deal, made at setup).
pub fn milestones(record: &Record, seed: Seed) -> Result<Vec<Milestone>, Discrepancy> {
    let mut milestones = Vec::new();
    let mut deals = 0;
    for step in replay(record, seed) {
        let step = step?;
        milestones_of_step(step.seq, &step.events, deals, &step.state, &mut milestones);
        deals = step.state.deals();
    }
    Ok(milestones)
}

/// The milestones one step produced: its battle endings, then one deal per count the engine's
/// deal counter rose by (a deal always follows the battle that led to it).
fn milestones_of_step(
    seq: u64,
    events: &Events,
    deals_before: u32,
    after: &Game,
    out: &mut Vec<Milestone>,
) {
    for (_, event) in events {
        if let Event::BattleEnded {
            region,
            winner,
            tied,
            ..
        } = event
        {
            out.push(Milestone {
                seq,
                kind: MilestoneKind::BattleConcluded {
                    region: *region,
                    // The winner alone, or the seats tied at the top.
                    winners: winner.map_or_else(|| tied.clone(), |w| vec![w]),
                },
            });
        }
    }
    for _ in deals_before..after.deals() {
        out.push(Milestone {
            seq,
            kind: MilestoneKind::Deal {
                round: after.round(),
            },
        });
    }
}
