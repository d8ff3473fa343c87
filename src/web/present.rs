//! What every game page shares: notices above the page, the header facts of a game, and the
//! history in lines. The game's own parts come from its presenter through `crate::kinds`.

use crate::engine::Seat;
use crate::games::{GameInfo, HistoryEntry, SeatInfo};
use crate::kinds::{Kind, View};
pub use crate::present::status;
use crate::present::{Ctx, SeatNames, Words};

pub struct Flash {
    pub kind: &'static str,
    pub text: String,
}

impl Flash {
    pub fn error(text: impl Into<String>) -> Flash {
        Flash {
            kind: "error",
            text: text.into(),
        }
    }
    pub fn info(text: impl Into<String>) -> Flash {
        Flash {
            kind: "info",
            text: text.into(),
        }
    }
}

/// The header facts every game page shows.
pub struct GameShown {
    pub id: String,
    pub title: String,
    pub public_path: String,
    pub seq: i64,
    pub log_head: String,
    pub commitment: String,
    pub options_text: String,
    pub notes: Vec<String>,
    pub situation: String,
    /// The game's guide for newcomers (rules in short, glossary); empty when it has none.
    pub guide_path: String,
}

pub fn names_of(seats: &[SeatInfo]) -> SeatNames {
    SeatNames::new(seats.iter().map(|s| s.name.clone()).collect())
}

/// The game's title in the reader's language.
pub fn title(kind: &dyn Kind, words: &Words) -> String {
    words.get(&format!("{}-title", kind.name()))
}

pub fn game_shown(
    kind: &dyn Kind,
    game: &GameInfo,
    seq: i64,
    view: Option<&View>,
    cx: &Ctx,
) -> GameShown {
    GameShown {
        id: game.id.as_str().to_string(),
        title: title(kind, &cx.words),
        public_path: format!("/games/{}", game.id.as_str()),
        seq,
        log_head: game
            .log_head
            .clone()
            .unwrap_or_else(|| cx.words.get("page-not-started")),
        commitment: game.commitment.clone(),
        options_text: kind.options_words(&game.options, cx).join("; "),
        notes: kind.option_notes(&game.options, cx),
        situation: view.map(|v| kind.situation(v, cx)).unwrap_or_default(),
        guide_path: super::guide::guide_path(kind.name(), &cx.words).unwrap_or_default(),
    }
}

/// History entries as lines, newest first: "Move 12 · Alice: Alice played Mercenary 5."
pub fn history(entries: &[HistoryEntry], cx: &Ctx) -> Vec<String> {
    entries
        .iter()
        .map(|e| match e.seat {
            Some(seat) => cx.words.with(
                "history-move",
                &[
                    ("seq", e.seq.into()),
                    ("name", cx.name(seat).into()),
                    ("lines", e.lines.join(" ").into()),
                ],
            ),
            None => cx.words.one("history-setup", "lines", e.lines.join(" ")),
        })
        .collect()
}

/// What a page says of time, in `zone`: the reader's own deadline, whom the game waits on
/// since when and until when, who is away, which seats a bot plays.
pub fn time_lines(
    time: &crate::games::time::TimeView,
    me: Option<Seat>,
    cx: &Ctx,
    zone: chrono_tz::Tz,
) -> Vec<String> {
    use crate::present::time::when;
    let w = &cx.words;
    let now = time.now.0;
    let mut lines = Vec::new();
    for (seat, since, due) in &time.deadlines {
        let due = when(*w, due.0, now, zone);
        if Some(*seat) == me {
            lines.push(w.one("status-due", "due", due));
        } else {
            lines.push(format!(
                "{} {}",
                w.two(
                    "status-waiting-since",
                    ("seats", cx.names.name(*seat)),
                    ("since", when(*w, since.0, now, zone))
                ),
                w.one("status-due", "due", due)
            ));
        }
    }
    for (seat, until) in &time.away {
        lines.push(w.two(
            "status-away",
            ("name", cx.names.name(*seat)),
            ("until", when(*w, until.0, now, zone)),
        ));
    }
    for (seat, control, resigned) in &time.bots {
        let key = match (control, resigned) {
            (crate::store::Control::Absent, _) => "status-absent",
            (_, true) => "status-resigned",
            _ => "status-bot",
        };
        lines.push(w.one(key, "name", cx.names.name(*seat)));
    }
    lines
}
