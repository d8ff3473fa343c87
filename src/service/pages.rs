//! What the pages read: a seat's page (its view, decision, legal actions and history), and the
//! public page (the spectator's view, or the full review once the game is over).

use super::*;
use crate::kinds::table::Table;
use crate::kinds::{Action, Decision, View};
use crate::store::{AddressRow, Reliability};

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
    /// The signed receipt for `seq` and `log_head` (its text line), once the game started.
    pub receipt: Option<String>,
    /// Newest first; only what this seat may see.
    pub history: Vec<Arc<HistoryEntry>>,
    /// Who must decide now (public).
    pub waiting: Vec<(Seat, Decision)>,
    /// How the game ended, once it has.
    pub outcome: Option<crate::kinds::Outcome>,
    /// Once the game is over: who finished where (empty while it is played).
    pub standings: Vec<crate::engine::Standing>,
    /// Mails of this game that could not be delivered (with reasons for the creator's seat).
    pub undelivered: Vec<Undelivered>,
    /// Once the game is over: this seat's link in the rematch, if one was proposed.
    pub rematch_url: Option<String>,
    /// Deadlines, bots, absences (in this seat's person's zone).
    pub time: super::time::TimeView,
    /// The table's talk this seat may read, oldest first.
    pub talk: Vec<super::talk::TalkLine>,
    /// The seat's private notes (its page only).
    pub note: String,
    /// Beside each seat's name (seat order): its person's reliability, `None` for a bot's seat
    /// or a person who hides it. Filled for pages only.
    pub reliability: Vec<Option<Reliability>>,
    /// The game's feed of its public events, in the page's language (its page only).
    pub feed_url: Option<String>,
    /// The operator blocked this seat's person service-wide: they read the table but may not
    /// write to it (its page only).
    pub blocked: bool,
    /// The votes at the table (`kinds::table`): what is proposed, a pause; `None` before
    /// the start.
    pub table: Option<Table>,
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
    /// The signed receipt for `seq` and `log_head` (its text line), once the game started.
    pub receipt: Option<String>,
    /// Newest first.
    pub history: Vec<Arc<HistoryEntry>>,
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
    /// Beside each seat's name (seat order), as on a seat's page.
    pub reliability: Vec<Option<Reliability>>,
    /// The votes at the table, as on a seat's page (they are public).
    pub table: Option<Table>,
}

/// How much of a seat's page is asked for.
enum Detail<'a> {
    /// The page, its history in the words of `speaking`; `followed`: the seat's link was
    /// followed.
    Page {
        speaking: Speaking<'a>,
        followed: bool,
    },
    /// What the JSON API shows.
    State,
}

/// In which language a page is read.
pub enum Speaking<'a> {
    /// This one (a sitter's page, a benchmark's).
    In(&'a str),
    /// Its reader's, chosen with the page's own reads: the person `signed_in` (their session
    /// was read before the page's snapshot), else the seat's person, by what the browser asks.
    ToReader {
        reader: &'a Reader,
        signed_in: Option<&'a AddressRow>,
    },
}

/// Who reads a page, as the request says: the session cookie it signs in with, the language
/// its browser asks for (the switch's cookie, else `Accept-Language`, if either names one we
/// have), and `Accept-Language` itself, whose region guesses a zone while the person's own is
/// not known. No `Debug`: the session is a capability, never logged.
pub struct Reader {
    pub session: Option<String>,
    pub asked: Option<String>,
    pub accept_language: String,
}

/// What reading a seat's page found: the page, its language, and what to write after the
/// reads (an address the followed link proves; a person and the language they read now).
struct Read {
    page: SeatPage,
    lang: String,
    unproven: Option<String>,
    language_read: Option<(String, String)>,
}

/// A seat's page and the language it was read in.
pub struct ReadSeatPage {
    pub page: SeatPage,
    pub lang: String,
}

/// A seat's page with what the game's state says; no talk, mails, rematch or time.
fn from_state(
    seat: Seat,
    loaded: Loaded,
    history: Vec<Arc<HistoryEntry>>,
    receipt: Option<String>,
) -> SeatPage {
    let replay = loaded.replay.as_deref();
    let viewer = Viewer::Seat(seat);
    SeatPage {
        talk: Vec::new(),
        note: String::new(),
        reliability: Vec::new(),
        feed_url: None,
        blocked: false,
        undelivered: Vec::new(),
        rematch_url: None,
        time: super::time::TimeView::default(),
        seat,
        view: replay.map(|r| r.game.view(viewer)),
        decision: replay.and_then(|r| r.game.decision(seat)),
        legal_actions: replay
            .map(|r| r.game.legal_actions(seat))
            .unwrap_or_default(),
        seq: loaded.seq(),
        log_head: loaded.game.log_head.clone(),
        receipt,
        history,
        waiting: waiting(replay),
        outcome: replay.and_then(|r| r.game.outcome()),
        table: replay.and_then(|r| r.game.table().cloned()),
        standings: replay
            .filter(|r| r.game.outcome().is_some())
            .map(|r| r.game.standings())
            .unwrap_or_default(),
        game: loaded.game,
        seats: loaded.seats,
    }
}

/// The reliability shown beside each seat's name, in seat order: `None` for a seat no person
/// holds or whose person hides it.
fn reliability_beside(
    conn: &mut Conn,
    seats: &[SeatRow],
) -> diesel::QueryResult<Vec<Option<Reliability>>> {
    let addresses: Vec<String> = seats
        .iter()
        .filter(|s| s.has_person())
        .map(|s| s.email.clone())
        .collect();
    let shown = crate::store::reliability_of(conn, &addresses)?;
    Ok(seats
        .iter()
        .map(|s| {
            s.has_person()
                .then(|| shown.get(&crate::store::address_key(&s.email)).copied())
                .flatten()
        })
        .collect())
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

/// Whose seat a page is for: a seat link as it arrived, checked against the seats the page
/// reads anyway, or a seat already checked.
#[derive(Clone, Copy, Debug)]
pub enum SeatAsker<'a> {
    Link(&'a SeatLink),
    Checked(&'a SeatAuth),
}

impl<'a> From<&'a SeatLink> for SeatAsker<'a> {
    fn from(link: &'a SeatLink) -> Self {
        SeatAsker::Link(link)
    }
}

impl<'a> From<&'a SeatAuth> for SeatAsker<'a> {
    fn from(auth: &'a SeatAuth) -> Self {
        SeatAsker::Checked(auth)
    }
}

impl SeatAsker<'_> {
    fn game(&self) -> &GameId {
        match self {
            SeatAsker::Link(link) => &link.game,
            SeatAsker::Checked(auth) => &auth.game_id,
        }
    }
}

impl Games {
    /// What a seat's page needs: its view, decision, legal actions, seq, log head, and the
    /// history it may see (newest first, in `lang`).
    pub fn seat_page<'a>(
        &self,
        conn: &mut Conn,
        asker: impl Into<SeatAsker<'a>>,
        lang: &str,
    ) -> Result<SeatPage, LoadError> {
        let detail = Detail::Page {
            speaking: Speaking::In(lang),
            followed: false,
        };
        Ok(self.seat_page_with(conn, asker.into(), detail)?.page)
    }

    /// [`Games::seat_page`] in the language of its reader (see [`Speaking::ToReader`]), who
    /// signs in as `signed_in`; `followed`: the link was followed, which proves the seat's
    /// person's address.
    pub fn seat_page_for(
        &self,
        conn: &mut Conn,
        link: &SeatLink,
        reader: &Reader,
        signed_in: Option<&AddressRow>,
        followed: bool,
    ) -> Result<ReadSeatPage, LoadError> {
        let speaking = Speaking::ToReader { reader, signed_in };
        self.seat_page_with(
            conn,
            SeatAsker::Link(link),
            Detail::Page { speaking, followed },
        )
    }

    /// What the JSON API shows of a seat: [`Games::seat_page`] without the history, the
    /// undelivered mails, the rematch, absences and bots (left empty), and of the time only
    /// the deadlines. Describing every step of the log made each seat fetch grow with the game.
    pub fn seat_state(&self, conn: &mut Conn, link: &SeatLink) -> Result<SeatPage, LoadError> {
        Ok(self
            .seat_page_with(conn, SeatAsker::Link(link), Detail::State)?
            .page)
    }

    /// The page's reads run in one snapshot ([`store::read_snapshot`]); what the reading
    /// learnt is written after them: a followed link's address is proven, and the language a
    /// person without a saved choice read is noted. The API's state reads without one: usually
    /// the game and its seats only, where a read transaction adds two statements to two.
    fn seat_page_with(
        &self,
        conn: &mut Conn,
        asker: SeatAsker,
        detail: Detail,
    ) -> Result<ReadSeatPage, LoadError> {
        let read = match detail {
            Detail::Page { .. } => {
                store::read_snapshot(conn, |conn| self.read_seat_page(conn, asker, &detail))?
            }
            Detail::State => self.read_seat_page(conn, asker, &detail)?,
        };
        // A read must not need to write: when a note cannot be written (a full disk), the
        // page is shown and the next visit writes it.
        if let Some(address) = read
            .unproven
            .filter(|_| matches!(detail, Detail::Page { followed: true, .. }))
        {
            if let Err(error) = crate::store::mark_verified(conn, &address, self.now()) {
                tracing::warn!(%error, "a followed link's address could not be marked proven");
            }
        }
        if let Some((address, lang)) = read.language_read {
            if let Err(error) = store::set_language_seen(conn, &address, &lang) {
                tracing::warn!(%error, "the language read could not be noted");
            }
        }
        Ok(ReadSeatPage {
            page: read.page,
            lang: read.lang,
        })
    }

    /// The seat's page, its language, and what the reading learnt.
    fn read_seat_page(
        &self,
        conn: &mut Conn,
        asker: SeatAsker,
        detail: &Detail,
    ) -> Result<Read, LoadError> {
        let (loaded, row, seat_rows) = self.load_rows(conn, asker.game())?;
        let auth = match asker {
            SeatAsker::Link(link) => self
                .authorize_among(&seat_rows, link)
                .ok_or(LoadError::BadLink)?,
            SeatAsker::Checked(auth) => auth.clone(),
        };
        let kind = self.kind(&loaded.game.kind)?;
        let names = loaded.names();
        let viewer = Viewer::Seat(auth.seat);
        let receipt = self.receipt_of(&loaded);
        let replay = loaded.replay.as_deref();
        let Detail::Page { speaking, .. } = detail else {
            let page = SeatPage {
                talk: self.talk_at(conn, &row, &seat_rows, Some(auth.seat))?,
                note: crate::store::note_of(conn, &auth.game_id, auth.seat.0 as i32)?,
                undelivered: Vec::new(),
                rematch_url: None,
                time: self.deadlines_view(conn, &row, &seat_rows)?,
                ..from_state(auth.seat, loaded, Vec::new(), receipt)
            };
            return Ok(Read {
                page,
                lang: crate::present::DEFAULT_LANGUAGE.to_owned(),
                unproven: None,
                language_read: None,
            });
        };
        let creator = loaded.game.creator_seat == auth.seat;
        let undelivered = self.undelivered(conn, &auth.game_id, creator)?;
        let rematch_url = match &loaded.game.rematch {
            Some(rematch) => match seat_rows.iter().find(|s| super::seat_of(s) == auth.seat) {
                Some(mine) => self.rematch_url(conn, rematch, &mine.email)?,
                None => None,
            },
            None => None,
        };
        let mine = seat_rows
            .iter()
            .find(|s| super::seat_of(s) == auth.seat && s.has_person());
        let person = match mine {
            Some(mine) => crate::store::find_address(conn, &mine.email)?,
            None => None,
        };
        let unproven = person
            .as_ref()
            .filter(|p| p.verified_at.is_none())
            .map(|p| p.address.clone());
        let (lang, language_read, guess) = match speaking {
            Speaking::In(lang) => ((*lang).to_owned(), None, None),
            Speaking::ToReader { reader, signed_in } => {
                let known = self.registry().catalogs().languages();
                let asked = reader.asked.as_deref();
                let (reads, read) = match signed_in.or(person.as_ref()) {
                    Some(reader) => {
                        let (reads, read) = super::people::language_of(reader, &known, asked);
                        (reads, read.map(|lang| (reader.address.clone(), lang)))
                    }
                    None => (asked.map(str::to_owned), None),
                };
                let lang = reads.unwrap_or_else(|| crate::present::DEFAULT_LANGUAGE.to_owned());
                let region = super::zones::region(&reader.accept_language, &lang);
                (lang, read, super::zones::guess(region))
            }
        };
        let lang = lang.as_str();
        let zone = super::zones::for_page(person.as_ref().map(|p| p.time_zone.as_str()), guess);
        let history = match replay {
            Some(r) => {
                let cx = Ctx::new(self.registry().catalogs().words(lang), &names, viewer);
                self.0.histories.history(kind, &auth.game_id, r, &cx, zone)
            }
            None => Vec::new(),
        };
        let mut time = self.time_view(conn, &row, &seat_rows, Some(zone.name().to_owned()))?;
        time.zone_guessed = guess.is_some()
            && person
                .as_ref()
                .is_some_and(|p| super::zones::known(&p.time_zone).is_none());
        if let Some(mine) = mine {
            time.mine = self.absences_listed(conn, &mine.email)?;
        }
        let page = SeatPage {
            talk: self.talk_at(conn, &row, &seat_rows, Some(auth.seat))?,
            note: crate::store::note_of(conn, &auth.game_id, auth.seat.0 as i32)?,
            reliability: reliability_beside(conn, &seat_rows)?,
            feed_url: Some(self.feed_url(conn, &auth.game_id, lang)?),
            blocked: person.as_ref().is_some_and(|p| p.blocked_at.is_some()),
            undelivered,
            rematch_url,
            time,
            ..from_state(auth.seat, loaded, history, receipt)
        };
        Ok(Read {
            page,
            lang: lang.to_owned(),
            unproven,
            language_read,
        })
    }

    /// What the public page of a game shows: public information while it is played, everything
    /// (hands, deck, secret) once it is over; the history in `lang`, its times in `zone`.
    pub fn public_page(
        &self,
        conn: &mut Conn,
        game_id: &GameId,
        lang: &str,
        zone: chrono_tz::Tz,
    ) -> Result<PublicPage, LoadError> {
        let (mut loaded, row, seat_rows) = self.load_rows(conn, game_id)?;
        // An open seat has no name until it is claimed: the page says it is open.
        for (info, seat_row) in loaded.seats.iter_mut().zip(&seat_rows) {
            if seat_row.is_open() {
                info.name = self.registry().catalogs().words(lang).get("seat-open-name");
            }
        }
        let kind = self.kind(&loaded.game.kind)?;
        let names = loaded.names();
        let over = review::finished(loaded.game.status);
        let viewer = if over {
            Viewer::Reviewer
        } else {
            Viewer::Spectator
        };
        let replay = loaded.replay.as_deref();
        let revealed_secret = over.then(|| row.secret.clone());
        let cx = Ctx::new(self.registry().catalogs().words(lang), &names, viewer);
        let undelivered = self.undelivered(conn, game_id, false)?;
        let time = self.time_view(conn, &row, &seat_rows, None)?;
        let talk = self.talk_at(conn, &row, &seat_rows, None)?;
        Ok(PublicPage {
            talk,
            reliability: reliability_beside(conn, &seat_rows)?,
            undelivered,
            time,
            view: replay.map(|r| r.game.view(viewer)),
            seq: loaded.seq(),
            log_head: loaded.game.log_head.clone(),
            receipt: self.receipt_of(&loaded),
            history: replay
                .map(|r| self.0.histories.history(kind, game_id, r, &cx, zone))
                .unwrap_or_default(),
            revealed_secret,
            waiting: waiting(replay),
            standings: replay.map(|r| r.game.standings()).unwrap_or_default(),
            outcome: replay.and_then(|r| r.game.outcome()),
            table: replay.and_then(|r| r.game.table().cloned()),
            game: loaded.game,
            seats: loaded.seats,
        })
    }
}
