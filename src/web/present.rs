//! What every game page shares: notices above the page, the header facts of a game, the
//! history in lines, and the table's talk. The game's own parts come from its presenter through `crate::kinds`.

use crate::engine::{Press, Seat};
pub use crate::kinds::status;
use crate::kinds::{Kind, View};
use crate::present::{Ctx, SeatNames, Words};
use crate::service::{GameInfo, HistoryEntry, SeatInfo};
use std::sync::Arc;

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
    /// The game's kind in the reader's words ("Condottiere").
    pub title: String,
    /// The name people know the game by: its creator's, else its kind and players.
    pub name: String,
    pub public_path: String,
    pub seq: i64,
    pub log_head: String,
    /// The signed receipt of `seq` and `log_head` (its text line); empty where none is given.
    pub receipt: String,
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
        name: crate::service::post::name_of_game(
            kind,
            game.title.as_deref(),
            &(0..game.players)
                .map(|i| cx.name(Seat(i)))
                .collect::<Vec<_>>(),
            cx.words,
        ),
        public_path: format!("/games/{}", game.id.as_str()),
        seq,
        log_head: game
            .log_head
            .clone()
            .unwrap_or_else(|| cx.words.get("page-not-started")),
        receipt: String::new(),
        commitment: game.commitment.clone(),
        options_text: kind.options_words(&game.options, cx).join("; "),
        notes: kind.option_notes(&game.options, cx),
        situation: view.map(|v| kind.situation(v, cx)).unwrap_or_default(),
        guide_path: super::guide::guide_path(kind.name(), &cx.words).unwrap_or_default(),
    }
}

/// One part of the history as a page shows it, newest first: the current chapter open, the
/// older ones folded under their title.
pub struct Chapter {
    /// "Battle 3", or for a game without chapters "12 earlier moves"; empty for the open part.
    pub title: String,
    pub entries: Vec<Arc<HistoryEntry>>,
}

/// The bytes of history lines a game's page carries: its newest entries; the older ones are
/// behind a link ([`Earlier`]), so a page stays small however long the game.
pub const HISTORY_ON_PAGE: usize = 8 * 1024;

/// The bytes of history lines one page of the history itself carries.
pub const HISTORY_PER_PAGE: usize = 48 * 1024;

/// The newest of `entries` (newest first) whose lines fit in `budget` bytes (always one, if
/// any), and the entries left out.
pub fn newest_within(
    entries: &[Arc<HistoryEntry>],
    budget: usize,
) -> (&[Arc<HistoryEntry>], &[Arc<HistoryEntry>]) {
    let mut used = 0;
    let shown = entries
        .iter()
        .take_while(|e| {
            used += e.line.0.len();
            used <= budget
        })
        .count()
        .max(entries.len().min(1));
    entries.split_at(shown)
}

/// The link to what a page leaves out (older history or talk): how many, and where they are.
#[derive(Clone, Debug)]
pub struct Earlier {
    pub label: String,
    pub path: String,
}

impl Earlier {
    /// The link for `left_out` entries (newest first) under `history_path`, if any.
    pub fn of(left_out: &[Arc<HistoryEntry>], history_path: &str, w: &Words) -> Option<Earlier> {
        let newest = left_out.first()?;
        Some(Earlier {
            label: w.one("history-earlier-link", "count", left_out.len()),
            path: format!("{history_path}?before={}", newest.seq + 1),
        })
    }
}

/// How many entries a game without chapters shows before folding the rest.
const UNFOLDED: usize = 10;

/// The history in chapters, newest first: the current one (a battle under way) open, each
/// older one folded under its title (`<game>-history-chapter`, numbered from the first). A
/// game without chapters shows its latest ten entries and folds the rest.
pub fn history(entries: &[Arc<HistoryEntry>], game: &str, cx: &Ctx) -> Vec<Chapter> {
    let w = &cx.words;
    // Newest first: an entry that ends a chapter is the newest of an older chapter.
    let mut parts: Vec<Vec<Arc<HistoryEntry>>> = vec![Vec::new()];
    for entry in entries {
        if entry.ends_chapter {
            parts.push(Vec::new());
        }
        parts.last_mut().expect("a part").push(entry.clone());
    }
    let mut chapters = Vec::new();
    if parts.len() == 1 {
        let mut all = parts.pop().unwrap_or_default();
        let older = all.split_off(all.len().min(UNFOLDED));
        chapters.push(Chapter {
            title: String::new(),
            entries: all,
        });
        if !older.is_empty() {
            chapters.push(Chapter {
                title: w.one("history-older", "count", older.len()),
                entries: older,
            });
        }
        return chapters;
    }
    let count = parts.len();
    for (i, part) in parts.into_iter().enumerate() {
        if part.is_empty() {
            continue;
        }
        // Chapters count from the oldest (the setup opens the first). The newest part is
        // open: the chapter under way, or the one that just ended.
        let number = count - i;
        let title = if chapters.is_empty() {
            String::new()
        } else {
            let own = format!("{game}-history-chapter");
            let id = if w.has(&own) {
                own.as_str()
            } else {
                "history-chapter"
            };
            w.one(id, "number", number)
        };
        chapters.push(Chapter {
            title,
            entries: part,
        });
    }
    chapters
}

/// An absence a person declared, as their pages list it ("From Monday 1 December 00:00, in 3
/// days, until …").
pub fn absence_line(
    w: Words,
    absence: &crate::service::time::Absence,
    now: i64,
    zone: chrono_tz::Tz,
) -> String {
    use crate::present::time::when;
    w.two(
        "away-listed",
        ("from", when(w, absence.starts.0, now, zone)),
        ("until", when(w, absence.ends.0, now, zone)),
    )
}

/// What a page says of time, in `zone`: the reader's own deadline, whom the game waits on
/// since when and until when, who is away, which seats a bot plays.
pub fn time_lines(
    time: &crate::service::time::TimeView,
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
    // A line about the reader's own seat says "you".
    let you = |seat: &Seat| if Some(*seat) == me { "yes" } else { "no" };
    for (seat, until) in &time.away {
        lines.push(w.three(
            "status-away",
            ("name", cx.names.name(*seat)),
            ("until", when(*w, until.0, now, zone)),
            ("you", you(seat)),
        ));
    }
    for (seat, sitter, until) in &time.sat {
        lines.push(w.with(
            "status-sat",
            &[
                ("name", cx.names.name(*seat).into()),
                ("sitter", sitter.as_str().into()),
                ("until", when(*w, until.0, now, zone).into()),
                ("you", you(seat).into()),
            ],
        ));
    }
    for (seat, control, resigned) in &time.bots {
        let key = match (control, resigned) {
            (crate::domain::Control::Absent, _) => "status-absent",
            (_, true) => "status-resigned",
            _ => "status-bot",
        };
        lines.push(w.two(key, ("name", cx.names.name(*seat)), ("you", you(seat))));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Viewer;
    use crate::present::SeatNames;

    fn entries(chapter_ends: &[i64], last: i64) -> Vec<Arc<HistoryEntry>> {
        (0..=last)
            .rev()
            .map(|seq| {
                Arc::new(HistoryEntry {
                    seq,
                    at: None,
                    seat: None,
                    line: crate::present::Html(format!("step {seq}")),
                    ends_chapter: chapter_ends.contains(&seq),
                })
            })
            .collect()
    }

    fn shown(chapter_ends: &[i64], last: i64, game: &str) -> Vec<(String, usize)> {
        let registry = crate::kinds::Registry::standard();
        let names = SeatNames::new(vec!["Ann".into(), "Bob".into()]);
        let cx = Ctx::new(
            registry.catalogs().default_words(),
            &names,
            Viewer::Spectator,
        );
        history(&entries(chapter_ends, last), game, &cx)
            .into_iter()
            .map(|c| (c.title, c.entries.len()))
            .collect()
    }

    #[test]
    fn the_battle_under_way_is_open_and_each_earlier_one_folds_under_its_number() {
        // Setup and moves 1-9 (battle 1 ends at 9), 10-15 (battle 2 ends at 15), 16-17.
        assert_eq!(
            shown(&[9, 15], 17, "condottiere"),
            vec![
                (String::new(), 2),
                ("Battle 2".to_string(), 6),
                ("Battle 1".to_string(), 10),
            ]
        );
        // A battle that just ended stays open until the next one begins.
        assert_eq!(shown(&[9], 9, "condottiere"), vec![(String::new(), 10)]);
    }

    #[test]
    fn a_game_without_chapters_shows_its_latest_ten_entries_and_folds_the_rest() {
        assert_eq!(
            shown(&[], 14, "war"),
            vec![(String::new(), 10), ("5 earlier moves".to_string(), 5),]
        );
        assert_eq!(shown(&[], 3, "war"), vec![(String::new(), 4)]);
    }
}

/// A person's reliability as the line beside their name (empty when it is not shown).
pub fn reliability(w: Words, shown: Option<&crate::service::Reliability>) -> String {
    match shown {
        Some(r) => w.with(
            "reliability-line",
            &[
                ("finished", r.finished.into()),
                ("missed", r.missed.into()),
                ("resigned", r.resigned.into()),
                ("abandoned", r.abandoned.into()),
            ],
        ),
        None => String::new(),
    }
}

/// "Mail to Bob could not be delivered[: why]."
pub fn undelivered(w: Words, u: &crate::service::Undelivered) -> String {
    match &u.reason {
        Some(reason) => w.two(
            "page-undelivered-why",
            ("name", u.name.as_str()),
            ("reason", reason.as_str()),
        ),
        None => w.one("page-undelivered", "name", u.name.as_str()),
    }
}

/// The catalog key saying why a game was cancelled: `{prefix}-declined` or `{prefix}-operator`.
pub fn cancelled_key(prefix: &str, game: &crate::service::GameInfo) -> String {
    let by = game
        .cancelled_by
        .unwrap_or(crate::domain::CancelledBy::Declined);
    format!("{prefix}-{}", by.as_str())
}

/// The bytes of talk a game's page carries, as drawn (its newest messages; the older ones are
/// behind a link), and the bytes one page of the talk itself carries.
pub const TALK_ON_PAGE: usize = 8 * 1024;
pub const TALK_PER_PAGE: usize = 40 * 1024;

/// What a message adds to a page besides its heading and text: its list item, and with it
/// the report and block forms beside another's message (measured on a seat page).
const LINE_BYTES: usize = 120;
const MODERATION_BYTES: usize = 1_000;

/// The bytes of `text` on a page, with the characters HTML escapes.
fn drawn_len(text: &str) -> usize {
    text.len()
        + text
            .bytes()
            .map(|b| match b {
                b'<' | b'>' => 3,
                b'&' => 4,
                b'"' | b'\'' => 4,
                _ => 0,
            })
            .sum::<usize>()
}

/// The table's talk as a page shows it: each message with who wrote it and to whom, and the
/// form a seat writes with (none for spectators).
#[derive(Clone, Debug, Default)]
pub struct TalkShown {
    pub lines: Vec<TalkLineShown>,
    /// Where the form posts, and the seats one may write to privately.
    pub form: Option<(String, Vec<(u8, String)>)>,
    pub max: usize,
    /// What the seat wrote, when it comes back with a problem (nothing typed is lost).
    pub draft: String,
    /// The table's press rule in words, when it limits the talk.
    pub press: Option<String>,
    /// The seat's path, under which it blocks another player or reports a message (none for
    /// spectators), and the one limit of a report's reason.
    pub moderate: Option<String>,
    pub reason_max: usize,
    /// The link to the older messages a page leaves out, if it leaves any out.
    pub earlier: Option<Earlier>,
}

#[derive(Clone, Debug)]
pub struct TalkLineShown {
    /// "Ann", "Ann → Bob (private)".
    pub heading: String,
    pub text: String,
    pub mine: bool,
    pub private: bool,
    /// The message's id (what a report names) and its author's seat, from 1 (what a block
    /// names: never their address).
    pub id: String,
    pub from_seat: u8,
    /// When it was sent (ms): with the id, where a page of older messages starts.
    pub at: i64,
}

impl TalkShown {
    pub fn new(
        lines: &[crate::service::talk::TalkLine],
        me: Option<Seat>,
        base: Option<&str>,
        seats: &[crate::service::SeatInfo],
        press: Press,
        cx: &Ctx,
    ) -> TalkShown {
        let w = cx.words;
        let moderate = base.filter(|_| me.is_some()).map(str::to_owned);
        let base = base.filter(|_| press != Press::None);
        TalkShown {
            moderate,
            reason_max: crate::service::moderation::ReportReason::MAX_CHARS,
            lines: lines
                .iter()
                .map(|line| TalkLineShown {
                    heading: match &line.to {
                        Some(to) => w.three(
                            "talk-heading-private",
                            ("from", line.from.as_str()),
                            ("to", to.as_str()),
                            ("move", line.move_number),
                        ),
                        None => w.two(
                            "talk-heading",
                            ("from", line.from.as_str()),
                            ("move", line.move_number),
                        ),
                    },
                    text: line.text.clone(),
                    mine: me.is_some_and(|m| m.number() == line.from_seat),
                    private: line.to.is_some(),
                    id: line.id.clone(),
                    from_seat: line.from_seat,
                    at: line.at,
                })
                .collect(),
            form: base.map(|base| {
                let others = seats
                    .iter()
                    .filter(|s| Some(s.seat) != me && press == Press::Full)
                    .map(|s| (s.seat.number(), s.name.clone()))
                    .collect();
                (format!("{base}/messages"), others)
            }),
            max: crate::service::talk::MessageText::MAX_CHARS,
            earlier: None,
            draft: String::new(),
            press: match press {
                Press::Full => None,
                Press::Public => Some(w.get("talk-public-only")),
                Press::None => Some(w.get("talk-off")),
            },
        }
    }

    /// Keeps the newest messages older than `before` (a message's [`TalkShown::key`]; all when
    /// absent) that fit in `budget` bytes as drawn (at least one), and links the older ones
    /// under `talk_path`.
    pub fn window(
        mut self,
        budget: usize,
        before: Option<&str>,
        talk_path: &str,
        w: &Words,
    ) -> Self {
        let before = before.and_then(|key| {
            let (at, id) = key.split_once('-')?;
            Some((at.parse::<i64>().ok()?, id))
        });
        let end = before.map_or(self.lines.len(), |(at, id)| {
            self.lines
                .partition_point(|l| (l.at, l.id.as_str()) < (at, id))
        });
        self.lines.truncate(end);
        let forms = self.moderate.is_some();
        let mut used = 0;
        let mut start = end;
        while start > 0 {
            let line = &self.lines[start - 1];
            used += drawn_len(&line.heading)
                + drawn_len(&line.text)
                + if forms && !line.mine {
                    MODERATION_BYTES
                } else {
                    LINE_BYTES
                };
            if used > budget && start < end {
                break;
            }
            start -= 1;
        }
        let shown = self.lines.split_off(start);
        let left_out = std::mem::replace(&mut self.lines, shown);
        self.earlier = self
            .lines
            .first()
            .filter(|_| !left_out.is_empty())
            .map(|oldest| Earlier {
                label: w.one("talk-earlier-link", "count", left_out.len()),
                path: format!("{talk_path}?before={}", Self::key(oldest)),
            });
        self
    }

    /// Where a page of older messages ends: the messages are ordered by when they were sent,
    /// then by id, so the pair names one place in the talk.
    fn key(line: &TalkLineShown) -> String {
        format!("{}-{}", line.at, line.id)
    }
}
