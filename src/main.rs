//! The `corriere` binary: one program with subcommands for serving, playing the engine from
//! the shell, simulating games and auditing records.

use clap::{Parser, Subcommand};
use corriere::cli;
use corriere::engine::{Seat, Seed, Viewer};
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

// Parsed once per run: the size of a variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum AuditCommand {
    /// An entry is in the log: the answer of `/transparency/inclusion` saved to a file.
    Inclusion {
        proof: PathBuf,
        #[arg(long)]
        keys: PathBuf,
    },
    /// The later tree head's log extends the earlier one's: the answer of
    /// `/transparency/consistency`, and the two tree heads (JSON, or mails carrying them).
    Consistency {
        proof: PathBuf,
        #[arg(long)]
        first: PathBuf,
        #[arg(long)]
        second: PathBuf,
        #[arg(long)]
        keys: PathBuf,
    },
    /// A record, with its proofs and any receipts: as `verify` with them.
    Record {
        record: PathBuf,
        #[arg(long)]
        proofs: PathBuf,
        #[arg(long = "receipts")]
        receipts: Vec<PathBuf>,
        #[arg(long)]
        keys: PathBuf,
    },
    /// The operator's check of the whole log in the database: every tree head's root rebuilt
    /// from the leaves and every leaf against its stored entry.
    Log {
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
}

#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum SigningKeyCommand {
    /// Make a new signing key in the data directory; the old one stays published, retired,
    /// once the service restarts with the new one.
    Rotate {
        #[arg(long, env = "CORRIERE_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
    },
    /// Print the published keys (as `/.well-known/corriere-keys.json`).
    Keys {
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
}

#[derive(Subcommand)]
enum Command {
    /// Run the web service (pages, JSON API and the mail worker) until Ctrl-C.
    Serve {
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
    /// Check a game record offline: commitment, seed, hash chain and every action's legality;
    /// with receipts or proofs, also that the server never rewrote it.
    Verify {
        /// A corriere-record/1 JSON file.
        record: PathBuf,
        /// A file holding signed receipts of the game (a kept mail, receipt lines); repeat it.
        /// A record that contradicts a receipt is a proven rewrite.
        #[arg(long = "receipts")]
        receipts: Vec<PathBuf>,
        /// The proofs downloaded with the record (`/games/ID/proofs.json`): every move is in the
        /// public log.
        #[arg(long)]
        proofs: Option<PathBuf>,
        /// The service's published keys (`/.well-known/corriere-keys.json`), for receipts and
        /// proofs.
        #[arg(long)]
        keys: Option<PathBuf>,
    },
    /// Check signed receipts (in kept mails or receipt lines) against the service's keys.
    VerifyReceipt {
        /// Files holding receipts.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The service's published keys (`/.well-known/corriere-keys.json`).
        #[arg(long)]
        keys: PathBuf,
    },
    /// Check the transparency log: a receipt's inclusion, two tree heads' consistency, or (the
    /// operator) the whole log in the database.
    Audit {
        #[command(subcommand)]
        command: AuditCommand,
    },
    /// The service's signing key: rotate it, or print the published keys.
    SigningKey {
        #[command(subcommand)]
        command: SigningKeyCommand,
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
    /// See and manage the stored games (same configuration as `serve`).
    Game {
        #[command(subcommand)]
        command: GameCommand,
    },
    /// See the mails not sent yet and put failed ones back in the queue.
    Mail {
        #[command(subcommand)]
        command: MailCommand,
    },
    /// The reports of messages readers filed: list the open ones (with no subcommand), hide a
    /// message, dismiss a report.
    #[command(args_conflicts_with_subcommands = true)]
    Reports {
        #[command(subcommand)]
        command: Option<Box<ReportsCommand>>,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
    /// Block an address service-wide: no mail to or from it, no game created or joined by it,
    /// no message written by it (its seats in running games stay, without mail).
    BlockAddress {
        /// The address.
        address: String,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
    /// Lift a service-wide block of an address.
    UnblockAddress {
        /// The address.
        address: String,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
    /// Manage one seat of a game.
    Seat {
        #[command(subcommand)]
        command: SeatCommand,
    },
    /// Pergamemnon card sets: check an operator's file, balance a set by simulation.
    CardSet {
        #[command(subcommand)]
        command: CardSetCommand,
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
        /// How the seats no bot plays choose: `random` legal actions, or the deadline
        /// `default` every time (units that only hold, in Condottieri).
        #[arg(long, default_value = "random", value_parser = ["random", "default"])]
        rest: String,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Also write every game as a finished record (corriere-record/1) into this directory.
        #[arg(long)]
        records: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum CardSetCommand {
    /// Check a Pergamemnon card set file against every rule of docs/formats.md "Card sets":
    /// each problem with what to change; exit 1 when the set cannot be used.
    Check { file: PathBuf },
    /// Play a balance suite of the rules reference (§4.6) with the balance bot on every seat
    /// and report each nation's deviation from a fair share and the criteria A1–A5.
    Balance {
        /// A built-in set's id, or a card set file.
        #[arg(long, default_value = "reference-1")]
        set: String,
        /// T (tuning: 120 games per nation combination) or A (acceptance: 1,000).
        #[arg(long, default_value = "T", value_parser = ["T", "A"])]
        suite: String,
        /// Play the suite this many times over (more games, other seeds).
        #[arg(long, default_value_t = 1)]
        scale: u32,
        /// Only these player counts (default 2 to 5).
        #[arg(long)]
        players: Vec<u8>,
    },
    /// The table's bot on one seat against the balance bot on the others: its win share.
    Duel {
        #[arg(long, default_value = "reference-2")]
        set: String,
        #[arg(long)]
        players: Vec<u8>,
        #[arg(long, default_value_t = 2000)]
        games: u64,
    },
    /// Run the tuning loop of §4.6 from a reference set and write the best set found as
    /// `reference-NUMBER`.
    Tune {
        #[arg(long, default_value = "reference-1")]
        from: String,
        #[arg(long, default_value_t = 40)]
        steps: u32,
        #[arg(long, default_value_t = 2)]
        number: u32,
        #[arg(long)]
        out: PathBuf,
    },
}

#[derive(Subcommand)]
enum GameCommand {
    /// Every game, newest first: its status, whom it waits on and since when.
    List {
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
    /// One game: seats and addresses, pending decisions, last moves, queued and failed mails.
    Show {
        /// The game id, as in its address.
        game: String,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
    /// Cancel a game that invites or is played; every player is mailed.
    Cancel {
        /// The game id, as in its address.
        game: String,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
    /// Mend a game stored before version 0.1's setup names: give a replaced seat back the name
    /// the game was created with. Taken only if the whole stored log then replays.
    RestoreName {
        /// The game id, as in its address.
        game: String,
        /// The seat, numbered from 1.
        #[arg(value_parser = parse_seat)]
        seat: Seat,
        /// The seat's name when the game was created (the players' first mails name it).
        name: String,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
}

#[derive(Subcommand)]
enum MailCommand {
    /// The mails waiting to be sent, oldest first, with their attempts and last error.
    List {
        /// Only the mails that failed for good.
        #[arg(long)]
        failed: bool,
        /// Only the mails of this game.
        #[arg(long)]
        game: Option<String>,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
    /// Take one reply on standard input (the pipe from an MTA alias for the reply address);
    /// exits 0 when taken, 67/77 for an unknown or forged address, 75 to be tried again.
    Receive {
        /// The envelope sender (Postfix: `${sender}`); empty for a bounce.
        #[arg(long)]
        sender: Option<String>,
        /// The envelope recipient (Postfix: `${original_recipient}`); otherwise the mail's
        /// To, Cc, Delivered-To and X-Original-To are read.
        #[arg(long)]
        recipient: Vec<String>,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
    /// Send a queued or failed mail now (its address is no longer marked undeliverable).
    Retry {
        /// The mail's id, as `mail list` prints it.
        id: String,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
}

#[derive(Subcommand)]
enum ReportsCommand {
    /// Hide a message from every page, mail, API answer and export, closing its reports.
    Hide {
        /// The message's id, as `corriere reports` prints it.
        message: String,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
    },
    /// Close a report and leave its message as it is.
    Dismiss {
        /// The report's id, as `corriere reports` prints it.
        report: String,
        #[command(flatten)]
        args: corriere::config::ServeArgs,
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
    /// Set a game up; print {"position", "events"}: the position right after setup.
    Setup {
        /// The game whose rules apply.
        #[arg(long, default_value = "condottiere", value_parser = games())]
        game: String,
        /// The seed: 64 hexadecimal digits (a record's seed) or a whole number.
        #[arg(long, value_parser = cli::engine::parse_seed)]
        seed: Seed,
        /// The options as a JSON object (the fields the API's create takes).
        #[arg(long, default_value = "{}")]
        options: String,
        /// How many players.
        #[arg(long)]
        players: u8,
    },
    /// Print what one viewer may see of a position (the game's view as JSON).
    View {
        /// The game whose rules apply.
        #[arg(long, default_value = "condottiere", value_parser = games())]
        game: String,
        #[arg(long)]
        position: PathBuf,
        /// The seat whose view, numbered from 1.
        #[arg(long, value_parser = parse_seat, conflicts_with = "spectator", required_unless_present = "spectator")]
        seat: Option<Seat>,
        /// A spectator's view instead of a seat's.
        #[arg(long)]
        spectator: bool,
    },
    /// Print the action played for a seat whose deadline passes (null when it owes nothing).
    Default {
        /// The game whose rules apply.
        #[arg(long, default_value = "condottiere", value_parser = games())]
        game: String,
        #[arg(long)]
        position: PathBuf,
        /// The seat, numbered from 1.
        #[arg(long, value_parser = parse_seat)]
        seat: Seat,
    },
    /// Print the JSON array of one seat's legal actions (the menu forms and mails offer;
    /// for some games a sample, not every legal action).
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
        } => cli::admin::relink(args, &game, seat),
        Command::Game { command } => match command {
            GameCommand::List { args } => cli::admin::list_games(args),
            GameCommand::Show { game, args } => cli::admin::show_game(args, &game),
            GameCommand::Cancel { game, args } => cli::admin::cancel_game(args, &game),
            GameCommand::RestoreName {
                game,
                seat,
                name,
                args,
            } => cli::admin::restore_name(args, &game, seat, &name),
        },
        Command::Reports { command, args } => match command.map(|c| *c) {
            None => cli::admin::list_reports(args),
            Some(ReportsCommand::Hide { message, args }) => {
                cli::admin::hide_message(args, &message)
            }
            Some(ReportsCommand::Dismiss { report, args }) => {
                cli::admin::dismiss_report(args, &report)
            }
        },
        Command::BlockAddress { address, args } => cli::admin::block_address(args, &address, true),
        Command::UnblockAddress { address, args } => {
            cli::admin::block_address(args, &address, false)
        }
        Command::Mail { command } => match command {
            MailCommand::List { failed, game, args } => {
                cli::admin::list_mails(args, failed, game.as_deref())
            }
            MailCommand::Retry { id, args } => cli::admin::retry_mail(args, &id),
            MailCommand::Receive {
                sender,
                recipient,
                args,
            } => return cli::admin::receive_mail(args, sender, recipient),
        },
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
        Command::Engine {
            command:
                EngineCommand::Setup {
                    game,
                    seed,
                    options,
                    players,
                },
        } => with_game(&game, |kind| {
            cli::engine::setup(kind, seed, &options, players)
        }),
        Command::Engine {
            command:
                EngineCommand::View {
                    game,
                    position,
                    seat,
                    spectator: _,
                },
        } => with_game(&game, |kind| {
            let viewer = seat.map_or(Viewer::Spectator, Viewer::Seat);
            cli::engine::view(kind, &position, viewer)
        }),
        Command::Engine {
            command:
                EngineCommand::Default {
                    game,
                    position,
                    seat,
                },
        } => with_game(&game, |kind| cli::engine::default(kind, &position, seat)),
        Command::CardSet { command } => match command {
            CardSetCommand::Check { file } => {
                let registry = Registry::standard();
                cli::card_sets::check(&file, &registry.catalogs().default_words())
            }
            CardSetCommand::Balance {
                set,
                suite,
                scale,
                players,
            } => cli::card_sets::balance(&set, &suite, scale, &players),
            CardSetCommand::Duel {
                set,
                players,
                games,
            } => cli::card_sets::duel(&set, &players, games),
            CardSetCommand::Tune {
                from,
                steps,
                number,
                out,
            } => cli::card_sets::tune(&from, steps, number, &out),
        },
        Command::Simulate {
            game,
            games,
            players,
            seed,
            options,
            bots,
            rest,
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
                rest: match rest.as_str() {
                    "default" => corriere::simulate::Rest::Default,
                    _ => corriere::simulate::Rest::Random,
                },
                json,
            };
            cli::simulate::run_with_records(&run, records.as_deref())
        }),
        Command::Verify {
            record,
            receipts,
            proofs,
            keys,
        } => cli::records::verify(
            &record,
            &cli::receipts::Evidence {
                receipts,
                proofs,
                keys,
            },
        ),
        Command::VerifyReceipt { files, keys } => cli::receipts::verify_receipts(&files, &keys),
        Command::Audit { command } => match command {
            AuditCommand::Inclusion { proof, keys } => {
                cli::receipts::audit_inclusion(&proof, &keys)
            }
            AuditCommand::Consistency {
                proof,
                first,
                second,
                keys,
            } => cli::receipts::audit_consistency(&proof, &first, &second, &keys),
            AuditCommand::Record {
                record,
                proofs,
                receipts,
                keys,
            } => cli::records::verify(
                &record,
                &cli::receipts::Evidence {
                    receipts,
                    proofs: Some(proofs),
                    keys: Some(keys),
                },
            ),
            AuditCommand::Log { args } => cli::receipts::audit_log(args),
        },
        Command::SigningKey { command } => match command {
            SigningKeyCommand::Rotate { data_dir } => cli::receipts::rotate(&data_dir),
            SigningKeyCommand::Keys { args } => cli::receipts::print_keys(args),
        },
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
