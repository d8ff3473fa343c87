//! The `corriere` binary: one program with subcommands for serving, playing the engine from
//! the shell, simulating games and auditing records.

use clap::{Parser, Subcommand};
use corriere::cli;
use corriere::engine::Seat;
use corriere::kinds::Registry;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "corriere",
    version,
    about = "A play-by-email service for slow board and card games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web service (pages, JSON API and the mail worker) until Ctrl-C.
    Serve {
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
    /// Check a game record offline: commitment, seed, hash chain and every action's legality.
    Verify {
        /// A corriere-record/1 JSON file.
        record: PathBuf,
    },
    /// Print a game's record as JSON (public information only while it is played).
    Export {
        /// The game id.
        game: String,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
    /// Verify a finished record and store it as a read-only game for review.
    Import {
        /// A corriere-record/1 JSON file.
        record: PathBuf,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
    /// Manage one seat of a game.
    Seat {
        #[command(subcommand)]
        command: SeatCommand,
    },
    /// Use a game's rules engine directly on JSON positions (see docs/formats.md).
    Engine {
        #[command(subcommand)]
        command: EngineCommand,
    },
    /// Play many random games, auditing the engine's invariants after every action.
    Simulate {
        /// The game to play.
        #[arg(long, default_value = "condottiere", value_parser = games())]
        game: String,
        /// How many games to play; game i uses seed SEED+i.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Players per game (the game's own range, e.g. 2 to 6 for Condottiere).
        #[arg(long, default_value_t = 4)]
        players: u8,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Options, comma-separated, by the game's names (`GET /api/v1/kinds` lists them):
        /// `name` switches one on, `name=N` gives a number or a seat, `all` switches every
        /// one on (Condottiere: draw_after_battle, play_for_points[=T], bigger_kingdoms,
        /// capturing_regions, hidden_cards, first_holder=SEAT).
        #[arg(long, default_value = "")]
        options: String,
        /// Seats played by the game's bot in each game, against random players; the JSON then
        /// reports `bot_win_share` (shared victories split) and the `fair_share` to beat.
        #[arg(long, default_value_t = 0)]
        bots: u8,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Also write every game as a finished record (corriere-record/1) into this directory.
        #[arg(long)]
        records: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum SeatCommand {
    /// Replace a seat's link: old links stop working and the player is mailed the new one.
    Relink {
        /// The game id, as in its address.
        game: String,
        /// The seat, numbered from 1.
        #[arg(value_parser = parse_seat)]
        seat: Seat,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
}

#[derive(Subcommand)]
enum EngineCommand {
    /// Apply actions to a position; print {"position", "events", "outcome"}, or the first
    /// rejection as {"error", "position"} with exit status 3.
    Apply {
        /// The game whose rules apply.
        #[arg(long, default_value = "condottiere", value_parser = games())]
        game: String,
        /// The position JSON file ("-" for standard input).
        #[arg(long)]
        position: PathBuf,
        /// A JSON array of {"seat": n, "action": {...}}.
        #[arg(long)]
        actions: PathBuf,
    },
    /// Print the JSON array of one seat's legal actions.
    Legal {
        /// The game whose rules apply.
        #[arg(long, default_value = "condottiere", value_parser = games())]
        game: String,
        #[arg(long)]
        position: PathBuf,
        /// The seat, numbered from 1.
        #[arg(long, value_parser = parse_seat)]
        seat: Seat,
    },
}

/// The registered games, for `--game` (its `--help` lists them).
fn games() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(Registry::standard().names())
}

fn parse_seat(text: &str) -> Result<Seat, String> {
    text.parse::<u8>()
        .ok()
        .and_then(Seat::from_number)
        .ok_or_else(|| format!("{text:?} is not a seat number (seats are numbered from 1)"))
}

/// Run `f` with the registered game called `name`.
fn with_game(
    name: &str,
    f: impl FnOnce(&dyn corriere::kinds::Kind) -> anyhow::Result<ExitCode>,
) -> anyhow::Result<ExitCode> {
    let registry = Registry::standard();
    f(registry.get(name)?)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve { args } => cli::serve::serve(args),
        Command::Seat {
            command: SeatCommand::Relink { game, seat, args },
        } => cli::serve::relink(args, &game, seat),
        Command::Engine {
            command:
                EngineCommand::Apply {
                    game,
                    position,
                    actions,
                },
        } => with_game(&game, |kind| cli::engine::apply(kind, &position, &actions)),
        Command::Engine {
            command:
                EngineCommand::Legal {
                    game,
                    position,
                    seat,
                },
        } => with_game(&game, |kind| cli::engine::legal(kind, &position, seat)),
        Command::Simulate {
            game,
            games,
            players,
            seed,
            options,
            bots,
            json,
            records,
        } => with_game(&game, |kind| {
            let run = cli::simulate::Run {
                kind,
                games,
                players,
                seed,
                options: cli::simulate::parse_options(kind, &options)?,
                bots,
                json,
            };
            cli::simulate::run_with_records(&run, records.as_deref())
        }),
        Command::Verify { record } => cli::records::verify(&record),
        Command::Export { game, args } => cli::records::export(args, &game),
        Command::Import { record, args } => cli::records::import(args, &record),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}
