//! The conformance runners, one per game kind: the rules cases of its data folder under `tests/`,
//! the privacy sweep of every surface (pages, answers, mails), the browser sweep and the bot's
//! strength.
//!
//! Each kind is one `conformance!` entry at the end of this file. A new game brings its data
//! folder, a `RulesCase` for its case format (next to its engine's other tests), its sweeps,
//! and that entry; the runner, the coverage check and the backends come from here.

use crate::support::TestApp;
use corriere::domain::GameId;
use corriere::engine::{Audience, Rules, Seat, Viewer};
use corriere::present::{Ctx, Presenter};
use std::collections::{BTreeSet, HashSet};
use std::path::Path;

/// One case of a kind's rules files, as the shared runner sees it.
pub trait RulesCase: serde::de::DeserializeOwned {
    /// The case's name, as failures quote it.
    fn name(&self) -> &str;
    /// The rulings and worked examples the case pins, e.g. `["R4", "E5"]`.
    fn rules(&self) -> &[String];
    /// Run the case; `Err` says what differed from what it expects.
    fn check(&self) -> Result<(), String>;
    /// A kind's own rule about how its cases are written (e.g. "the name mentions each rule").
    fn well_written(&self) -> Result<(), String> {
        Ok(())
    }
}

/// What the rules cases of one kind must cover.
pub struct Coverage {
    /// Rulings (`R1`…) every one of which some case pins.
    pub rulings: u32,
    /// Worked examples (`E1`…) every one of which some case pins.
    pub examples: u32,
    /// The fewest cases there may be.
    pub at_least: usize,
}

/// Every case in `tests/<folder>/*.json` holds, and together they pin what `coverage` names.
pub fn every_rules_case_holds<C: RulesCase>(folder: &str, coverage: Coverage) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(folder);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("tests/{folder} exists: {e}"))
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    let mut pinned = BTreeSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        let cases: Vec<C> = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{} does not parse: {e}", file.display()));
        for case in &cases {
            count += 1;
            pinned.extend(case.rules().iter().cloned());
            if let Err(why) = case.well_written().and_then(|()| case.check()) {
                failures.push(format!("{} / {}: {why}", file.display(), case.name()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(count >= coverage.at_least, "only {count} cases");
    let missing: Vec<String> = (1..=coverage.rulings)
        .map(|n| format!("R{n}"))
        .chain((1..=coverage.examples).map(|n| format!("E{n}")))
        .filter(|r| !pinned.contains(r))
        .collect();
    assert!(missing.is_empty(), "no case pins {missing:?}");
    println!("{count} {folder} rules cases in {} files", files.len());
}

/// A kind's `well_written` rule where a case's name mentions every rule it pins.
pub fn name_mentions_its_rules(name: &str, rules: &[String]) -> Result<(), String> {
    match rules.iter().find(|rule| !name.contains(rule.as_str())) {
        Some(rule) => Err(format!("the name must mention {rule}")),
        None => Ok(()),
    }
}

/// A case runner that asserts (panics) instead of returning what differed, as a `check`.
pub fn check_by_panic(run: impl FnOnce()) -> Result<(), String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).map_err(|panic| {
        panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
            .unwrap_or_else(|| "the case panicked".to_owned())
    })
}

/// The sentences of a game's private events (`Audience::Only`) that do not also read like a
/// public one, with the seat they belong to: as they would read if they leaked to anyone else
/// (the reviewer's words, by name), and as the seat itself reads them (in the second person).
/// What a kind's privacy sweep looks for on every surface.
pub fn private_sentences<P: Presenter>(
    app: &TestApp,
    game: &GameId,
    presenter: &P,
) -> Vec<(Seat, String, String)> {
    type Event<P> = <<P as Presenter>::Game as Rules>::Event;
    let mut conn = app.running.db.get().expect("a pooled connection");
    let loaded = app.running.state.games.load(&mut conn, game).unwrap();
    let names = loaded.names();
    let replay = loaded.replay.as_ref().expect("started");
    let events: Vec<(Audience, Event<P>)> = replay
        .steps
        .iter()
        .flat_map(|s| {
            s.events
                .downcast::<Vec<(Audience, Event<P>)>>()
                .expect("the kind's events")
                .iter()
                .cloned()
        })
        .collect();
    let registry = corriere::kinds::Registry::standard();
    let words = |viewer| Ctx::new(registry.catalogs().default_words(), &names, viewer);
    let reviewer = words(Viewer::Reviewer);
    let public: HashSet<String> = events
        .iter()
        .filter(|(audience, _)| *audience == Audience::Everyone)
        .map(|(_, event)| presenter.event(event, &reviewer))
        .collect();
    events
        .iter()
        .filter_map(|(audience, event)| match audience {
            // An `Until` event is private as long as its step is open; the sweep reads
            // surfaces of steps still open, so it treats both alike.
            Audience::Only(owner) | Audience::Until(owner) => Some((
                *owner,
                presenter.event(event, &reviewer),
                presenter.event(event, &words(Viewer::Seat(*owner))),
            )),
            Audience::Everyone => None,
        })
        .filter(|(_, sentence, _)| !public.contains(sentence))
        .collect()
}

/// `games` audited games of `kind` with `players` seats, `bots` of them the bot's (the seats turn
/// with the seed, as in `corriere simulate`), from seed `first_seed` on. A bot move the rules
/// refuse, or a game without end, is a violation, and there must be none.
pub fn simulate(
    kind: &str,
    players: u8,
    bots: u8,
    games: u64,
    first_seed: u64,
) -> corriere::simulate::Summary {
    use corriere::simulate::{bot_seats, play, Summary};
    let registry = corriere::kinds::Registry::standard();
    let game = registry.get(kind).expect("the kind is registered");
    let options = game.read_options("{}").expect("default options");
    let mut summary = Summary::new(kind, players, bots);
    for seed in first_seed..first_seed + games {
        let seats = bot_seats(players, bots, seed);
        summary.add(seed, &play(game, &options, players, seed, true, &seats));
    }
    assert_eq!(summary.violations, 0, "{:?}", summary.first_violations);
    summary
}

/// One bot against random seats at a table of `players`, over `games` simulated games of
/// `kind`, wins at least twice the fair share.
pub fn assert_the_bot_wins_twice_its_fair_share(kind: &str, players: u8, games: u64) {
    let summary = simulate(kind, players, 1, games, 20_000 * u64::from(players));
    let (share, fair) = (summary.bot_win_share.unwrap(), summary.fair_share.unwrap());
    assert!(
        share >= 2.0 * fair,
        "{kind}, {players} players: the bot won {share:.3} of {games} games, less than twice {fair:.3}"
    );
}

/// One kind's conformance tests: its rules cases, and (for a kind the service plays) its
/// privacy sweep on each backend and its browser sweep.
macro_rules! conformance {
    (
        $kind:ident {
            rules: $folder:literal,
            cases: $case:ty,
            covering: $coverage:expr
            $(, privacy: $privacy:path)?
            $(, browser: $browser:path)?
            $(, bot: $bot:path, tables: [$($table:ident = $players:literal),+ $(,)?])?
            $(,)?
        }
    ) => {
        mod $kind {
            #[allow(unused_imports)]
            use super::*;

            #[test]
            fn every_rules_case_holds() {
                super::every_rules_case_holds::<$case>($folder, $coverage);
            }

            $(
                use $privacy as no_surface_shows_a_seat_anything_private_of_another;
                on_each_backend!(no_surface_shows_a_seat_anything_private_of_another);
            )?

            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn a_seat_plays_in_a_real_browser() {
                    $browser().await;
                }
            )?

            $(
                /// One bot against random seats wins at least twice the fair share.
                mod the_bot_wins_at_least_twice_its_fair_share {
                    $(
                        #[test]
                        fn $table() {
                            $bot($players);
                        }
                    )+
                }
            )?
        }
    };
}

conformance!(condottiere {
    rules: "rules",
    cases: crate::rules::Case,
    covering: Coverage {
        rulings: 32,
        examples: 7,
        at_least: 0
    },
    privacy: crate::http::no_page_answer_or_mail_shows_a_seat_anything_private_of_another_seat,
    browser: crate::browser::a_player_accepts_places_the_token_and_plays_a_card_in_a_real_browser,
    bot: crate::bot::wins_twice_its_fair_share,
    tables: [with_3 = 3, with_4 = 4, with_5 = 5, with_6 = 6],
});
conformance!(war {
    rules: "war",
    cases: crate::war_rules::Case,
    covering: Coverage { rulings: 34, examples: 20, at_least: 0 },
    privacy: crate::war_service::no_page_answer_or_mail_shows_a_war_seat_anything_private_of_another,
    browser: crate::war_browser::a_war_player_on_a_phone_reads_the_map_and_places_and_ends_a_turn_in_a_real_browser,
    bot: crate::war_bot::assert_twice_the_fair_share,
    tables: [with_3 = 3, with_4 = 4, with_5 = 5, with_6 = 6],
});
conformance!(condottieri {
    rules: "condottieri",
    cases: crate::condottieri_rules::Case,
    covering: Coverage {
        rulings: 0,
        examples: 42,
        at_least: 40
    },
    privacy: crate::condottieri_service::no_surface_shows_a_power_anything_private_of_another,
    browser: crate::condottieri_browser::a_power_on_a_phone_writes_its_orders_in_the_text_box_in_a_real_browser,
});
conformance!(pergamemnon {
    rules: "pergamemnon",
    cases: crate::pergamemnon_rules::Case,
    covering: Coverage {
        rulings: 42,
        examples: 21,
        at_least: 60
    },
    privacy: crate::pergamemnon_service::no_surface_shows_a_seat_anything_private_of_another,
    browser: crate::pergamemnon_browser::a_newcomer_on_a_phone_creates_reads_the_guide_and_plays_in_a_real_browser,
    bot: crate::pergamemnon_properties::the_bot_wins_twice_its_fair_share,
    tables: [with_3 = 3, with_4 = 4, with_5 = 5],
});
