//! What the pages read: a seat's page (its view, decision, legal actions and history), the
//! public page (spectator view, or the full review once over), and the data of a record.

use super::*;

/// One entry of a seat's or a spectator's history: what one step caused, in words.
#[derive(Clone, Debug)]
pub struct HistoryEntry {
    pub seq: i64,
    pub at: Option<Millis>,
    pub seat: Option<Seat>,
    pub lines: Vec<String>,
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
}

/// Everything a game record needs (the record format itself lives in the audit module).
#[derive(Clone, Debug)]
pub struct RecordData {
    pub game: GameInfo,
    pub seats: Vec<SeatInfo>,
    pub actions: Vec<RecordedAction>,
    /// Revealed only once the game is over.
    pub secret: Option<String>,
}

#[derive(Clone, Debug)]
pub struct RecordedAction {
    pub seq: i64,
    pub seat: Seat,
    pub action: Action,
    pub at: Millis,
    pub hash: String,
}

fn history(replay: &Replay, viewer: Viewer, names: &SeatNames) -> Vec<HistoryEntry> {
    let over = replay.game.is_over();
    replay
        .steps
        .iter()
        .rev()
        .map(|step| HistoryEntry {
            seq: step.seq,
            at: step.at,
            seat: step.seat,
            lines: visible_events(&step.events, viewer, over)
                .map(|e| describe(e, names))
                .collect(),
        })
        .filter(|entry| !entry.lines.is_empty())
        .collect()
}

impl Games {
    /// What a seat's page needs: its view, decision, legal actions, seq, log head, and the
    /// history it may see (newest first).
    pub fn seat_page(
        &self,
        conn: &mut AnyConnection,
        auth: &SeatAuth,
    ) -> Result<SeatPage, LoadError> {
        self.seat_page_with(conn, auth, true)
    }

    /// [`Games::seat_page`] without the history (left empty), for the JSON API, which does not
    /// show it: describing every step of the log made each seat fetch grow with the game.
    pub fn seat_state(
        &self,
        conn: &mut AnyConnection,
        auth: &SeatAuth,
    ) -> Result<SeatPage, LoadError> {
        self.seat_page_with(conn, auth, false)
    }

    fn seat_page_with(
        &self,
        conn: &mut AnyConnection,
        auth: &SeatAuth,
        with_history: bool,
    ) -> Result<SeatPage, LoadError> {
        let loaded = self.load(conn, &auth.game_id)?;
        let names = loaded.names();
        let viewer = Viewer::Seat(auth.seat);
        let replay = loaded.replay.as_deref();
        Ok(SeatPage {
            seat: auth.seat,
            view: replay.map(|r| r.game.view(viewer)),
            decision: replay.and_then(|r| r.game.decision(auth.seat)),
            legal_actions: replay
                .map(|r| r.game.legal_actions(auth.seat))
                .unwrap_or_default(),
            seq: loaded.seq(),
            log_head: loaded.game.log_head.clone(),
            history: replay
                .filter(|_| with_history)
                .map(|r| history(r, viewer, &names))
                .unwrap_or_default(),
            game: loaded.game,
            seats: loaded.seats,
        })
    }

    /// What the public page of a game shows: public information while it is played, everything
    /// (hands, deck, secret) once it is over.
    pub fn public_page(
        &self,
        conn: &mut AnyConnection,
        game_id: &GameId,
    ) -> Result<PublicPage, LoadError> {
        let loaded = self.load(conn, game_id)?;
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
        Ok(PublicPage {
            view: replay.map(|r| r.game.view(viewer)),
            seq: loaded.seq(),
            log_head: loaded.game.log_head.clone(),
            history: replay
                .map(|r| history(r, viewer, &names))
                .unwrap_or_default(),
            revealed_secret,
            game: loaded.game,
            seats: loaded.seats,
        })
    }

    fn revealed_secret(
        &self,
        conn: &mut AnyConnection,
        game_id: &GameId,
    ) -> Result<Option<String>, LoadError> {
        let row = store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        Ok(review::finished(row.status()).then_some(row.secret))
    }

    /// Everything a game record holds: setup, contributions with sources, every action with
    /// its seq, seat, time and hash, and the secret once the game is over.
    pub fn record_data(
        &self,
        conn: &mut AnyConnection,
        game_id: &GameId,
    ) -> Result<RecordData, LoadError> {
        let row = store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        let seats = store::seats_of(conn, game_id)?;
        let actions = store::actions_from(conn, game_id, 1)?
            .into_iter()
            .map(|a| -> anyhow::Result<RecordedAction> {
                Ok(RecordedAction {
                    seq: a.seq,
                    seat: Seat(u8::try_from(a.seat)?),
                    action: serde_json::from_str(&a.action)?,
                    at: Millis(a.created_at),
                    hash: a.hash,
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(RecordData {
            game: info_of(&row, seats.len())?,
            seats: seat_infos(&seats),
            actions,
            secret: (row.status() == GameStatus::Over).then(|| row.secret.clone()),
        })
    }
}
