//! What the pages read: a seat's page (its view, decision, legal actions and history), and the
//! public page (the spectator's view, or the full review once the game is over).

use super::*;
use crate::kinds::{Action, Decision, View};

/// One entry of a seat's or a spectator's history: what one step caused, in words.
#[derive(Clone, Debug)]
pub struct HistoryEntry {
    pub seq: i64,
    pub at: Option<Millis>,
    pub seat: Option<Seat>,
    pub lines: Vec<String>,
    /// This step closed a chapter of the game (a battle): see `Presenter::ends_chapter`.
    pub ends_chapter: bool,
}

/// Everything a seat's page shows.
#[derive(Clone, Debug)]
pub struct SeatPage {
    pub game: GameInfo,
    pub seats: Vec<SeatInfo>,
    pub seat: Seat,
    /// The seat's view of the table; `None` before the start.
    pub view: Option<View>,
    pub decision: Option<Decision>,
    pub legal_actions: Vec<Action>,
    /// Send it back with the move (`expected_seq`).
    pub seq: i64,
    pub log_head: Option<String>,
    /// Newest first; only what this seat may see.
    pub history: Vec<HistoryEntry>,
    /// Who must decide now (public).
    pub waiting: Vec<(Seat, Decision)>,
    /// How the game ended, once it has.
    pub outcome: Option<crate::kinds::Outcome>,
    /// Mails of this game that could not be delivered (with reasons for the creator's seat).
    pub undelivered: Vec<Undelivered>,
    /// Once the game is over: this seat's link in the rematch, if one was proposed.
    pub rematch_url: Option<String>,
    /// Deadlines, bots, absences (in this seat's person's zone).
    pub time: super::time::TimeView,
    /// The table's talk this seat may read, oldest first.
    pub talk: Vec<super::talk::TalkLine>,
}

/// Everything the public page of a game shows: a spectator's view, or the full review after
/// the end.
#[derive(Clone, Debug)]
pub struct PublicPage {
    pub game: GameInfo,
    pub seats: Vec<SeatInfo>,
    pub view: Option<View>,
    pub seq: i64,
    pub log_head: Option<String>,
    pub history: Vec<HistoryEntry>,
    /// The server secret, once the game is over.
    pub revealed_secret: Option<String>,
    /// Who must decide now.
    pub waiting: Vec<(Seat, Decision)>,
    pub standings: Vec<crate::engine::Standing>,
    pub outcome: Option<crate::kinds::Outcome>,
    /// Mails of this game that could not be delivered (names only).
    pub undelivered: Vec<Undelivered>,
    /// Deadlines, bots, absences.
    pub time: super::time::TimeView,
    /// The table's public talk, unless the table is private.
    pub talk: Vec<super::talk::TalkLine>,
}

/// What `cx.viewer` may see of every step, in words, newest first.
fn history(kind: &dyn Kind, replay: &Replay, cx: &Ctx) -> Vec<HistoryEntry> {
    let over = replay.game.is_over();
    replay
        .steps
        .iter()
        .rev()
        .map(|step| HistoryEntry {
            seq: step.seq as i64,
            at: step.at.map(Millis),
            seat: step.seat,
            lines: super::step_words(kind, step, over, cx),
            ends_chapter: kind.ends_chapter(&step.events),
        })
        .filter(|entry| !entry.lines.is_empty())
        .collect()
}

fn waiting(replay: Option<&Replay>) -> Vec<(Seat, Decision)> {
    replay
        .map(|r| {
            r.pending()
                .iter()
                .map(|p| (p.seat, p.decision.clone()))
                .collect()
        })
        .unwrap_or_default()
}

impl Games {
    /// What a seat's page needs: its view, decision, legal actions, seq, log head, and the
    /// history it may see (newest first, in `lang`).
    pub fn seat_page(
        &self,
        conn: &mut AnyConnection,
        auth: &SeatAuth,
        lang: &str,
    ) -> Result<SeatPage, LoadError> {
        self.seat_page_with(conn, auth, Some(lang))
    }

    /// [`Games::seat_page`] without the history (left empty), for the JSON API, which does not
    /// show it: describing every step of the log made each seat fetch grow with the game.
    pub fn seat_state(
        &self,
        conn: &mut AnyConnection,
        auth: &SeatAuth,
    ) -> Result<SeatPage, LoadError> {
        self.seat_page_with(conn, auth, None)
    }

    fn seat_page_with(
        &self,
        conn: &mut AnyConnection,
        auth: &SeatAuth,
        history_lang: Option<&str>,
    ) -> Result<SeatPage, LoadError> {
        let loaded = self.load(conn, &auth.game_id)?;
        let kind = self.kind(&loaded.game.kind)?;
        let names = loaded.names();
        let viewer = Viewer::Seat(auth.seat);
        let replay = loaded.replay.as_deref();
        let history = match (replay, history_lang) {
            (Some(r), Some(lang)) => {
                let cx = Ctx::new(self.registry().catalogs().words(lang), &names, viewer);
                history(kind, r, &cx)
            }
            _ => Vec::new(),
        };
        let creator = loaded.game.creator_seat == auth.seat;
        let undelivered = self.undelivered(conn, &auth.game_id, creator)?;
        let rematch_url = match &loaded.game.rematch {
            Some(rematch) => {
                let seats = crate::store::seats_of(conn, &auth.game_id)?;
                match seats.iter().find(|s| super::seat_of(s) == auth.seat) {
                    Some(mine) => self.rematch_url(conn, rematch, &mine.email)?,
                    None => None,
                }
            }
            None => None,
        };
        let (time, talk) = self.time_and_talk(conn, &auth.game_id, Some(auth.seat))?;
        Ok(SeatPage {
            talk,
            undelivered,
            rematch_url,
            time,
            seat: auth.seat,
            view: replay.map(|r| r.game.view(viewer)),
            decision: replay.and_then(|r| r.game.decision(auth.seat)),
            legal_actions: replay
                .map(|r| r.game.legal_actions(auth.seat))
                .unwrap_or_default(),
            seq: loaded.seq(),
            log_head: loaded.game.log_head.clone(),
            history,
            waiting: waiting(replay),
            outcome: replay.and_then(|r| r.game.outcome()),
            game: loaded.game,
            seats: loaded.seats,
        })
    }

    /// What the public page of a game shows: public information while it is played, everything
    /// (hands, deck, secret) once it is over; the history in `lang`.
    pub fn public_page(
        &self,
        conn: &mut AnyConnection,
        game_id: &GameId,
        lang: &str,
    ) -> Result<PublicPage, LoadError> {
        let loaded = self.load(conn, game_id)?;
        let kind = self.kind(&loaded.game.kind)?;
        let names = loaded.names();
        let over = review::finished(loaded.game.status);
        let viewer = if over {
            Viewer::Reviewer
        } else {
            Viewer::Spectator
        };
        let replay = loaded.replay.as_deref();
        let revealed_secret = if over {
            self.revealed_secret(conn, game_id)?
        } else {
            None
        };
        let cx = Ctx::new(self.registry().catalogs().words(lang), &names, viewer);
        let undelivered = self.undelivered(conn, game_id, false)?;
        let (time, talk) = self.time_and_talk(conn, game_id, None)?;
        Ok(PublicPage {
            talk,
            undelivered,
            time,
            view: replay.map(|r| r.game.view(viewer)),
            seq: loaded.seq(),
            log_head: loaded.game.log_head.clone(),
            history: replay.map(|r| history(kind, r, &cx)).unwrap_or_default(),
            revealed_secret,
            waiting: waiting(replay),
            standings: replay.map(|r| r.game.standings()).unwrap_or_default(),
            outcome: replay.and_then(|r| r.game.outcome()),
            game: loaded.game,
            seats: loaded.seats,
        })
    }

    /// The time view of a stored game and the talk `viewer` may read, from one read of the
    /// game and its seats.
    fn time_and_talk(
        &self,
        conn: &mut AnyConnection,
        game_id: &GameId,
        viewer: Option<Seat>,
    ) -> Result<(super::time::TimeView, Vec<super::talk::TalkLine>), LoadError> {
        let row = crate::store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        let seats = crate::store::seats_of(conn, game_id)?;
        let time = self.time_view(conn, &row, &seats, viewer)?;
        let talk = self.talk_at(conn, &row, &seats, viewer)?;
        Ok((time, talk))
    }

    fn revealed_secret(
        &self,
        conn: &mut AnyConnection,
        game_id: &GameId,
    ) -> Result<Option<String>, LoadError> {
        let row = store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        Ok(review::finished(row.status()).then_some(row.secret))
    }
}
