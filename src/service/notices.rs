//! Notices beyond mail: a game's feed of its public events and a person's calendar of their
//! deadlines, each behind a signed capability URL that a version bump revokes.

use super::{review, seat_of, Capability, Games, LoadError, SeatAuth};
use crate::domain::{GameId, GameStatus, Millis};
use crate::engine::Viewer;
use crate::present::Ctx;
use crate::store::{self, write_transaction, AddressRow, Conn};

service_error!(NoticeError {});

/// At most this many of a game's newest events are in its feed.
pub const FEED_ENTRIES: usize = 50;

/// A game's feed as the web layer writes it (Atom): its public events, newest first.
#[derive(Clone, Debug)]
pub struct GameFeed {
    pub game: GameId,
    /// The game's name in the feed's language.
    pub name: String,
    /// The language the feed is written in (part of its signed URL).
    pub lang: String,
    /// The feed's own URL and the game's public page.
    pub self_url: String,
    pub page_url: String,
    /// When the game was created (the feed's time while it has no event).
    pub created_at: Millis,
    pub entries: Vec<FeedEntry>,
}

/// One public event of a game: a step of its history as a spectator reads it (everything once
/// the game is over, as its public page shows it).
#[derive(Clone, Debug)]
pub struct FeedEntry {
    pub seq: i64,
    pub at: Millis,
    /// The history's line, as text.
    pub text: String,
    /// The replay viewer at this step.
    pub url: String,
}

/// A person's calendar: one event per deadline of theirs in a running game.
#[derive(Clone, Debug)]
pub struct Calendar {
    /// The host of the service, for the events' UIDs.
    pub host: String,
    pub name: String,
    pub events: Vec<CalendarEvent>,
    pub now: Millis,
}

#[derive(Clone, Debug)]
pub struct CalendarEvent {
    /// Stable for a seat's deadline in a game (a later deadline of the same seat is the same
    /// event, moved).
    pub uid: String,
    pub due_at: Millis,
    /// When the decision began (the event's last change).
    pub since: Millis,
    pub summary: String,
    pub description: String,
    /// The game's public page, never the seat's link: a calendar is often kept by a third
    /// party, and a leaked feed must not hand over a seat.
    pub url: String,
}

/// Text of one escaped history line (the five characters `present::escape` writes).
fn unescape(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

impl Games {
    /// A language the catalogs have, else the default one.
    fn feed_lang(&self, lang: &str) -> String {
        let catalogs = self.registry().catalogs();
        if catalogs.languages().contains(&lang) {
            lang.to_owned()
        } else {
            catalogs.default_words().lang().to_owned()
        }
    }

    fn feed_signature(&self, game: &GameId, version: i32, lang: &str) -> String {
        let version = version.to_string();
        self.links()
            .sign(Capability::GameFeed, &[game.as_str(), &version, lang])[..32]
            .to_owned()
    }

    /// The current feed URL of a game, in `lang` (`/games/{id}/feed/{lang}/{signature}.atom`).
    pub fn feed_url(&self, conn: &mut Conn, game: &GameId, lang: &str) -> anyhow::Result<String> {
        let lang = self.feed_lang(lang);
        let version = store::feed_version(conn, game)?;
        let signature = self.feed_signature(game, version, &lang);
        Ok(self
            .links()
            .url(&format!("/games/{game}/feed/{lang}/{signature}.atom")))
    }

    /// A game's feed, when `signature` is good for its current version and `lang`; `None` for
    /// a forged or revoked URL (and an unknown game), which are not told apart.
    pub fn game_feed(
        &self,
        conn: &mut Conn,
        game: &GameId,
        lang: &str,
        signature: &str,
    ) -> Result<Option<GameFeed>, LoadError> {
        if !self.registry().catalogs().languages().contains(&lang) {
            return Ok(None);
        }
        let Some(row) = store::find_game(conn, game)? else {
            return Ok(None);
        };
        let version = store::feed_version(conn, game)?.to_string();
        if !self.signed(
            Capability::GameFeed,
            &[game.as_str(), &version, lang],
            signature,
        ) {
            return Ok(None);
        }
        let (loaded, _, seats) = self.load_rows(conn, game)?;
        let kind = self.kind(&row.kind)?;
        let words = self.registry().catalogs().words(lang);
        let names = loaded.names();
        // The public page's rule: a spectator while the game is played, everything once over.
        let viewer = if review::finished(loaded.game.status) {
            Viewer::Reviewer
        } else {
            Viewer::Spectator
        };
        let cx = Ctx::new(words, &names, viewer);
        let history = match loaded.replay.as_deref() {
            Some(replay) => self
                .0
                .histories
                .history(kind, game, replay, &cx, chrono_tz::UTC),
            None => Vec::new(),
        };
        let created_at = Millis(row.created_at);
        let entries = history
            .iter()
            .take(FEED_ENTRIES)
            .map(|entry| FeedEntry {
                seq: entry.seq,
                at: entry.at.unwrap_or(created_at),
                text: unescape(&entry.line.0),
                url: self
                    .links()
                    .url(&format!("/games/{game}/replay/{}", entry.seq)),
            })
            .collect();
        Ok(Some(GameFeed {
            name: self.name_of(&row, &seats, words),
            lang: lang.to_owned(),
            self_url: self
                .links()
                .url(&format!("/games/{game}/feed/{lang}/{signature}.atom")),
            page_url: self.links().game_url(game),
            created_at,
            entries,
            game: game.clone(),
        }))
    }

    /// A seat revokes its game's feed: every URL given out so far stops working.
    pub fn revoke_feed(&self, conn: &mut Conn, auth: &SeatAuth) -> Result<(), NoticeError> {
        write_transaction(conn, |conn| -> Result<(), NoticeError> {
            store::bump_feed_version(conn, auth.game_id())?;
            Ok(())
        })?;
        tracing::info!(game.id = %auth.game_id(), "a game's feed was revoked");
        Ok(())
    }

    /// A person's calendar URL, signed with their calendar's version
    /// (`/calendar/{key}.{signature}.ics`).
    pub fn calendar_url(&self, person: &AddressRow, version: i32) -> String {
        let version = version.to_string();
        let signature = self
            .links()
            .sign(Capability::Calendar, &[&person.key, &version]);
        self.links().url(&format!(
            "/calendar/{}.{}.ics",
            person.key,
            &signature[..32]
        ))
    }

    /// The person a calendar token (`key.signature`) is for, if it is good for the current
    /// version of their calendar.
    fn calendar_person(&self, conn: &mut Conn, token: &str) -> anyhow::Result<Option<AddressRow>> {
        let Some((key, signature)) = super::post::split_signed(token) else {
            return Ok(None);
        };
        let Some(person) = store::address_by_key(conn, key)? else {
            return Ok(None);
        };
        let version = store::notices_of(conn, &person.address)?
            .calendar_version
            .to_string();
        Ok(self
            .signed(Capability::Calendar, &[key, &version], signature)
            .then_some(person))
    }

    /// The calendar of the person a token is for: a deadline of theirs in each running game
    /// that waits on them; `None` for a forged or revoked token.
    pub fn calendar(&self, conn: &mut Conn, token: &str) -> anyhow::Result<Option<Calendar>> {
        let Some(person) = self.calendar_person(conn, token)? else {
            return Ok(None);
        };
        let words = self.words_for(&person);
        let mut events = Vec::new();
        for seat_row in store::seats_of_address(conn, &person.address)? {
            let id = GameId::parse(&seat_row.game_id)?;
            let Some(row) = store::find_game(conn, &id)? else {
                continue;
            };
            if row.status() != GameStatus::Playing {
                continue;
            }
            let Some(deadline) = store::deadlines_of(conn, &id)?
                .into_iter()
                .find(|d| d.seat == seat_row.seat)
            else {
                continue;
            };
            let Ok(loaded) = self.load(conn, &id) else {
                continue;
            };
            let Some(replay) = loaded.replay.as_deref() else {
                continue;
            };
            let me = seat_of(&seat_row);
            let Some(decision) = replay.game.decision(me) else {
                continue;
            };
            let kind = self.kind(&row.kind)?;
            let names = loaded.names();
            let cx = Ctx::new(words, &names, Viewer::Seat(me));
            let seats = store::seats_of(conn, &id)?;
            let name = self.name_of(&row, &seats, words);
            events.push(CalendarEvent {
                uid: format!("deadline-{id}-{}", me.number()),
                due_at: Millis(deadline.due_at),
                since: Millis(deadline.started_at),
                summary: words.one("calendar-event-summary", "game", name),
                description: kind.decision_words(&decision, &cx),
                url: self.links().game_url(&id),
            });
        }
        events.sort_by_key(|e| (e.due_at.0, e.uid.clone()));
        let base = self.links().base().as_str();
        let host = base
            .split_once("://")
            .map_or(base, |(_, rest)| rest)
            .split(['/', ':'])
            .next()
            .unwrap_or("corriere")
            .to_owned();
        Ok(Some(Calendar {
            host,
            name: words.get("calendar-name"),
            events,
            now: self.now(),
        }))
    }

    /// The person revokes their calendar's URL (the mail-settings page shows the new one).
    pub fn revoke_calendar(&self, conn: &mut Conn, person: &AddressRow) -> anyhow::Result<()> {
        write_transaction(conn, |conn| -> anyhow::Result<()> {
            store::bump_calendar_version(conn, &person.address)?;
            Ok(())
        })?;
        tracing::info!("a calendar feed was revoked");
        Ok(())
    }

    /// What the mail-settings page shows of a person's notices beyond mail.
    pub fn notices_shown(
        &self,
        conn: &mut Conn,
        person: &AddressRow,
    ) -> anyhow::Result<NoticesShown> {
        let row = store::notices_of(conn, &person.address)?;
        Ok(NoticesShown {
            calendar_url: self.calendar_url(person, row.calendar_version),
            webhook_url: row.webhook_url,
            webhook_format: row.webhook_format,
            last_error: row.last_error.zip(row.last_error_at.map(Millis)),
            last_sent_at: row.last_sent_at.map(Millis),
        })
    }
}

/// A person's notices beyond mail, as their settings page shows them.
#[derive(Clone, Debug)]
pub struct NoticesShown {
    pub calendar_url: String,
    pub webhook_url: Option<String>,
    pub webhook_format: Option<String>,
    /// The last failed delivery's error and time.
    pub last_error: Option<(String, Millis)>,
    pub last_sent_at: Option<Millis>,
}
