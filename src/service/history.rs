//! A game's history in words, per reader: each step is written once per game, language, viewer,
//! time zone and players' names, and kept, so a page writes only the steps since it last did.

use super::cache::ByteCache;
use super::step_words;
use crate::audit::{Replay, Step};
use crate::domain::GameId;
use crate::domain::Millis;
use crate::engine::{Seat, Sight, Viewer};
use crate::kinds::Kind;
use crate::present::time::Stamper;
use crate::present::{escape, Ctx, Html, SeatNames};
use std::sync::Arc;

/// One entry of a reader's history: what one step caused, in words.
#[derive(Clone, Debug)]
pub struct HistoryEntry {
    pub seq: i64,
    pub at: Option<Millis>,
    pub seat: Option<Seat>,
    /// The entry as the log shows it: "Move 12 · Alice · Tuesday 24 November 14:05: …", the
    /// time in the reader's zone; escaped for HTML once, when written, as pages print it.
    pub line: Html,
    /// This step closed a chapter of the game (a battle): see `Presenter::ends_chapter`.
    pub ends_chapter: bool,
}

/// Whose words a kept history is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Reader {
    game: GameId,
    lang: String,
    viewer: Viewer,
    zone: chrono_tz::Tz,
    /// Once a game is over, its steps may say more.
    over: bool,
}

/// A history written up to a step.
struct Written {
    names: SeatNames,
    /// The steps written: the replay's first `covered`, the last of which is `last`. A replay
    /// extended from the same cached one shares its steps, so `last` is found in it by
    /// pointer; a replay made again from the log has steps of its own and is written anew.
    covered: usize,
    last: Arc<Step>,
    /// Each seat's step start when written (`Replay::step_starts`): a step that resolved
    /// since makes public what the entries after its start kept private.
    starts: Vec<u64>,
    /// Oldest first; steps that say nothing to this reader have no entry.
    entries: Vec<Arc<HistoryEntry>>,
}

/// What the allocator adds to an entry and its line (its size classes round up), by estimate,
/// set against measured memory like the replays' (docs/benchmarks.md).
const ENTRY_SLACK: usize = 48;

/// An estimate of the memory a kept history holds: its key, the players' names, and each
/// entry with its line (the lines are most of it, and counted by their length).
fn written_bytes(reader: &Reader, written: &Written) -> usize {
    use std::mem::size_of;
    let names: usize = (0..written.names.len())
        .map(|i| written.names.name(Seat(i as u8)).len() + size_of::<String>())
        .sum();
    let entries: usize = written
        .entries
        .iter()
        .map(|e| size_of::<HistoryEntry>() + 16 + 8 + ENTRY_SLACK + e.line.0.capacity())
        .sum();
    size_of::<Reader>() + reader.game.as_str().len() + reader.lang.len() + size_of::<Written>()
        + names
        + entries
        // The map's slot and the recency index's.
        + 64
}

/// What a kept history gives a reader: all of it (newest first), or the entries before a step
/// to write again from.
enum Kept {
    Whole(Vec<Arc<HistoryEntry>>),
    Until(Vec<Arc<HistoryEntry>>, usize),
}

/// The kept histories, at most a number of bytes of them by [`written_bytes`], the least
/// recently used dropped first.
pub(crate) struct HistoryCache(ByteCache<Reader, Written>);

impl HistoryCache {
    pub fn new(bound: usize) -> HistoryCache {
        HistoryCache(ByteCache::new(bound))
    }

    /// The estimated bytes kept, and how many histories.
    pub fn usage(&self) -> (usize, usize) {
        self.0.usage()
    }

    /// What `cx.viewer` may see of every step of `replay`, in words, newest first, each move's
    /// time in `zone`.
    pub fn history(
        &self,
        kind: &dyn Kind,
        game: &GameId,
        replay: &Replay,
        cx: &Ctx,
        zone: chrono_tz::Tz,
    ) -> Vec<Arc<HistoryEntry>> {
        let over = replay.game.is_over();
        let reader = Reader {
            game: game.clone(),
            lang: cx.words.lang().to_owned(),
            viewer: cx.viewer,
            zone,
            over,
        };
        let kept = self.0.read(&reader, |written| {
            (written.names == *cx.names
                && written.covered <= replay.steps.len()
                && written.covered > 0
                && Arc::ptr_eq(&replay.steps[written.covered - 1], &written.last))
            .then(|| {
                // Entries after a step that has resolved since may say more now.
                let from = written
                    .starts
                    .iter()
                    .zip(replay.step_starts())
                    .filter(|(was, now)| was != now)
                    .map(|(was, _)| *was as usize + 1)
                    .fold(written.covered, usize::min);
                if from == replay.steps.len() {
                    // Written up to the last step, nothing to say again: as it is.
                    return Kept::Whole(written.entries.iter().rev().cloned().collect());
                }
                let kept = written
                    .entries
                    .iter()
                    .take_while(|e| (e.seq as usize) < from)
                    .cloned()
                    .collect();
                Kept::Until(kept, from)
            })
        });
        let (mut entries, from) = match kept {
            Some(Kept::Whole(newest_first)) => return newest_first,
            Some(Kept::Until(entries, from)) => (entries, from),
            None => (Vec::new(), 0),
        };
        let stamper = Stamper::new(cx.words, zone);
        entries.extend(
            replay.steps[from..]
                .iter()
                .filter_map(|step| entry(kind, step, &replay.sight(step.seq), cx, &stamper))
                .map(Arc::new),
        );
        let newest_first = entries.iter().rev().cloned().collect();
        if let Some(last) = replay.steps.last() {
            let written = Written {
                names: cx.names.clone(),
                covered: replay.steps.len(),
                last: last.clone(),
                starts: replay.step_starts().to_vec(),
                entries,
            };
            let bytes = written_bytes(&reader, &written);
            let covered = written.covered;
            self.0
                .put(reader, written, bytes, |kept| kept.covered <= covered);
        }
        newest_first
    }
}

/// One step in words for `cx.viewer`, or nothing when it says nothing to them.
fn entry(
    kind: &dyn Kind,
    step: &Step,
    sight: &Sight,
    cx: &Ctx,
    stamper: &Stamper,
) -> Option<HistoryEntry> {
    let lines = step_words(kind, step, sight, cx);
    if lines.is_empty() {
        return None;
    }
    let seq = step.seq as i64;
    let line = match step.seat {
        Some(seat) => cx.words.with(
            "history-move",
            &[
                ("seq", seq.into()),
                ("name", cx.name(seat).into()),
                (
                    "time",
                    step.at
                        .map(|at| stamper.stamp(at))
                        .unwrap_or_default()
                        .into(),
                ),
                ("lines", lines.join(" ").into()),
            ],
        ),
        None => cx.words.one("history-setup", "lines", lines.join(" ")),
    };
    Some(HistoryEntry {
        seq,
        at: step.at.map(Millis),
        seat: step.seat,
        line: Html(escape(&line)),
        ends_chapter: kind.ends_chapter(&step.events),
    })
}
