//! Random playouts of whole games of any kind: each decision answered with a random legal
//! action drawn from a seeded stream (or by the game's bot for bot seats), with the game's
//! invariants audited after every action if asked.

mod record;

pub use record::{sim_contribution, sim_secret, simulate_record, SIM_NAMES, SIM_START_MS};

use crate::engine::rng::Stream;
use crate::engine::{Seat, Seed};
use crate::kinds::{Action, Game, Kind, Options};
use rand_core::SeedableRng;
use serde::Serialize;
use std::collections::BTreeMap;

/// More actions than any finished game needs; reaching it counts as a violation (no termination).
pub const ACTION_LIMIT: usize = 200_000;

/// One finished random game.
pub struct Playout {
    pub seed: Seed,
    pub actions: Vec<(Seat, Action)>,
    pub game: Game,
    /// The seats a bot played.
    pub bots: Vec<Seat>,
    /// Invariant violations found on the way (empty when every check passed).
    pub violations: Vec<String>,
}

/// Which seats of game `seed` the bots play: `bots` seats in a row, from a seat that turns with
/// the seed so that every seat is a bot's as often as any other.
pub fn bot_seats(players: u8, bots: u8, seed: u64) -> Vec<Seat> {
    let first = (seed % u64::from(players)) as u8;
    (0..bots.min(players))
        .map(|i| Seat((first + i) % players))
        .collect()
}

/// How the seats a bot does not play choose their actions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rest {
    /// A random legal action each time.
    #[default]
    Random,
    /// The deadline default each time (a player who never answers: in a game of written
    /// orders, units that only hold), to measure a bot against the passive baseline.
    Default,
}

/// Play one game to its end: bot seats by the game's bot, the others with random legal actions.
///
/// The game seed is derived as for any served game (see `audit::seed`), from the simulation's
/// own secret and contributions (`audit::sim_secret`, `audit::sim_contribution`), so the game
/// can be written as a verifiable record (`audit::simulate_record`). The random choices come
/// from the stream "players" of `Seed::from_u64(seed)`: which waiting seat acts, then which of
/// its legal actions; the bots' from a generator seeded from the stream "bots".
pub fn play(
    kind: &dyn Kind,
    options: &Options,
    players: u8,
    seed: u64,
    audit: bool,
    bots: &[Seat],
) -> Playout {
    play_against(kind, options, players, seed, audit, bots, Rest::Random)
}

/// As [`play`], the seats no bot plays choosing as `rest` says.
pub fn play_against(
    kind: &dyn Kind,
    options: &Options,
    players: u8,
    seed: u64,
    audit: bool,
    bots: &[Seat],
    rest: Rest,
) -> Playout {
    let contributions: Vec<String> = Seat::all(players)
        .map(|s| record::sim_contribution(seed, s))
        .collect();
    let game_seed = crate::audit::derive_seed(&record::sim_secret(seed), &contributions);
    let mut chooser = Stream::new(&Seed::from_u64(seed), "players", 0);
    // Made when a bot first plays: a game without bots needs none.
    let mut bot_rng = None;
    let (mut game, _) = kind
        .setup(kind.current_rules_version(), options, players, game_seed)
        .expect("simulation options are valid");
    let mut actions = Vec::new();
    let mut violations = Vec::new();
    while !game.is_over() {
        if actions.len() >= ACTION_LIMIT {
            violations.push(format!("no end after {ACTION_LIMIT} actions"));
            break;
        }
        let waiting = game.waiting_on();
        if waiting.is_empty() {
            violations.push("the game waits on nobody but is not over".into());
            break;
        }
        let seat = waiting[chooser.below(waiting.len() as u32) as usize];
        let action = if bots.contains(&seat) {
            match game.bot_action(seat, bot_rng.get_or_insert_with(|| bots_rng(seed))) {
                Some(action) => action,
                None => {
                    violations.push(format!("the bot of {seat} must decide but found nothing"));
                    break;
                }
            }
        } else if rest == Rest::Default {
            match game.default_action(seat) {
                Some(action) => action,
                None => {
                    violations.push(format!("{seat} must decide but has no default"));
                    break;
                }
            }
        } else {
            match game.pick_legal(seat, &mut |len| chooser.below(len as u32) as usize) {
                Some(action) => action,
                None => {
                    violations.push(format!("{seat} must decide but has no legal action"));
                    break;
                }
            }
        };
        if audit {
            if let Some(broken) = judge_disagrees(&game, seat, &action, actions.last()) {
                violations.push(broken);
                break;
            }
        }
        if let Err(error) = game.advance(seat, &action) {
            violations.push(format!(
                "a {} action was rejected: {action:?}: {error}",
                if bots.contains(&seat) {
                    "bot's"
                } else {
                    "listed legal"
                }
            ));
            break;
        }
        actions.push((seat, action));
        if audit {
            let problems = game.audit();
            if !problems.is_empty() {
                violations.push(format!(
                    "after action {}: {}",
                    actions.len(),
                    problems.join("; ")
                ));
                break;
            }
        }
    }
    Playout {
        seed: game_seed,
        actions,
        game,
        bots: bots.to_vec(),
        violations,
    }
}

/// The bots' randomness in the simulation of `seed`, from its `bots` stream.
fn bots_rng(seed: u64) -> rand_chacha::ChaCha8Rng {
    let mut bot_seed = [0u8; 32];
    let mut bot_stream = Stream::new(&Seed::from_u64(seed), "bots", 0);
    for chunk in bot_seed.chunks_mut(4) {
        chunk.copy_from_slice(&bot_stream.below(u32::MAX).to_le_bytes());
    }
    rand_chacha::ChaCha8Rng::from_seed(bot_seed)
}

/// Where `check` (the judge) and `apply` disagree: the action about to be played must pass
/// the judge, and the last action played, offered again by this seat now (usually stale),
/// must be refused by both or by neither, for the same rule.
fn judge_disagrees(
    game: &Game,
    seat: Seat,
    chosen: &Action,
    last: Option<&(Seat, Action)>,
) -> Option<String> {
    if let Err(error) = game.check(seat, chosen) {
        return Some(format!(
            "check refused a playable action {chosen:?}: {error}"
        ));
    }
    let (_, again) = last?;
    let judged = game.check(seat, again).err().map(|e| e.code());
    let applied = game.apply(seat, again).err().map(|e| e.code());
    (judged != applied)
        .then(|| format!("check says {judged:?} but apply says {applied:?} of {again:?} by {seat}"))
}

/// What `corriere simulate --json` prints.
#[derive(Debug, Default, Serialize)]
pub struct Summary {
    pub game: String,
    pub games: u64,
    pub players: u8,
    pub actions: u64,
    pub violations: u64,
    /// Finished games by how they ended (the outcome's `ending`, when the game names one).
    pub endings: BTreeMap<String, u64>,
    pub elapsed_ms: u64,
    /// The first few violations, with the seed that reproduces each.
    pub first_violations: Vec<String>,
    /// Seats played by the game's bot in each game.
    pub bots: u8,
    /// With bots: the share of games a bot seat won (a shared victory counts for its share).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot_win_share: Option<f64>,
    /// With bots: what a seat wins on average, 1/players; the bots beat random play by
    /// `bot_win_share / fair_share`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fair_share: Option<f64>,
    #[serde(skip)]
    bot_wins: f64,
}

impl Summary {
    /// An empty summary of `game` with `players`, `bots` of them played by the bot.
    pub fn new(game: &str, players: u8, bots: u8) -> Summary {
        Summary {
            game: game.into(),
            players,
            bots,
            ..Summary::default()
        }
    }

    pub fn add(&mut self, seed: u64, playout: &Playout) {
        self.games += 1;
        self.actions += playout.actions.len() as u64;
        if !playout.violations.is_empty() {
            self.violations += 1;
            if self.first_violations.len() < 10 {
                self.first_violations
                    .push(format!("seed {seed}: {}", playout.violations.join("; ")));
            }
        }
        if let Some(outcome) = playout.game.outcome() {
            let ending = outcome
                .json()
                .to_value()
                .get("ending")
                .and_then(|e| e.as_str().map(str::to_owned))
                .unwrap_or_else(|| "over".into());
            *self.endings.entry(ending).or_default() += 1;
            let winners = outcome.winners();
            if !winners.is_empty() {
                let bot_winners = winners.iter().filter(|s| playout.bots.contains(s)).count();
                self.bot_wins += bot_winners as f64 / winners.len() as f64;
            }
        }
        if self.bots > 0 && self.games > 0 {
            self.bot_win_share = Some(self.bot_wins / self.games as f64);
            self.fair_share = Some(f64::from(self.bots) / f64::from(self.players));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Seed;
    use crate::kinds::Registry;

    /// In place or on a copy, an action does the same: a legal one leads to the same position,
    /// and one refused (the action before it, offered again) is refused for the same rule and
    /// leaves the state as it was. The first 150 actions of a game of every kind, each chosen
    /// from the menu.
    #[test]
    fn advancing_in_place_is_applying_to_a_copy() {
        let registry = Registry::standard();
        for kind in registry.kinds() {
            let name = kind.name();
            let options = kind.read_options("{}").unwrap();
            let players = [4, 3, 2, 5, 6, 7, 8]
                .into_iter()
                .find(|&p| kind.option_problems(&options, p).is_empty())
                .unwrap();
            let version = kind.current_rules_version();
            let seed = Seed::from_u64(11);
            let (mut game, _) = kind.setup(version, &options, players, seed).unwrap();
            let mut last = None;
            let mut refused = 0;
            for i in 0..150 {
                if game.is_over() {
                    break;
                }
                let waiting = game.waiting_on();
                let seat = waiting[i % waiting.len()];
                let action = game.pick_legal(seat, &mut |len| (i * 7) % len).unwrap();
                if let Some((stale_seat, stale)) = &last {
                    if let Err(by_copy) = game.apply(*stale_seat, stale) {
                        let before = game.position();
                        let in_place = game.advance(*stale_seat, stale).unwrap_err();
                        assert_eq!(in_place.code(), by_copy.code(), "{name} at {i}");
                        assert_eq!(game.position(), before, "{name} at {i}");
                        refused += 1;
                    }
                }
                let (expected, _) = game.apply(seat, &action).unwrap();
                game.advance(seat, &action).unwrap();
                assert_eq!(game.position(), expected.position(), "{name} at {i}");
                last = Some((seat, action));
            }
            assert!(refused > 0, "{name}: no stale action was refused");
        }
    }
}
