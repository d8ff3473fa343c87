//! Notices beyond mail: a game's feed of its public events and a person's calendar of their
//! deadlines, each behind a signed capability URL that a version bump revokes.

use super::{review, seat_of, Capability, Games, LoadError, SeatAuth};
use crate::domain::{GameId, GameStatus, Millis};
use crate::engine::Viewer;
use crate::present::Ctx;
use crate::store::{self, write_transaction, AddressRow, Conn};

service_error!(NoticeError {
    /// A webhook address that is not an http or https URL of at most [`WebhookUrl::MAX_CHARS`].
    #[error(
        "a webhook must be an http:// or https:// address of at most {} characters",
        WebhookUrl::MAX_CHARS
    )]
    BadWebhookUrl,
    /// Not one of the formats offered.
    #[error("a webhook's format must be json, discord or slack")]
    BadWebhookFormat,
});

/// Where a person's webhook posts: an http or https URL, one limit for the form and the
/// service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebhookUrl(String);

impl WebhookUrl {
    /// The one limit of a webhook's address: the form's `maxlength` and the service's check.
    pub const MAX_CHARS: usize = 500;

    /// `None` for an empty field (no webhook).
    pub fn parse(text: &str) -> Result<Option<WebhookUrl>, NoticeError> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        let lower = text.to_ascii_lowercase();
        let rest = lower
            .strip_prefix("https://")
            .or_else(|| lower.strip_prefix("http://"))
            .ok_or(NoticeError::BadWebhookUrl)?;
        let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
        if text.chars().count() > WebhookUrl::MAX_CHARS
            || host.is_empty()
            || host.starts_with(':')
            || text.chars().any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(NoticeError::BadWebhookUrl);
        }
        Ok(Some(WebhookUrl(text.to_owned())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The body a webhook is posted: corriere's own JSON, or a Discord or Slack message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebhookFormat {
    Json,
    Discord,
    Slack,
}

impl WebhookFormat {
    pub const ALL: [WebhookFormat; 3] = [
        WebhookFormat::Json,
        WebhookFormat::Discord,
        WebhookFormat::Slack,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            WebhookFormat::Json => "json",
            WebhookFormat::Discord => "discord",
            WebhookFormat::Slack => "slack",
        }
    }

    pub fn parse(text: &str) -> Result<WebhookFormat, NoticeError> {
        WebhookFormat::ALL
            .into_iter()
            .find(|f| f.as_str() == text.trim())
            .ok_or(NoticeError::BadWebhookFormat)
    }
}

/// What a webhook is told: the event, the game, the subject of the person's own mail for it
/// and the game's public page. Never the seat link: a webhook's messages land in a chat
/// channel or a third party's service, where anyone reading them could play the seat.
pub fn webhook_body(
    format: WebhookFormat,
    event: &str,
    game: &GameId,
    text: &str,
    url: &str,
    at: Millis,
) -> String {
    let line = format!("{text} {url}");
    let body = match format {
        WebhookFormat::Json => serde_json::json!({
            "event": event,
            "game": game.as_str(),
            "text": text,
            "url": url,
            "at": crate::audit::rfc3339_millis(at.0),
        }),
        WebhookFormat::Discord => serde_json::json!({ "content": line }),
        WebhookFormat::Slack => serde_json::json!({ "text": line }),
    };
    body.to_string()
}

/// Deliveries that failed this many times are given up (the settings show the last error).
pub const WEBHOOK_ATTEMPTS: i32 = 8;

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

    /// The delivery of `event` to `person`'s webhook, when they have one: `text` is the
    /// subject of their own mail for it.
    fn webhook_row(
        &self,
        conn: &mut Conn,
        event: &str,
        address: &str,
        game: &GameId,
        text: &str,
        now: Millis,
    ) -> diesel::QueryResult<Option<store::WebhookRow>> {
        let notices = store::notices_of(conn, address)?;
        let (Some(url), Some(format)) = (notices.webhook_url, notices.webhook_format) else {
            return Ok(None);
        };
        let Ok(format) = WebhookFormat::parse(&format) else {
            return Ok(None);
        };
        let body = webhook_body(format, event, game, text, &self.links().game_url(game), now);
        Ok(Some(store::WebhookRow::new(
            address,
            &url,
            format.as_str(),
            body,
            now,
        )))
    }

    /// Queue the delivery of `event` to `person`'s webhook (inside the caller's transaction).
    pub(super) fn queue_webhook(
        &self,
        conn: &mut Conn,
        event: &str,
        person: &AddressRow,
        game: &GameId,
        text: &str,
        now: Millis,
    ) -> diesel::QueryResult<()> {
        if let Some(row) = self.webhook_row(conn, event, &person.address, game, text, now)? {
            store::insert_webhooks(conn, &[row])?;
        }
        Ok(())
    }

    /// The webhook deliveries that go with a move's mails: "your turn" and "game over", each
    /// to the webhook of the person its mail goes to.
    pub(super) fn webhooks_of_mails(
        &self,
        conn: &mut Conn,
        mails: &[store::OutboxRow],
        now: Millis,
    ) -> diesel::QueryResult<Vec<store::WebhookRow>> {
        let mut rows = Vec::new();
        for mail in mails {
            let event = match mail.kind.as_str() {
                "your_turn" => "your_turn",
                "game_over" => "game_over",
                _ => continue,
            };
            let Some(game) = mail.game_id.as_deref().and_then(|g| GameId::parse(g).ok()) else {
                continue;
            };
            let address = store::address_key(&mail.to_addr);
            rows.extend(self.webhook_row(conn, event, &address, &game, &mail.subject, now)?);
        }
        Ok(rows)
    }

    /// Set or remove (an empty URL) the webhook of `person`; its past errors are forgotten.
    pub fn set_webhook(
        &self,
        conn: &mut Conn,
        person: &AddressRow,
        url: &str,
        format: &str,
    ) -> Result<(), NoticeError> {
        let url = WebhookUrl::parse(url)?;
        let format = WebhookFormat::parse(format)?;
        write_transaction(conn, |conn| -> Result<(), NoticeError> {
            let webhook = url.as_ref().map(|u| (u.as_str(), format.as_str()));
            store::set_webhook(conn, &person.address, webhook)?;
            Ok(())
        })?;
        tracing::info!(set = url.is_some(), "a webhook was changed");
        Ok(())
    }

    /// Post the due webhook deliveries (claimed, so two workers never post one): a delivery
    /// answered 2xx goes; any other answer or failure is kept as the person's last error and
    /// tried again after the mail outbox's backoff, up to [`WEBHOOK_ATTEMPTS`] times. How many
    /// were delivered.
    pub async fn send_webhooks(&self, db: &crate::store::Db) -> anyhow::Result<usize> {
        let now = self.now();
        let inner = self.0.clone();
        let rows = db
            .run(move |conn| {
                let lease = std::time::Duration::from_secs(120);
                store::claim_webhooks(conn, &inner.holder, now, lease, 50)
            })
            .await??;
        if rows.is_empty() {
            return Ok(0);
        }
        let delivered = self.post_webhooks(db, rows).await;
        let inner = self.0.clone();
        db.write(move |conn| store::release_webhooks(conn, &inner.holder))
            .await?;
        delivered
    }

    /// Post claimed deliveries one by one, each settled as it is answered.
    async fn post_webhooks(
        &self,
        db: &crate::store::Db,
        rows: Vec<store::WebhookRow>,
    ) -> anyhow::Result<usize> {
        let client = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        let mut delivered = 0;
        for row in rows {
            let sent = client
                .post(&row.url)
                .header("content-type", "application/json")
                .header("user-agent", "corriere-webhook")
                .body(row.body.clone())
                .send()
                .await;
            let error = match sent {
                Ok(answer) if answer.status().is_success() => None,
                Ok(answer) => Some(format!("HTTP {}", answer.status())),
                // Without the URL: a webhook's address is its owner's secret.
                Err(error) => Some(error.without_url().to_string()),
            };
            let now = self.now();
            delivered += usize::from(error.is_none());
            db.run(move |conn| match error {
                None => store::webhook_delivered(conn, &row, now),
                Some(error) => {
                    let delay = (row.attempts + 1 < WEBHOOK_ATTEMPTS)
                        .then(|| store::retry_delay(row.attempts));
                    tracing::warn!(attempts = row.attempts + 1, %error, "a webhook delivery failed");
                    store::webhook_failed(conn, &row, &error, delay, now)
                }
            })
            .await??;
        }
        Ok(delivered)
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
