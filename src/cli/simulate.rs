//! `corriere simulate`: many random games in parallel, invariants audited after every action,
//! a summary at the end (JSON with `--json`) and a progress bar on a terminal.

use crate::engine::condottiere::Options;
use crate::simulate::{play, Playout, Summary};
use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::process::ExitCode;
use std::time::Instant;

/// Parse `--options`: a comma-separated list of `draw_after_battle`, `play_for_points[=T]`,
/// `bigger_kingdoms`, `capturing_regions`, `hidden_cards`, or `all` (points target 10).
pub fn parse_options(text: &str) -> Result<Options> {
    let mut options = Options::default();
    for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        let (name, value) = word.split_once('=').unwrap_or((word, ""));
        match name {
            "draw_after_battle" => options.draw_after_battle = true,
            "bigger_kingdoms" => options.bigger_kingdoms = true,
            "capturing_regions" => options.capturing_regions = true,
            "hidden_cards" => options.hidden_cards = true,
            "play_for_points" => {
                options.play_for_points = Some(if value.is_empty() { 10 } else { value.parse()? })
            }
            "all" => {
                options.draw_after_battle = true;
                options.bigger_kingdoms = true;
                options.capturing_regions = true;
                options.hidden_cards = true;
                options.play_for_points = Some(10);
            }
            other => bail!(
                "unknown option {other:?}: use draw_after_battle, play_for_points[=T], \
                 bigger_kingdoms, capturing_regions, hidden_cards or all"
            ),
        }
    }
    Ok(options)
}

/// Game `i` uses seed `seed + i`, so `--seed S+i --games 1` replays it alone.
pub fn run(
    games: u64,
    players: u8,
    seed: u64,
    options: &Options,
    json: bool,
    mut each: impl FnMut(u64, &Playout) -> Result<()> + Send,
) -> Result<ExitCode> {
    if !(2..=6).contains(&players) {
        bail!("--players must be 2 to 6");
    }
    let started = Instant::now();
    let bar = ProgressBar::new(games);
    bar.set_style(ProgressStyle::with_template(
        "{bar:40} {pos}/{len} games {per_sec} eta {eta}",
    )?);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let (sender, receiver) = std::sync::mpsc::sync_channel::<(u64, Playout)>(256);
    let mut summary = Summary {
        players,
        ..Summary::default()
    };
    std::thread::scope(|scope| -> Result<()> {
        for t in 0..threads {
            let sender = sender.clone();
            scope.spawn(move || {
                for i in (t..games).step_by(threads as usize) {
                    let game_seed = seed.wrapping_add(i);
                    if sender
                        .send((game_seed, play(options, players, game_seed, true)))
                        .is_err()
                    {
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
            "{} games of {} players, {} actions, {} with violations, {} ms",
            summary.games, players, summary.actions, summary.violations, summary.elapsed_ms
        );
        for (ending, count) in &summary.endings {
            println!("  {ending}: {count}");
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
pub fn run_with_records(
    games: u64,
    players: u8,
    seed: u64,
    options: &Options,
    json: bool,
    dir: Option<&std::path::Path>,
) -> Result<ExitCode> {
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir)?;
    }
    run(games, players, seed, options, json, |game_seed, _| {
        if let Some(dir) = dir {
            let record = crate::audit::simulate_record(players, options, game_seed);
            std::fs::write(dir.join(format!("{}.json", record.id)), record.to_json())?;
        }
        Ok(())
    })
}
