//! `corriere card-set`: Pergamemnon card sets from the shell: check an operator's file against
//! every rule of the format, play the balance suites of §4.6 with B0, and run the tuning loop.

use crate::config::describe_card_set_problem as describe;
use crate::engine::pergamemnon::balance::{self, Report, Suite};
use crate::engine::pergamemnon::cards::CardSet;
use crate::engine::pergamemnon::sets;
use crate::present::Words;
use anyhow::{Context, Result};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

/// `corriere card-set check FILE`: exit 0 when the set loads (warnings listed), 1 otherwise.
pub fn check(path: &Path, words: &Words) -> Result<ExitCode> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading the card set {}", path.display()))?;
    match CardSet::load(&text) {
        Ok(loaded) => {
            println!(
                "{}: card set {} ({:?}), sha256 {}",
                path.display(),
                loaded.set.id,
                loaded.set.provenance,
                loaded.set.sha256
            );
            for warning in &loaded.warnings {
                println!("warning: {}", describe(warning, words));
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(problems) => {
            for problem in &problems {
                println!("error: {}", describe(problem, words));
            }
            println!(
                "{}: {} problem(s); the set cannot be used",
                path.display(),
                problems.len()
            );
            Ok(ExitCode::from(1))
        }
    }
}

/// A set by id (built in) or by file.
fn set_named(name: &str) -> Result<Arc<CardSet>> {
    if let Some(set) = sets::find(name) {
        return Ok(set);
    }
    let text = std::fs::read_to_string(name)
        .with_context(|| format!("{name} is neither a built-in set nor a readable file"))?;
    let loaded = CardSet::load(&text).map_err(|problems| {
        anyhow::anyhow!(
            "{name}: {} problem(s); run `corriere card-set check`",
            problems.len()
        )
    })?;
    Ok(Arc::new(loaded.set))
}

fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Print a report as the table of docs/benchmarks.md.
fn print_report(report: &Report) {
    println!("| n | Romans | Egyptians | Hellenes | Carthaginians | Persians | first player |");
    println!("|---|--:|--:|--:|--:|--:|--:|");
    for (&n, count) in &report.counts {
        let cells: Vec<String> = crate::engine::pergamemnon::Nation::ALL
            .iter()
            .map(|&x| {
                if count.played.get(&x).copied().unwrap_or(0) == 0 {
                    "—".to_string()
                } else {
                    format!("{:+.3}", count.dev(x, n))
                }
            })
            .collect();
        println!(
            "| {n} | {} | {:.3} |",
            cells.join(" | "),
            count.first_share()
        );
    }
    for (criterion, ok, text) in report.acceptance() {
        println!("{criterion} {}: {text}", if ok { "holds" } else { "FAILS" });
    }
}

/// `corriere card-set balance`: play a suite with B0 and report A1–A5.
pub fn balance(name: &str, suite: &str, scale: u32, players: &[u8]) -> Result<ExitCode> {
    let set = set_named(name)?;
    let suite: Suite = if suite == "A" {
        balance::ACCEPTANCE
    } else {
        balance::TUNING
    };
    let players = if players.is_empty() {
        &[2, 3, 4, 5][..]
    } else {
        players
    };
    let started = std::time::Instant::now();
    let report = balance::evaluate(
        &set,
        suite,
        scale,
        players,
        suite == balance::ACCEPTANCE,
        threads(),
    );
    let games: u64 = report.counts.values().map(|c| c.games).sum();
    println!(
        "card set {} (sha256 {}), suite {}×{scale}: {games} games in {:.1} s",
        set.id,
        set.sha256,
        suite.name,
        started.elapsed().as_secs_f64()
    );
    print_report(&report);
    for violation in report.violations.iter().take(20) {
        println!("violation: {violation}");
    }
    Ok(if report.violations.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `corriere card-set tune`: the tuning loop of §4.6 from `from`; the best set is written to
/// `out` as `reference-<number>`.
pub fn tune(from: &str, steps: u32, number: u32, out: &Path) -> Result<ExitCode> {
    let start = set_named(from)?;
    let tuned = balance::tune(start.doc.clone(), threads(), steps, |line| {
        println!("{line}")
    })
    .map_err(|why| anyhow::anyhow!(why))?;
    let doc = balance::successor(&tuned.doc, &start, number);
    let text = serde_json::to_string_pretty(&doc)? + "\n";
    let loaded = CardSet::load(&text).map_err(|problems| {
        anyhow::anyhow!("the tuned set does not load: {} problem(s)", problems.len())
    })?;
    std::fs::write(out, text).with_context(|| format!("writing {}", out.display()))?;
    println!(
        "{}: {} sha256 {}; J on T = {:.3}; {}",
        out.display(),
        loaded.set.id,
        loaded.set.sha256,
        tuned.j,
        if tuned.accepted.is_some() {
            "A1 met on suite A"
        } else {
            "A1 not met: the best set found is kept"
        }
    );
    if let Some(report) = &tuned.accepted {
        print_report(report);
    }
    Ok(ExitCode::SUCCESS)
}

/// `corriere card-set duel`: the table's bot on one seat against B0 on the others.
pub fn duel(name: &str, players: &[u8], games: u64) -> Result<ExitCode> {
    let set = set_named(name)?;
    let players = if players.is_empty() {
        &[2, 3, 4, 5][..]
    } else {
        players
    };
    for &n in players {
        let (share, fair) = balance::duel(&set, n, games, 5_000_000, threads());
        println!(
            "{n} players, {games} games: the table's bot wins {share:.3} (fair share {fair:.3})"
        );
    }
    Ok(ExitCode::SUCCESS)
}
