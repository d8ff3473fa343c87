//! The operator's commands: `game list|show|cancel|restore-name`, `mail list|retry`, `seat relink`,
//! `reports [hide|dismiss]` and `block-address`, with `serve`'s configuration, printing plain text.

use crate::config::ServeArgs;
use crate::domain::GameStatus;
use crate::domain::Millis;
use crate::engine::Seat;
use crate::service::admin::{DeadlineLine, GameLine, RestoreError};
use crate::service::moderation::ModerationError;
use crate::service::{Cancel, CancelError};
use crate::store::{self, OutboxRow};
use anyhow::{Context, Result};
use std::process::ExitCode;

/// `corriere game list`: every game, newest first, with whom it waits on and since when.
pub fn list_games(args: ServeArgs) -> Result<ExitCode> {
    let (games, db) = super::open(args)?;
    let mut conn = db.get()?;
    let lines = games.game_lines(&mut conn)?;
    if lines.is_empty() {
        println!("No games yet.");
    }
    for line in &lines {
        println!("{}", one_line(line));
    }
    Ok(ExitCode::SUCCESS)
}

fn one_line(line: &GameLine) -> String {
    let mut text = format!(
        "{}  {:<12} {:<10} since {}",
        line.id.as_str(),
        line.kind,
        status(line),
        time(line.since)
    );
    if !line.waiting_on.is_empty() {
        text.push_str(&format!("  waiting on {}", line.waiting_on.join(", ")));
    }
    if let Some(problem) = &line.problem {
        text.push_str(&format!("  ({problem})"));
    }
    text
}

fn status(line: &GameLine) -> String {
    match (line.status, line.cancelled_by) {
        (GameStatus::Cancelled, Some(by)) => format!("cancelled ({})", by.as_str()),
        (status, _) => status.as_str().to_owned(),
    }
}

/// `corriere game show ID`: seats, pending decisions, last moves, queued and failed mails.
pub fn show_game(args: ServeArgs, game: &str) -> Result<ExitCode> {
    let id = super::game_id(game)?;
    let (games, db) = super::open(args)?;
    let mut conn = db.get()?;
    let detail = games
        .game_detail(&mut conn, &id)
        .with_context(|| format!("reading game {game}"))?;
    println!("{}", one_line(&detail.line));
    if let Some(loaded) = &detail.loaded {
        println!(
            "rules version {}, created {}, commitment {}",
            loaded.game.rules_version,
            time(loaded.game.created_at),
            loaded.game.commitment
        );
    }
    println!("\nSeats:");
    for seat in &detail.seats {
        println!(
            "  {}. {} <{}>{}",
            seat.seat.number(),
            seat.name,
            seat.address,
            if seat.accepted {
                ""
            } else {
                "  (not accepted yet)"
            }
        );
    }
    if !detail.pending.is_empty() {
        println!("\nWaiting for:");
        for (name, decision) in &detail.pending {
            println!("  {name}: {decision}");
        }
    }
    if !detail.last_moves.is_empty() {
        println!("\nLast moves (newest first):");
        for step in &detail.last_moves {
            let when = step.at.map(time).unwrap_or_default();
            let who = step.by.as_deref().unwrap_or("-");
            println!("  #{} {when} {who}: {}", step.seq, step.lines.join(" "));
        }
    }
    println!(
        "\nScheduled (the service's clock reads {}):",
        time(detail.now)
    );
    if detail.deadlines.is_empty() {
        println!("  no deadline or reminder pending");
    }
    for deadline in &detail.deadlines {
        println!("  {}", deadline_line(deadline, detail.now));
    }
    println!("\nMails:");
    if detail.mails.is_empty() {
        println!("  none queued or failed");
    }
    for mail in &detail.mails {
        println!("  {}", mail_line(mail, detail.now));
    }
    Ok(ExitCode::SUCCESS)
}

/// `corriere game cancel ID`: the game ends here and every player is mailed why.
pub fn cancel_game(args: ServeArgs, game: &str) -> Result<ExitCode> {
    let id = super::game_id(game)?;
    let (games, db) = super::open(args)?;
    let mut conn = db.get()?;
    match games.cancel(&mut conn, &id, Cancel::Operator) {
        Ok(()) => {
            println!(
                "Game {} is cancelled; its players' mails are queued.",
                id.as_str()
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(CancelError::NotCancellable) => {
            println!(
                "Game {} is already over or cancelled; nothing changed.",
                id.as_str()
            );
            Ok(ExitCode::FAILURE)
        }
        Err(error) => Err(error).with_context(|| format!("cancelling game {game}")),
    }
}

/// `corriere mail list`: the mails not sent yet (queued, being sent, or failed).
pub fn list_mails(args: ServeArgs, failed_only: bool, game: Option<&str>) -> Result<ExitCode> {
    let game = game.map(super::game_id).transpose()?;
    let (games, db) = super::open(args)?;
    let mut conn = db.get()?;
    let now = games.now();
    let rows: Vec<OutboxRow> = store::outbox_rows(&mut conn, game.as_ref())?
        .into_iter()
        .filter(|row| !failed_only || row.failed_at.is_some())
        .collect();
    if rows.is_empty() {
        println!("No mails waiting.");
    }
    for row in &rows {
        println!("{}", mail_line(row, now));
    }
    Ok(ExitCode::SUCCESS)
}

/// "Bob: reminder at … (in 2h 10m); due at … (in 1d 2h 10m), grace once": what the scheduler
/// will do for one seat, and when.
fn deadline_line(deadline: &DeadlineLine, now: Millis) -> String {
    let mut text = format!("{}:", deadline.name);
    if let Some(remind) = deadline.remind_at {
        text.push_str(&format!(
            " reminder at {} ({});",
            time(remind),
            from_now(remind, now)
        ));
    }
    text.push_str(&format!(
        " due at {} ({}), then {}",
        time(deadline.due_at),
        from_now(deadline.due_at, now),
        if deadline.extended {
            "the default action"
        } else {
            "one grace extension"
        }
    ));
    text
}

/// How far `at` is from `now`: "in 1d 2h 5m", or "due now" when it has passed.
fn from_now(at: Millis, now: Millis) -> String {
    if at.0 <= now.0 {
        return "due now".into();
    }
    let described = crate::clock::describe_offset(chrono::Duration::milliseconds(at.0 - now.0));
    format!("in {}", described.trim_start_matches('+'))
}

fn mail_line(row: &OutboxRow, now: Millis) -> String {
    let state = if row.failed_at.is_some() {
        "failed".to_owned()
    } else if row.next_attempt_at <= now.0 {
        "due".to_owned()
    } else {
        format!("retry at {}", time(Millis(row.next_attempt_at)))
    };
    let mut text = format!(
        "{}  {:<11} to {} <{}>  {state}, {} failed attempt(s), queued {}",
        row.id,
        row.kind,
        row.to_name,
        row.to_addr,
        row.attempts,
        time(Millis(row.created_at))
    );
    if let Some(game) = &row.game_id {
        text.push_str(&format!("  game {game}"));
    }
    if let Some(error) = &row.last_error {
        text.push_str(&format!("\n      last error: {error}"));
    }
    text
}

/// `corriere mail retry ID`: the mail is due now, its failure and its address's forgotten.
pub fn retry_mail(args: ServeArgs, id: &str) -> Result<ExitCode> {
    let (games, db) = super::open(args)?;
    let mut conn = db.get()?;
    match games.retry_mail(&mut conn, id, games.now())? {
        Some(row) => {
            println!(
                "Mail {} to {} is due now; a running server sends it within seconds.",
                row.id, row.to_addr
            );
            Ok(ExitCode::SUCCESS)
        }
        None => {
            println!("There is no mail {id:?} waiting (sent mails leave the queue).");
            Ok(ExitCode::FAILURE)
        }
    }
}

/// `corriere seat relink GAME SEAT`: a new link for the seat, mailed to its player.
pub fn relink(args: ServeArgs, game: &str, seat: Seat) -> Result<ExitCode> {
    let id = super::game_id(game)?;
    let (games, db) = super::open(args)?;
    let mut conn = db.get()?;
    games
        .relink(&mut conn, &id, seat)
        .with_context(|| format!("relinking seat {} of game {game}", seat.number()))?;
    println!(
        "Seat {} of game {} has a new link; the old one no longer works. The mail is queued.",
        seat.number(),
        id.as_str()
    );
    Ok(ExitCode::SUCCESS)
}

/// `corriere game restore-name GAME SEAT NAME`: a replaced seat's name at creation, for a
/// game whose log no longer replayed because a replacement had rewritten it.
pub fn restore_name(args: ServeArgs, game: &str, seat: Seat, name: &str) -> Result<ExitCode> {
    let id = super::game_id(game)?;
    let (games, db) = super::open(args)?;
    let mut conn = db.get()?;
    match games.restore_setup_name(&mut conn, &id, seat, name) {
        Ok(()) => {
            println!(
                "Seat {} of game {} was created as {name:?}: the game's log replays again.",
                seat.number(),
                id.as_str()
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(error @ RestoreError::Store(_)) | Err(error @ RestoreError::Other(_)) => {
            Err(error).with_context(|| format!("restoring a name in game {game}"))
        }
        Err(refused) => {
            println!("Nothing changed: {refused}.");
            Ok(ExitCode::FAILURE)
        }
    }
}

/// A time to the second, in UTC.
fn time(at: Millis) -> String {
    chrono::DateTime::from_timestamp_millis(at.0.max(0))
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// `corriere mail receive`: one reply on standard input, as an MTA's pipe delivers it. The
/// exit code is the MTA's answer (sysexits): 0 taken (or dropped: a machine's mail, a second
/// delivery), 67 no such reply address and 77 a forged or retired one (the MTA bounces), 75
/// a temporary failure (the MTA keeps the mail and tries again).
pub fn receive_mail(args: ServeArgs, sender: Option<String>, recipients: Vec<String>) -> ExitCode {
    use crate::mail::inbound::{self, MAX_REPLY_BYTES};
    use std::io::Read;
    const TEMPFAIL: u8 = 75;
    let mut raw = Vec::new();
    if let Err(error) = std::io::stdin()
        .take(MAX_REPLY_BYTES as u64)
        .read_to_end(&mut raw)
    {
        eprintln!("corriere: reading the mail: {error}");
        return ExitCode::from(TEMPFAIL);
    }
    let (games, db) = match super::open(args) {
        Ok(opened) => opened,
        Err(error) => {
            eprintln!("corriere: {error:#}");
            return ExitCode::from(TEMPFAIL);
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("corriere: {error}");
            return ExitCode::from(TEMPFAIL);
        }
    };
    let delivered = runtime.block_on(inbound::deliver(
        &games,
        &db,
        &raw,
        sender.as_deref(),
        &recipients,
    ));
    match delivered {
        Ok(delivery) => {
            eprintln!("corriere: {delivery:?}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("corriere: {error}");
            ExitCode::from(error.exit_code() as u8)
        }
    }
}

/// `corriere reports`: the open reports, oldest first: each with its message, game, seats,
/// reason and time.
pub fn list_reports(args: ServeArgs) -> Result<ExitCode> {
    let (games, db) = super::open(args)?;
    let mut conn = db.get()?;
    let reports = games.open_reports(&mut conn)?;
    if reports.is_empty() {
        println!("No open reports.");
    }
    for report in &reports {
        let to = match report.to_seat {
            Some(seat) => format!("to seat {seat} only"),
            None => "to the table".to_owned(),
        };
        let by = match report.reporter_seat {
            Some(seat) => format!("seat {seat}"),
            None => "a former player".to_owned(),
        };
        println!(
            "report {}  {}  game {}  message {}  from seat {} {}  reported by {}",
            report.id,
            time(report.at),
            report.game_id,
            report.message_id,
            report.from_seat,
            to,
            by
        );
        println!("  message: {}", report.text.replace('\n', "\n           "));
        if !report.reason.is_empty() {
            println!(
                "  reason:  {}",
                report.reason.replace('\n', "\n           ")
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `corriere reports hide MESSAGE`: the message is hidden everywhere and its reports closed.
pub fn hide_message(args: ServeArgs, message: &str) -> Result<ExitCode> {
    let (games, db) = super::open(args)?;
    let mut conn = db.get()?;
    match games.hide_message(&mut conn, message) {
        Ok(closed) => {
            println!("Message {message} is hidden; {closed} open report(s) of it closed.");
            Ok(ExitCode::SUCCESS)
        }
        Err(ModerationError::NotFound) => {
            println!("There is no message {message}; nothing changed.");
            Ok(ExitCode::FAILURE)
        }
        Err(error) => Err(error).with_context(|| format!("hiding message {message}")),
    }
}

/// `corriere reports dismiss REPORT`: the report is closed, its message left as it is.
pub fn dismiss_report(args: ServeArgs, report: &str) -> Result<ExitCode> {
    let (games, db) = super::open(args)?;
    let mut conn = db.get()?;
    match games.dismiss_report(&mut conn, report) {
        Ok(()) => {
            println!("Report {report} is dismissed.");
            Ok(ExitCode::SUCCESS)
        }
        Err(ModerationError::NotFound) => {
            println!("There is no open report {report}; nothing changed.");
            Ok(ExitCode::FAILURE)
        }
        Err(error) => Err(error).with_context(|| format!("dismissing report {report}")),
    }
}

/// `corriere block-address ADDRESS` (`on`) and `unblock-address ADDRESS`.
pub fn block_address(args: ServeArgs, address: &str, on: bool) -> Result<ExitCode> {
    let address = crate::domain::EmailAddress::parse(address)
        .map_err(|e| anyhow::anyhow!("{address:?} is not an address: {e}"))?;
    let (games, db) = super::open(args)?;
    let mut conn = db.get()?;
    let changed = games.block_address(&mut conn, address.as_str(), on)?;
    match (on, changed) {
        (true, true) => {
            println!("{address} is blocked: no mail to or from it, no game made or joined by it.")
        }
        (true, false) => println!("{address} was blocked already; nothing changed."),
        (false, true) => println!("{address} is no longer blocked."),
        (false, false) => println!("{address} was not blocked; nothing changed."),
    }
    Ok(ExitCode::SUCCESS)
}
