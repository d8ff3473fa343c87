//! Issue #29's time items: times named with their zone, the zone taken from the browser or
//! guessed from its language, the operator's `--data-dir`, `game show`'s schedule and `--clock-offset`.

use crate::support::{Backend, TestApp, PLAYERS};
use std::path::Path;
use std::process::Command;

/// The binary run in `cwd` with none of the operator's `CORRIERE_*` settings: its exit
/// code, standard output and standard error.
fn corriere_in(cwd: &Path, args: &[&str]) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_corriere"));
    for (name, _) in std::env::vars() {
        if name.starts_with("CORRIERE_") {
            command.env_remove(name);
        }
    }
    let out = command
        .current_dir(cwd)
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn data_dir_alone_puts_the_sqlite_file_in_that_directory() {
    let cwd = tempfile::tempdir().unwrap();
    let data = cwd.path().join("elsewhere");
    let data_arg = data.display().to_string();
    let (code, out, err) = corriere_in(cwd.path(), &["game", "list", "--data-dir", &data_arg]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        data.join("corriere.db").exists(),
        "the database is in --data-dir"
    );
    assert!(
        !cwd.path().join("data").exists(),
        "nothing is made in ./data when --data-dir names another directory"
    );
}

#[test]
fn a_clock_offset_is_refused_unless_it_is_allowed_and_then_it_is_announced_loudly() {
    let cwd = tempfile::tempdir().unwrap();
    let data = cwd.path().join("data");
    let data_arg = data.display().to_string();
    let (code, out, err) = corriere_in(
        cwd.path(),
        &[
            "game",
            "list",
            "--data-dir",
            &data_arg,
            "--clock-offset",
            "3d",
        ],
    );
    assert_eq!(code, 2, "refused: {out}{err}");
    assert!(err.contains("--allow-clock-offset"), "{err}");
    assert!(
        !data.join("corriere.db").exists(),
        "nothing is opened when the offset is refused"
    );
    let (code, out, err) = corriere_in(
        cwd.path(),
        &[
            "game",
            "list",
            "--data-dir",
            &data_arg,
            "--clock-offset",
            "3d",
            "--allow-clock-offset",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains("WARNING: THE CLOCK IS MOVED +3d 0h 0m"),
        "a loud warning: {err}"
    );
    let (code, _, err) = corriere_in(
        cwd.path(),
        &[
            "game",
            "list",
            "--data-dir",
            &data_arg,
            "--clock-offset",
            "soon",
        ],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("90m, 36h, 3d"), "{err}");
}

#[test]
fn an_allowed_clock_offset_moves_the_service_s_clock() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data").display().to_string();
    let config = corriere::config::ServeArgs::from_flags([
        "--data-dir",
        &data,
        "--clock-offset",
        "2d12h",
        "--allow-clock-offset",
    ])
    .unwrap()
    .into_config()
    .unwrap();
    let ahead = config.clock.now() - chrono::Utc::now();
    assert!(
        (ahead - chrono::Duration::hours(60)).num_seconds().abs() < 60,
        "{ahead}"
    );
}

on_each_backend!(game_show_lists_the_pending_deadline_and_reminder_and_the_offset_brings_them_due);

/// `corriere game show` prints what the scheduler will do next for the game: the deadline and
/// reminder of the seat it waits on, with their times; run with an allowed clock offset past
/// them, it shows them due.
async fn game_show_lists_the_pending_deadline_and_reminder_and_the_offset_brings_them_due(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    app.accept_all(&creator.game, 2).await;
    let cwd = tempfile::tempdir().unwrap();
    let url = match &app.db.url {
        corriere::store::DbUrl::Sqlite(path) => format!("sqlite://{}", path.display()),
        corriere::store::DbUrl::Postgres(url) => url.clone(),
    };
    let data = app.db.dir.path().display().to_string();
    let show = |extra: &[&str]| {
        let mut args = vec![
            "game",
            "show",
            creator.game.as_str(),
            "--database-url",
            &url,
            "--data-dir",
            &data,
        ];
        args.extend_from_slice(extra);
        let (code, out, err) = corriere_in(cwd.path(), &args);
        assert_eq!(code, 0, "{out}{err}");
        out
    };
    let out = show(&[]);
    let scheduled = out
        .split("\nScheduled")
        .nth(1)
        .and_then(|rest| rest.split("\nMails:").next())
        .unwrap_or_else(|| panic!("a schedule: {out}"));
    let waiting = scheduled
        .lines()
        .find(|line| line.contains("due at"))
        .unwrap_or_else(|| panic!("a deadline: {out}"));
    assert!(
        PLAYERS[..2]
            .iter()
            .any(|(name, _)| waiting.trim_start().starts_with(&format!("{name}:"))),
        "named by the seat's name: {waiting}"
    );
    assert!(waiting.contains("reminder at"), "{waiting}");
    assert!(
        waiting.contains("(in ") && !waiting.contains("due now"),
        "{waiting}"
    );
    let out = show(&["--clock-offset", "60d", "--allow-clock-offset"]);
    let waiting = out
        .lines()
        .find(|line| line.contains("due at"))
        .unwrap_or_else(|| panic!("a deadline: {out}"));
    assert!(
        waiting.contains("due now") && !waiting.contains("(in "),
        "sixty days on, the reminder and the deadline are due: {waiting}"
    );
    app.stop().await;
}
