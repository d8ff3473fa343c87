//! The service's requests of people and their notices beyond mail: confirming, signing in and
//! out, languages, settings and mutes, blocks and reports, feeds, calendars and webhooks.

use super::{FollowedLink, Linked, Person, Service};
use crate::domain::{EmailAddress, GameId};
use crate::engine::Seat;
use crate::service::moderation::{BlockError, Blocked, ReportError, ReportReason};
use crate::service::people::PreferencesInput;
use crate::service::{ConfirmError, Games, LoadError, SeatLink};
use crate::store::{self, write_transaction, Conn};

/// What the mail-settings page shows: the link's person, their running games (each with its
/// mute) and the people they blocked.
pub struct MailSettings {
    pub person: Person,
    pub running: Vec<crate::service::people::MyGame>,
    pub blocked: Vec<Blocked>,
    /// Their notices beyond mail: the calendar's address, the webhook.
    pub notices: crate::service::notices::NoticesShown,
}

service_error!(SettingsError {
    /// What is wrong with the submitted preferences: every problem.
    #[error("the preferences do not stand: {0:?}")]
    Problems(Vec<crate::service::people::PreferenceProblem>),
});

impl Service {
    // ------------------------------------------------------------ people

    /// The creator proves their address: the invitations leave, and a game whose seats were
    /// all taken (the creator's and bots') starts, its bots playing before this answers. The
    /// creator's seat link.
    pub async fn confirm(&self, game: &GameId, signature: &str) -> Result<String, ConfirmError> {
        let (id, signature) = (game.clone(), signature.to_owned());
        let seat_url = self
            .run(move |games, conn| games.confirm(conn, &id, &signature))
            .await?;
        self.games.play_bots(&self.db, game).await;
        Ok(seat_url)
    }

    /// The person a request speaks for (signed in by `session`, or the seat or mail settings
    /// of `link`), if any, and `then` done for them in the same trip to the database.
    async fn person_of_request<T, F>(
        &self,
        session: Option<String>,
        link: Option<FollowedLink>,
        then: F,
    ) -> anyhow::Result<Option<T>>
    where
        T: Send + 'static,
        F: FnOnce(&Games, &mut Conn, &Person) -> T + Send + 'static,
    {
        use crate::service::people::LinkOf;
        self.run(move |games, conn| {
            let link = link.as_ref().map(|link| match link {
                FollowedLink::Seat(link) => LinkOf::Seat(link),
                FollowedLink::Settings(token) => LinkOf::Settings(token),
                FollowedLink::Unsubscribe(token) => LinkOf::Unsubscribe(token),
            });
            let person = games.person_of_request(conn, session.as_deref(), link)?;
            Ok(person.map(|person| then(games, conn, &person)))
        })
        .await
    }

    /// The language a request's person reads, when their browser asks for `seen` (see
    /// [`crate::service::people::language_of`]); `None`: no person, or none of `known`. What the browser
    /// asks for is noted as what they read, when they chose none.
    pub async fn saved_language(
        &self,
        session: Option<String>,
        link: Option<FollowedLink>,
        known: Vec<String>,
        seen: Option<String>,
    ) -> anyhow::Result<Option<String>> {
        let found = self
            .person_of_request(session, link, move |_, conn, person| {
                let known: Vec<&str> = known.iter().map(String::as_str).collect();
                let (reads, read) =
                    crate::service::people::language_of(person, &known, seen.as_deref());
                if let Some(lang) = read {
                    if let Err(error) = store::set_language_seen(conn, &person.address, &lang) {
                        tracing::warn!(%error, "the language read could not be noted");
                    }
                }
                reads
            })
            .await?;
        Ok(found.flatten())
    }

    /// The request's person (if any) reads `lang` from now on.
    pub async fn switch_language(
        &self,
        session: Option<String>,
        link: Option<FollowedLink>,
        lang: &str,
    ) -> anyhow::Result<()> {
        let lang = lang.to_owned();
        self.person_of_request(session, link, move |games, conn, person| {
            games.switch_language(conn, person, &lang)
        })
        .await?
        .transpose()?;
        Ok(())
    }

    /// Whether the service can do its work: the database is the one opened at the start and its
    /// schema answers, and `data_dir` is writable; else what is wrong.
    pub async fn health(&self, data_dir: &std::path::Path) -> Result<(), String> {
        let probe = data_dir.join(format!(".healthz-{}", crate::domain::random_base32(8)));
        let db = self.db.clone();
        tokio::task::spawn_blocking(move || -> Result<(), String> {
            db.health()?;
            std::fs::write(&probe, b"ok")
                .and_then(|()| std::fs::remove_file(&probe))
                .map_err(|e| format!("the data directory is not writable: {e}"))
        })
        .await
        .unwrap_or_else(|e| Err(format!("the check failed: {e}")))
    }

    /// Mail a sign-in link to an address that has games here.
    pub async fn request_sign_in(
        &self,
        address: &EmailAddress,
        client: Option<String>,
    ) -> Result<(), crate::service::people::SignInError> {
        let address = address.clone();
        self.run(move |games, conn| games.request_sign_in(conn, &address, client.as_deref()))
            .await
    }

    /// Follow a sign-in link: the new session's cookie.
    pub async fn sign_in(
        &self,
        token: &str,
    ) -> Result<String, crate::service::people::SignInError> {
        let token = token.to_owned();
        self.run(move |games, conn| games.sign_in(conn, &token))
            .await
    }

    /// End the session of this cookie.
    pub async fn sign_out(&self, cookie: &str) -> anyhow::Result<()> {
        let cookie = cookie.to_owned();
        self.run(move |games, conn| Ok(games.sign_out(conn, &cookie)?))
            .await
    }

    /// End every session of the person `session` signs in, and retire their mail-settings
    /// links (`None`: no one is signed in).
    pub async fn sign_out_everywhere(&self, session: &str) -> anyhow::Result<Option<()>> {
        self.as_person(session, |games, conn, person| {
            Ok(games.sign_out_everywhere(conn, person)?)
        })
        .await
    }

    /// Forget the signed-in person (see `Games::forget`), then let the bots play the seats
    /// they took over (`None`: no one is signed in).
    pub async fn forget_me(
        &self,
        session: &str,
    ) -> anyhow::Result<Option<crate::service::forget::Forgotten>> {
        let forgotten = self
            .as_person(session, |games, conn, person| games.forget(conn, person))
            .await?;
        for game in forgotten.iter().flat_map(|f| &f.running) {
            self.games.play_bots(&self.db, game).await;
        }
        Ok(forgotten)
    }

    /// Mute or unmute one of the signed-in person's games (`Some(false)`: not one of theirs;
    /// `None`: no one is signed in).
    pub async fn set_muted(
        &self,
        session: &str,
        game: &GameId,
        on: bool,
    ) -> anyhow::Result<Option<bool>> {
        let game = game.clone();
        self.as_person(session, move |games, conn, person| {
            games.set_muted(conn, person, &game, on)
        })
        .await
    }

    /// Store the signed-in person's preferences and never-mail choice in one transaction;
    /// their session stays signed in (`None`: no one is signed in).
    pub async fn save_my_settings(
        &self,
        session: &str,
        input: PreferencesInput,
        never_mail: bool,
    ) -> Result<Option<Person>, SettingsError> {
        let keep = session.to_owned();
        self.as_person(session, move |games, conn, person| {
            settings(games, conn, person, &input, never_mail, Some(&keep))
        })
        .await
    }

    /// Store a person's preferences and their never-mail choice in one transaction (`keep`:
    /// the session that asked, which stays signed in); the person as stored then.
    pub async fn save_settings(
        &self,
        person: &Person,
        input: PreferencesInput,
        never_mail: bool,
        keep: Option<String>,
    ) -> Result<Person, SettingsError> {
        let person = person.clone();
        self.run(move |games, conn| {
            settings(games, conn, &person, &input, never_mail, keep.as_deref())
        })
        .await
    }

    /// The person a mail-settings link is for, if the link is good.
    pub async fn settings_person(&self, token: &str) -> anyhow::Result<Option<Person>> {
        let token = token.to_owned();
        self.run(move |games, conn| Ok(games.settings_person(conn, &token)?))
            .await
    }

    /// What the page a mail's footer links to shows (`None`: not a good link): the link's
    /// person and their running games, each with its mute, the game's name in `lang`.
    pub async fn mail_settings(
        &self,
        token: &str,
        lang: &str,
    ) -> anyhow::Result<Option<MailSettings>> {
        let (token, lang) = (token.to_owned(), lang.to_owned());
        self.run(move |games, conn| {
            let Some(person) = games.settings_person(conn, &token)? else {
                return Ok(None);
            };
            let running = games.my_games(conn, &person, &lang)?.running;
            let blocked = games.blocks(conn, &person.address)?;
            let notices = games.notices_shown(conn, &person)?;
            Ok(Some(MailSettings {
                person,
                running,
                blocked,
                notices,
            }))
        })
        .await
    }

    /// The person a mail-settings link is for blocks an address they typed (`None`: not a
    /// good link; `Some(false)`: they had blocked it already).
    pub async fn block_by_mail_link(
        &self,
        token: &str,
        address: EmailAddress,
    ) -> Result<Option<bool>, BlockError> {
        let token = token.to_owned();
        self.run(move |games, conn| {
            let Some(person) = games.settings_person(conn, &token)? else {
                return Ok(None);
            };
            games.block_typed(conn, &person.address, &address).map(Some)
        })
        .await
    }

    /// Lift a block of the person a mail-settings link is for (`None`: not a good link;
    /// `Some(false)`: no block of theirs by that id).
    pub async fn unblock_by_mail_link(
        &self,
        token: &str,
        block: &str,
    ) -> anyhow::Result<Option<bool>> {
        let (token, block) = (token.to_owned(), block.to_owned());
        self.run(move |games, conn| {
            let Some(person) = games.settings_person(conn, &token)? else {
                return Ok(None);
            };
            Ok(Some(games.unblock(conn, &person.address, &block)?))
        })
        .await
    }

    // ------------------------------------------------------------ notices beyond mail

    /// A game's feed of its public events (`None`: not a good feed URL, or a revoked one).
    pub async fn game_feed(
        &self,
        game: &GameId,
        lang: &str,
        signature: &str,
    ) -> Result<Option<crate::service::notices::GameFeed>, LoadError> {
        let (game, lang, signature) = (game.clone(), lang.to_owned(), signature.to_owned());
        self.run(move |games, conn| games.game_feed(conn, &game, &lang, &signature))
            .await
    }

    /// A seat revokes its game's feed URLs (every seat's copy: the feed is the game's).
    pub async fn revoke_feed(
        &self,
        link: &SeatLink,
    ) -> Result<(), Linked<crate::service::notices::NoticeError>> {
        self.as_seat(link, move |games, conn, auth| games.revoke_feed(conn, auth))
            .await
    }

    /// The calendar a calendar token is for (`None`: not a good token, or a revoked one).
    pub async fn calendar(
        &self,
        token: &str,
    ) -> anyhow::Result<Option<crate::service::notices::Calendar>> {
        let token = token.to_owned();
        self.run(move |games, conn| games.calendar(conn, &token))
            .await
    }

    /// The person of a mail-settings link sets or removes (an empty URL) their webhook
    /// (`None`: not a good link).
    pub async fn set_webhook(
        &self,
        token: &str,
        url: String,
        format: String,
    ) -> Result<Option<()>, crate::service::notices::NoticeError> {
        let token = token.to_owned();
        self.run(move |games, conn| {
            let Some(person) = games.settings_person(conn, &token)? else {
                return Ok(None);
            };
            games.set_webhook(conn, &person, &url, &format)?;
            Ok(Some(()))
        })
        .await
    }

    /// The seat's person blocks the person at `seat` of the same table (their messages,
    /// invitations and rematches no longer reach them): the name they knew them by.
    pub async fn block_seat(
        &self,
        link: &SeatLink,
        seat: Seat,
    ) -> Result<String, Linked<BlockError>> {
        self.as_seat(link, move |games, conn, auth| {
            games.block_seat(conn, auth, seat)
        })
        .await
    }

    /// The seat reports a message it reads, with a reason (maybe empty).
    pub async fn report_message(
        &self,
        link: &SeatLink,
        message: String,
        reason: String,
    ) -> Result<(), Linked<ReportError>> {
        let reason =
            ReportReason::parse(&reason).map_err(|bad| Linked::Refused(ReportError::Bad(bad)))?;
        self.as_seat(link, move |games, conn, auth| {
            games.report_message(conn, auth, &message, &reason)
        })
        .await
    }

    /// The person of a mail-settings link revokes their calendar URL (`None`: not a good link).
    pub async fn revoke_calendar(&self, token: &str) -> anyhow::Result<Option<()>> {
        let token = token.to_owned();
        self.run(move |games, conn| {
            let Some(person) = games.settings_person(conn, &token)? else {
                return Ok(None);
            };
            games.revoke_calendar(conn, &person)?;
            Ok(Some(()))
        })
        .await
    }

    /// Mute or unmute a game of the person a mail-settings link is for, as the footer of every
    /// mail offers (`None`: not a good link; `Some(false)`: not one of their games).
    pub async fn mute_by_mail_link(
        &self,
        token: &str,
        game: &GameId,
        on: bool,
    ) -> anyhow::Result<Option<bool>> {
        let (token, game) = (token.to_owned(), game.clone());
        self.run(move |games, conn| {
            let Some(person) = games.settings_person(conn, &token)? else {
                return Ok(None);
            };
            Ok(Some(games.set_muted(conn, &person, &game, on)?))
        })
        .await
    }

    /// The person a one-click unsubscribe link is for, if the link is good, with the link to
    /// their mail settings.
    pub async fn unsubscribe_person(&self, token: &str) -> anyhow::Result<Option<String>> {
        let token = token.to_owned();
        self.run(move |games, conn| {
            Ok(games
                .unsubscribe_person(conn, &token)?
                .map(|person| games.settings_url(&person)))
        })
        .await
    }

    /// One-click unsubscribe: the link's person is never mailed again (the creators of their
    /// games not over are told); the link to their mail settings and the names, in `lang`, of
    /// the games that still wait on them (`None`: not a good link).
    pub async fn unsubscribe(
        &self,
        token: &str,
        lang: &str,
    ) -> anyhow::Result<Option<(String, Vec<String>)>> {
        let token = token.to_owned();
        let lang = lang.to_owned();
        self.run(move |games, conn| {
            let Some(person) = games.unsubscribe_person(conn, &token)? else {
                return Ok(None);
            };
            games.set_never_mail(conn, &person, true, None)?;
            let words = games.registry().catalogs().words(&lang);
            let waiting = games.games_waiting_on(conn, &person, words)?;
            Ok(Some((games.settings_url(&person), waiting)))
        })
        .await
    }
}

/// Store `person`'s preferences and never-mail choice in one transaction (`keep`: the session
/// that asked, which stays signed in); the person as stored then.
fn settings(
    games: &Games,
    conn: &mut Conn,
    person: &Person,
    input: &PreferencesInput,
    never_mail: bool,
    keep: Option<&str>,
) -> Result<Person, SettingsError> {
    write_transaction(conn, |conn| -> Result<Person, SettingsError> {
        games
            .set_preferences(conn, person, input)
            .map_err(|problems| match problems.is_empty() {
                false => SettingsError::Problems(problems),
                true => anyhow::anyhow!("the preferences could not be stored").into(),
            })?;
        games.set_never_mail(conn, person, never_mail, keep)?;
        Ok(store::find_address(conn, &person.address)?.unwrap_or_else(|| person.clone()))
    })
}
