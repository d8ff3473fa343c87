//! `corriere simulate`: many random games of any registered game in parallel, invariants
//! audited after every action, optionally with bot seats, a summary at the end (JSON with
//! `--json`) and a progress bar on a terminal.

use crate::engine::OptionKind;
use crate::kinds::{Kind, Options};
use crate::simulate::{bot_seats, play_against, Playout, Rest, Summary};
use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::process::ExitCode;
use std::time::Instant;

/// Parse `--options`: a comma-separated list of the game's option names, each switched on
/// (`name`, or `name=N` for a number or a seat, `name=value` for a choice), or `all` (every
/// flag on, every optional number at its default).
pub fn parse_options(kind: &dyn Kind, text: &str) -> Result<Options> {
    let fields = kind.option_fields();
    let mut object = serde_json::Map::new();
    let names = || fields.iter().map(|f| f.name).collect::<Vec<_>>().join(", ");
    for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        let (name, value) = word.split_once('=').unwrap_or((word, ""));
        if name == "all" {
            for field in &fields {
                match field.kind {
                    OptionKind::Flag => {
                        object.insert(field.name.into(), true.into());
                    }
                    OptionKind::OptionalNumber { default, .. } => {
                        object.insert(field.name.into(), default.into());
                    }
                    OptionKind::Number { .. }
                    | OptionKind::OptionalSeat
                    | OptionKind::Choice { .. } => {}
                }
            }
            continue;
        }
        let Some(field) = fields.iter().find(|f| f.name == name) else {
            bail!(
                "unknown option {name:?}: {} takes {}, or all",
                kind.name(),
                names()
            );
        };
        let json = match field.kind {
            OptionKind::Flag => true.into(),
            OptionKind::OptionalNumber { default, .. } if value.is_empty() => default.into(),
            OptionKind::OptionalNumber { .. }
            | OptionKind::Number { .. }
            | OptionKind::OptionalSeat => serde_json::Value::from(value.parse::<u32>()?),
            OptionKind::Choice { values, .. } if values.contains(&value) => value.into(),
            OptionKind::Choice { values, .. } => {
                bail!("{name} is one of {}, not {value:?}", values.join(", "))
            }
        };
        object.insert(name.into(), json);
    }
    kind.read_options(&serde_json::Value::Object(object).to_string())
        .map_err(|e| anyhow::anyhow!("those options do not fit {}: {e}", kind.name()))
}

/// What one `corriere simulate` run plays.
pub struct Run<'a> {
    pub kind: &'a dyn Kind,
    pub games: u64,
    pub players: u8,
    pub seed: u64,
    pub options: Options,
    /// Seats played by the game's bot in each game (the rest play random legal actions).
    pub bots: u8,
    /// How the other seats play.
    pub rest: Rest,
    pub json: bool,
}

/// Game `i` uses seed `seed + i`, so `--seed S+i --games 1` replays it alone.
pub fn run(
    run: &Run,
    mut each: impl FnMut(u64, &Playout) -> Result<()> + Send,
) -> Result<ExitCode> {
    let Run {
        kind,
        games,
        players,
        seed,
        ref options,
        bots,
        rest,
        json,
    } = *run;
    let (min, max) = kind.players();
    if !(min..=max).contains(&players) {
        bail!("--players must be {min} to {max} for {}", kind.name());
    }
    let problems = kind.option_problems(options, players);
    if !problems.is_empty() {
        let text: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        bail!("{}", text.join("; "));
    }
    if bots > players {
        bail!("--bots must be at most --players");
    }
    let options = &kind.settle_options(options);
    let started = Instant::now();
    let bar = ProgressBar::new(games);
    bar.set_style(ProgressStyle::with_template(
        "{bar:40} {pos}/{len} games {per_sec} eta {eta}",
    )?);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let (sender, receiver) = std::sync::mpsc::sync_channel::<(u64, Playout)>(256);
    let mut summary = Summary::new(kind.name(), players, bots);
    std::thread::scope(|scope| -> Result<()> {
        for t in 0..threads {
            let sender = sender.clone();
            scope.spawn(move || {
                for i in (t..games).step_by(threads as usize) {
                    let game_seed = seed.wrapping_add(i);
                    let seats = bot_seats(players, bots, game_seed);
                    let playout =
                        play_against(kind, options, players, game_seed, true, &seats, rest);
                    if sender.send((game_seed, playout)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for (game_seed, playout) in receiver {
            summary.add(game_seed, &playout);
            each(game_seed, &playout)?;
            bar.inc(1);
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    summary.elapsed_ms = started.elapsed().as_millis() as u64;
    if json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        println!(
            "{} games of {} with {} players, {} actions, {} with violations, {} ms",
            summary.games,
            kind.name(),
            players,
            summary.actions,
            summary.violations,
            summary.elapsed_ms
        );
        for (ending, count) in &summary.endings {
            println!("  {ending}: {count}");
        }
        if let (Some(share), Some(fair)) = (summary.bot_win_share, summary.fair_share) {
            println!("  bots won {share:.3} of the games (fair share {fair:.3})");
        }
        for violation in &summary.first_violations {
            println!("  violation: {violation}");
        }
    }
    Ok(if summary.violations == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `run`, writing each game also as a finished record into `dir` when given. A record comes
/// from `audit::simulate_record` with the same options and seed: the game is played again with
/// its own committed secret and contributions, so the record can be verified like any other.
pub fn run_with_records(run_spec: &Run, dir: Option<&std::path::Path>) -> Result<ExitCode> {
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir)?;
        if run_spec.bots > 0 {
            bail!("--records writes random games; leave out --bots");
        }
    }
    run(run_spec, |game_seed, _| {
        if let Some(dir) = dir {
            let record = crate::simulate::simulate_record(
                run_spec.kind,
                run_spec.players,
                &run_spec.options,
                game_seed,
            );
            std::fs::write(dir.join(format!("{}.json", record.id)), record.to_json())?;
        }
        Ok(())
    })
}
