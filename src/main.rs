//! The `corriere` binary: one program with subcommands for serving, playing the engine from
//! the shell, simulating games and auditing records.

use clap::{Parser, Subcommand};
use corriere::cli;
use corriere::engine::Seat;
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
    /// Use the Condottiere rules engine directly on JSON positions (see docs/formats.md).
    Engine {
        #[command(subcommand)]
        command: EngineCommand,
    },
    /// Play many random games, auditing the engine's invariants after every action.
    Simulate {
        /// How many games to play; game i uses seed SEED+i.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Players per game, 2 to 6.
        #[arg(long, default_value_t = 4)]
        players: u8,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Optional rules, comma-separated: draw_after_battle, play_for_points[=T],
        /// bigger_kingdoms, capturing_regions, hidden_cards, or all.
        #[arg(long, default_value = "")]
        options: String,
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
        /// The position JSON file ("-" for standard input).
        #[arg(long)]
        position: PathBuf,
        /// A JSON array of {"seat": n, "action": {...}}.
        #[arg(long)]
        actions: PathBuf,
    },
    /// Print the JSON array of one seat's legal actions.
    Legal {
        #[arg(long)]
        position: PathBuf,
        /// The seat, numbered from 1.
        #[arg(long, value_parser = parse_seat)]
        seat: Seat,
    },
}

fn parse_seat(text: &str) -> Result<Seat, String> {
    text.parse::<u8>()
        .ok()
        .and_then(Seat::from_number)
        .ok_or_else(|| format!("{text:?} is not a seat number (seats are numbered from 1)"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve { args } => cli::serve::serve(args),
        Command::Seat {
            command: SeatCommand::Relink { game, seat, args },
        } => cli::serve::relink(args, &game, seat),
        Command::Engine {
            command: EngineCommand::Apply { position, actions },
        } => cli::engine::apply(&position, &actions),
        Command::Engine {
            command: EngineCommand::Legal { position, seat },
        } => cli::engine::legal(&position, seat),
        Command::Simulate {
            games,
            players,
            seed,
            options,
            json,
            records,
        } => cli::simulate::parse_options(&options).and_then(|options| {
            cli::simulate::run_with_records(
                games,
                players,
                seed,
                &options,
                json,
                records.as_deref(),
            )
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
