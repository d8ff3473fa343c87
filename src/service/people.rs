//! People known by their address: sign-in links and sessions ("my games"), their games,
//! their mail preferences, muting, never-mail-again, and the daily digest.

use super::letters;
use super::post::{split_signed, Class, MailMode};
use super::{limits, mail_happened, names_of, seat_of, talk, Capability, Games, Limited};
use crate::domain::Millis;
use crate::domain::{EmailAddress, GameId, GameStatus};
use crate::engine::Viewer;
use crate::present::Ctx;
use crate::store::{self, write_transaction, AddressRow, Conn};
use anyhow::anyhow;
use chrono::{Datelike, TimeZone};
use sha2::{Digest as _, Sha256};
use std::str::FromStr;

/// The cookie that keeps a browser signed in.
pub const SESSION_COOKIE: &str = "corriere_session";

const DAY: std::time::Duration = std::time::Duration::from_secs(24 * 60 * 60);

/// A session ends this long after its sign-in, however much it is used.
pub const SESSION_LIFETIME: std::time::Duration = DAY.saturating_mul(90);

/// A session ends when it was not used for this long.
pub const SESSION_IDLE: std::time::Duration = DAY.saturating_mul(30);

/// A session's use is written down at most this often (a page read writes nothing more).
const SESSION_NOTED_EVERY: std::time::Duration = std::time::Duration::from_secs(60 * 60);

fn millis(duration: std::time::Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// Whether a stored session still signs its person in at `now`.
fn session_alive(session: &store::SessionRow, now: Millis) -> bool {
    now.0 - session.created_at < millis(SESSION_LIFETIME)
        && now.0 - session.last_used_at < millis(SESSION_IDLE)
}

service_error!(SignInError {
    /// Not a sign-in link of ours (mistyped, forged).
    #[error("this sign-in link is not valid")]
    Invalid,
    /// Ours, but used already or expired.
    #[error("this sign-in link was used already or has expired")]
    Spent,
    #[error("a rate limit was reached: {0:?}")]
    Limited(Limited),
});

/// One of a person's games, as "my games" lists it.
#[derive(Clone, Debug)]
pub struct MyGame {
    pub id: GameId,
    /// The game's name in the reader's words.
    pub name: String,
    pub status: GameStatus,
    /// Their own seat's link.
    pub seat_url: String,
    pub public_path: String,
    /// Who must decide now, in words ("you", "Bob and Cleo"); empty when nobody.
    pub waiting_on: String,
    /// Whether the game waits on this person.
    pub yours: bool,
    /// Since when the game is as it is (its last move, its start or creation).
    pub since: Millis,
    /// Whether this person accepted the invitation.
    pub accepted: bool,
    /// The result, once over.
    pub result: Option<String>,
    pub muted: bool,
}

/// A person's games: running ones first, then invitations, then finished ones.
#[derive(Clone, Debug, Default)]
pub struct MyGames {
    pub running: Vec<MyGame>,
    pub inviting: Vec<MyGame>,
    pub finished: Vec<MyGame>,
    /// The absences the person declared that have not ended yet.
    pub absences: Vec<super::time::Absence>,
}

/// A problem with submitted preferences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PreferenceProblem {
    Mode,
    Hour,
    TimeZone,
    Language,
}

impl PreferenceProblem {
    /// The catalog message that words it.
    pub fn key(&self) -> &'static str {
        match self {
            PreferenceProblem::Mode => "prefs-problem-mode",
            PreferenceProblem::Hour => "prefs-problem-hour",
            PreferenceProblem::TimeZone => "prefs-problem-zone",
            PreferenceProblem::Language => "prefs-problem-language",
        }
    }
}

/// Preferences as submitted (a form's fields).
#[derive(Clone, Debug, Default)]
pub struct PreferencesInput {
    pub mail_mode: String,
    pub digest_hour: String,
    pub time_zone: String,
    pub language: String,
    /// Whether the person shows their reliability beside their name.
    pub show_reliability: bool,
}

fn session_hash(cookie: &str) -> String {
    hex::encode(Sha256::digest(cookie.as_bytes()))
}

/// A link a request follows, as typed: checked before anything is read for it.
pub enum LinkOf<'a> {
    /// A seat's link.
    Seat(&'a super::SeatLink),
    /// A person's mail-settings link (`/mail/{token}`).
    Settings(&'a str),
    /// A person's one-click unsubscribe link (`/unsubscribe/{token}`).
    Unsubscribe(&'a str),
}

impl Games {
    /// The person a request speaks for: the one signed in on this browser, else the person of
    /// the seat or mail settings whose (checked) link it follows; `None` for anyone else.
    pub fn person_of_request(
        &self,
        conn: &mut Conn,
        session: Option<&str>,
        link: Option<LinkOf>,
    ) -> anyhow::Result<Option<AddressRow>> {
        if let Some(cookie) = session {
            if let Some(person) = self.session(conn, cookie)? {
                return Ok(Some(person));
            }
        }
        let link = match link {
            None => return Ok(None),
            Some(LinkOf::Settings(token)) => return Ok(self.settings_person(conn, token)?),
            Some(LinkOf::Unsubscribe(token)) => return Ok(self.unsubscribe_person(conn, token)?),
            Some(LinkOf::Seat(link)) => link,
        };
        let seats = store::seats_of(conn, &link.game)?;
        if self.authorize_among(&seats, link).is_none() {
            return Ok(None);
        }
        let seat = seats
            .into_iter()
            .find(|s| s.seat == link.seat.0 as i32 && s.has_person());
        match seat {
            Some(seat) => Ok(store::find_address(conn, &seat.email)?),
            None => Ok(None),
        }
    }

    /// Remember the language `person` reads the pages in (their mails follow it when they
    /// chose none); nothing is written when it is already the one remembered.
    pub fn note_language_seen(
        &self,
        conn: &mut Conn,
        person: &AddressRow,
        lang: &str,
    ) -> diesel::QueryResult<()> {
        if person.language_seen.as_deref() == Some(lang) {
            return Ok(());
        }
        store::set_language_seen(conn, &person.address, lang)
    }

    /// The language switch was used by `person`: a language they chose before gives way to
    /// the new one (one who chose none keeps following their browser and the switch's cookie).
    pub fn switch_language(
        &self,
        conn: &mut Conn,
        person: &AddressRow,
        lang: &str,
    ) -> diesel::QueryResult<()> {
        if !self.registry().catalogs().languages().contains(&lang) {
            return Ok(());
        }
        if person.language.is_some() && person.language.as_deref() != Some(lang) {
            store::set_language(conn, &person.address, Some(lang))?;
        }
        self.note_language_seen(conn, person, lang)
    }

    /// Mail a sign-in link to `address` if it has games here and may be mailed. The caller
    /// answers the same whatever happened, so nobody learns which addresses play here; the
    /// hourly limit counts every request, known address or not.
    pub fn request_sign_in(
        &self,
        conn: &mut Conn,
        address: &EmailAddress,
        client: Option<&str>,
    ) -> Result<(), SignInError> {
        let now = self.now();
        let key = store::address_key(address.as_str());
        write_transaction(conn, |conn| -> Result<(), SignInError> {
            let limits = *self.limits();
            let mut buckets = vec![(format!("sign-in:{key}"), limits.sign_ins_per_hour)];
            buckets.extend(
                client.map(|ip| (format!("sign-in-ip:{ip}"), limits.sign_ins_per_client_hour)),
            );
            for (bucket, limit) in buckets {
                limits::count(conn, "sign_ins", &bucket, limits::HOUR, limit, now)?
                    .map_err(SignInError::Limited)?;
            }
            let Some(person) = store::find_address(conn, &key)? else {
                return Ok(());
            };
            // Only a player of a game whose creator proved their address: a seat in a game
            // nobody confirmed is a stranger's address someone typed.
            let mut seated = false;
            for seat in store::seats_of_address(conn, &key)? {
                let id =
                    crate::domain::GameId::parse(&seat.game_id).map_err(anyhow::Error::from)?;
                let game = store::find_game(conn, &id)?;
                if game.is_some_and(|g| g.confirmed_at.is_some()) {
                    seated = true;
                    break;
                }
            }
            if !seated {
                return Ok(());
            }
            let nonce = crate::domain::random_base32(26);
            let expires = now.plus(self.0.sign_in_ttl);
            store::insert_sign_in(conn, &nonce, &key, now, expires)?;
            let signature = self.links().sign(Capability::SignIn, &[&nonce, &key]);
            let to = self.person_recipient(conn, address.as_str(), address.as_str(), now)?;
            let mail = letters::SignIn {
                w: to.words,
                footer: self.footer(&person),
                sign_in_url: self
                    .links()
                    .url(&format!("/me/sign-in/{nonce}.{}", &signature[..32])),
                minutes: self.0.sign_in_ttl.as_secs() / 60,
            }
            .render()?;
            if let Some(mail) = self.letter(&to, Class::Asked, None, "sign_in", mail) {
                store::enqueue(conn, mail, now)?;
            }
            Ok(())
        })?;
        tracing::info!("sign-in requested");
        Ok(())
    }

    /// Follow a sign-in link: once, before it expires. The new session's cookie value.
    pub fn sign_in(&self, conn: &mut Conn, token: &str) -> Result<String, SignInError> {
        let now = self.now();
        let (nonce, signature) = split_signed(token).ok_or(SignInError::Invalid)?;
        write_transaction(conn, |conn| -> Result<String, SignInError> {
            let address = store::sign_in_address(conn, nonce)?.ok_or(SignInError::Invalid)?;
            if !self.signed(Capability::SignIn, &[nonce, &address], signature) {
                return Err(SignInError::Invalid);
            }
            match store::use_sign_in(conn, nonce, now)? {
                store::SignIn::Used(_) => {}
                store::SignIn::Spent(_) => return Err(SignInError::Spent),
                store::SignIn::Unknown => return Err(SignInError::Invalid),
            }
            let cookie = crate::domain::random_base32(52);
            store::prune_sessions(
                conn,
                &address,
                Millis(now.0 - millis(SESSION_LIFETIME)),
                Millis(now.0 - millis(SESSION_IDLE)),
            )?;
            store::insert_session(conn, &session_hash(&cookie), &address, now)?;
            store::mark_verified(conn, &address, now)?;
            Ok(cookie)
        })
    }

    /// The person a session cookie signs in, if it still does: within [`SESSION_LIFETIME`] of
    /// the sign-in and [`SESSION_IDLE`] of its last use. The use is noted at most every
    /// [`SESSION_NOTED_EVERY`]; when that write fails (a full disk), the read goes on.
    pub fn session(
        &self,
        conn: &mut Conn,
        cookie: &str,
    ) -> diesel::QueryResult<Option<AddressRow>> {
        if cookie.len() != 52 {
            return Ok(None);
        }
        let hash = session_hash(cookie);
        let Some(session) = store::find_session(conn, &hash)? else {
            return Ok(None);
        };
        let now = self.now();
        if !session_alive(&session, now) {
            return Ok(None);
        }
        if now.0 - session.last_used_at >= millis(SESSION_NOTED_EVERY) {
            if let Err(error) = store::touch_session(conn, &hash, now) {
                tracing::warn!(%error, "a session's use could not be noted");
            }
        }
        store::find_address(conn, &session.address)
    }

    pub fn sign_out(&self, conn: &mut Conn, cookie: &str) -> diesel::QueryResult<()> {
        store::delete_session(conn, &session_hash(cookie))
    }

    /// "Sign out everywhere": every session of the person ends, on every browser, and their
    /// mail-settings links stop working (the next mail carries a new one).
    pub fn sign_out_everywhere(
        &self,
        conn: &mut Conn,
        person: &AddressRow,
    ) -> diesel::QueryResult<()> {
        store::bump_address_version(conn, &person.address)?;
        tracing::info!("signed out everywhere");
        Ok(())
    }

    /// Every game of a person, in `lang`.
    pub fn my_games(
        &self,
        conn: &mut Conn,
        person: &AddressRow,
        lang: &str,
    ) -> anyhow::Result<MyGames> {
        let words = self.registry().catalogs().words(lang);
        let muted = store::muted_games(conn, &person.address)?;
        let mut games = MyGames {
            absences: self.absences_listed(conn, &person.address)?,
            ..MyGames::default()
        };
        for seat_row in store::seats_of_address(conn, &person.address)? {
            let id = GameId::parse(&seat_row.game_id)?;
            let Some(row) = store::find_game(conn, &id)? else {
                continue;
            };
            let seats = store::seats_of(conn, &id)?;
            let names = names_of(&seats);
            let me = seat_of(&seat_row);
            let cx = Ctx::new(words, &names, Viewer::Seat(me));
            let mut game = MyGame {
                name: self.name_of(&row, &seats, words),
                status: row.status(),
                seat_url: self.links().seat_url(&id, me, seat_row.link_version),
                public_path: format!("/games/{id}"),
                waiting_on: String::new(),
                yours: false,
                since: Millis(row.created_at),
                accepted: seat_row.accepted_at.is_some(),
                result: None,
                muted: muted.contains(&row.id),
                id: id.clone(),
            };
            let loaded = self.load(conn, &id).ok();
            let replay = loaded.as_ref().and_then(|l| l.replay.clone());
            match (row.status(), replay, self.kind(&row.kind)) {
                (GameStatus::Inviting, _, _) => {
                    let waiting: Vec<_> = seats
                        .iter()
                        .filter(|s| s.accepted_at.is_none())
                        .map(seat_of)
                        .collect();
                    game.yours = waiting.contains(&me);
                    game.waiting_on = cx.list(&waiting);
                    games.inviting.push(game);
                }
                (GameStatus::Playing, Some(replay), Ok(_)) => {
                    let waiting = replay.game.waiting_on();
                    game.yours = waiting.contains(&me);
                    game.waiting_on = cx.list(&waiting);
                    game.since = Millis(replay.last_at().unwrap_or(row.created_at));
                    games.running.push(game);
                }
                (_, replay, kind) => {
                    game.since = Millis(row.ended_at.unwrap_or(row.created_at));
                    game.result = match (replay.and_then(|r| r.game.outcome()), kind) {
                        (Some(outcome), Ok(kind)) => Some(kind.outcome_words(&outcome, &cx)),
                        _ => None,
                    };
                    games.finished.push(game);
                }
            }
        }
        // Waiting on you first, then the longest waiting; newest finished first.
        games
            .running
            .sort_by_key(|g| (!g.yours, g.since.0, g.id.to_string()));
        games.inviting.sort_by_key(|g| (!g.yours, g.since.0));
        games.finished.sort_by_key(|g| std::cmp::Reverse(g.since.0));
        Ok(games)
    }

    /// Check and store a person's preferences; every problem when they do not stand.
    pub fn set_preferences(
        &self,
        conn: &mut Conn,
        person: &AddressRow,
        input: &PreferencesInput,
    ) -> Result<(), Vec<PreferenceProblem>> {
        let mut problems = Vec::new();
        let mode = MailMode::parse(&input.mail_mode);
        if mode.is_none() {
            problems.push(PreferenceProblem::Mode);
        }
        let hour = input.digest_hour.trim().parse::<i32>().ok();
        if !hour.is_some_and(|h| (0..24).contains(&h)) {
            problems.push(PreferenceProblem::Hour);
        }
        let zone = chrono_tz::Tz::from_str(input.time_zone.trim()).ok();
        if zone.is_none() {
            problems.push(PreferenceProblem::TimeZone);
        }
        let language = input.language.trim();
        let languages = self.registry().catalogs().languages();
        if !language.is_empty() && !languages.contains(&language) {
            problems.push(PreferenceProblem::Language);
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let preferences = store::Preferences {
            mail_mode: mode.unwrap_or(MailMode::EveryTurn).as_str().to_owned(),
            digest_hour: hour.unwrap_or(8),
            // A zone saved is a zone known, UTC too (see `zones::UNKNOWN`).
            time_zone: zone
                .map_or(super::zones::UNKNOWN, super::zones::to_store)
                .to_owned(),
            language: (!language.is_empty()).then(|| language.to_owned()),
            reliability_hidden: !input.show_reliability,
        };
        store::set_preferences(conn, &person.address, &preferences).map_err(|e| {
            tracing::error!(error = %e, "storing preferences");
            vec![]
        })
    }

    /// The person a mail-settings link is for, if the link is good.
    pub fn settings_person(
        &self,
        conn: &mut Conn,
        token: &str,
    ) -> diesel::QueryResult<Option<AddressRow>> {
        let Some((key, signature)) = split_signed(token) else {
            return Ok(None);
        };
        let Some(person) = store::address_by_key(conn, key)? else {
            return Ok(None);
        };
        let version = person.link_version.to_string();
        Ok(self
            .signed(Capability::Settings, &[key, &version], signature)
            .then_some(person))
    }

    /// The person a one-click unsubscribe link is for, if the link is good.
    pub fn unsubscribe_person(
        &self,
        conn: &mut Conn,
        token: &str,
    ) -> diesel::QueryResult<Option<AddressRow>> {
        let Some((key, signature)) = split_signed(token) else {
            return Ok(None);
        };
        if !self.signed(Capability::Unsubscribe, &[key], signature) {
            return Ok(None);
        }
        store::address_by_key(conn, key)
    }

    /// Never mail this person again (`true`), or mail them again (`false`). Asking never to be
    /// mailed ends the person's sessions on every other browser (`keep`: the session cookie of
    /// the request that asked, which stays signed in); their mail-settings links stay good, as
    /// the one way back that needs no mail. The creator of each game not over that the person
    /// sits in (someone else) is told, in the same transaction: the game waits on someone who
    /// gets no mail.
    pub fn set_never_mail(
        &self,
        conn: &mut Conn,
        person: &AddressRow,
        never: bool,
        keep: Option<&str>,
    ) -> anyhow::Result<()> {
        let now = self.now();
        let at = never.then_some(now);
        write_transaction(conn, |conn| -> anyhow::Result<()> {
            store::set_suppressed(conn, &person.address, at)?;
            if never && person.suppressed_at.is_none() {
                let keep = keep.map(session_hash);
                store::delete_sessions_of(conn, &person.address, keep.as_deref())?;
                self.tell_creators_of_silence(conn, person, now)?;
            }
            Ok(())
        })?;
        tracing::info!(never, "mail preference changed");
        Ok(())
    }

    /// The games not over that `person` sits in, by name in `words`: what asking never to be
    /// mailed leaves waiting on them.
    pub fn games_waiting_on(
        &self,
        conn: &mut Conn,
        person: &AddressRow,
        words: crate::present::Words,
    ) -> anyhow::Result<Vec<String>> {
        let mut names = Vec::new();
        for seat_row in store::seats_of_address(conn, &person.address)? {
            let id = GameId::parse(&seat_row.game_id)?;
            let Some(row) = store::find_game(conn, &id)? else {
                continue;
            };
            if matches!(row.status(), GameStatus::Playing | GameStatus::Inviting) {
                let seats = store::seats_of(conn, &id)?;
                names.push(self.name_of(&row, &seats, words));
            }
        }
        Ok(names)
    }

    /// Mail the creator of every game not over that `person` sits in (when the creator is
    /// someone else) that this seat's person asked never to be mailed again.
    fn tell_creators_of_silence(
        &self,
        conn: &mut Conn,
        person: &AddressRow,
        now: Millis,
    ) -> anyhow::Result<()> {
        for seat_row in store::seats_of_address(conn, &person.address)? {
            let id = GameId::parse(&seat_row.game_id)?;
            let Some(row) = store::lock_game(conn, &id)? else {
                continue;
            };
            if !matches!(row.status(), GameStatus::Playing | GameStatus::Inviting) {
                continue;
            }
            let seats = store::seats_of(conn, &id)?;
            let Some(creator) = seats.iter().find(|s| s.seat == row.creator_seat) else {
                continue;
            };
            if !creator.has_person()
                || store::address_key(&creator.email) == store::address_key(&person.address)
            {
                continue;
            }
            let recipients = self.seat_recipients(conn, &row, &seats, now)?;
            let Some(Some(to)) = recipients.get(row.creator_seat as usize) else {
                continue;
            };
            let mail = self.seat_notice(
                &row,
                &seats,
                creator,
                to,
                "unsubscribed",
                seat_of(&seat_row),
                None,
            )?;
            if let Some(mail) = self.letter(to, Class::Game, Some(&id), "unsubscribed", mail) {
                store::enqueue(conn, mail, now)?;
            }
        }
        Ok(())
    }

    /// Mute or unmute one of the person's games (no turn mails, no digest entries for it).
    pub fn set_muted(
        &self,
        conn: &mut Conn,
        person: &AddressRow,
        game: &GameId,
        on: bool,
    ) -> anyhow::Result<bool> {
        let theirs = store::seats_of(conn, game)?
            .iter()
            .any(|s| store::address_key(&s.email) == person.address);
        if theirs {
            store::set_muted(conn, &person.address, game, on)?;
        }
        Ok(theirs)
    }

    /// Mail every digest that is due at `now`: to each person who asked for one, once a day at
    /// their hour in their zone, listing every game waiting on them (muted ones aside) with what
    /// happened in each since they were last told. Safe with several workers: each digest is
    /// claimed in the transaction that queues it. How many were mailed.
    pub fn send_digests(&self, conn: &mut Conn) -> anyhow::Result<usize> {
        let now = self.now();
        let mut sent = 0;
        for person in store::digest_readers(conn)? {
            let Some(due) = digest_due(&person, now) else {
                continue;
            };
            if person.last_digest_at.is_some_and(|last| last >= due.0) {
                continue;
            }
            let mailed = write_transaction(conn, |conn| -> anyhow::Result<bool> {
                if !store::claim_digest(conn, &person.address, due)? {
                    return Ok(false);
                }
                self.digest(conn, &person, now)
            })?;
            sent += usize::from(mailed);
        }
        Ok(sent)
    }

    /// Queue one person's digest (when a game waits on them); marks what it told as seen.
    fn digest(&self, conn: &mut Conn, person: &AddressRow, now: Millis) -> anyhow::Result<bool> {
        let muted = store::muted_games(conn, &person.address)?;
        let mut games = Vec::new();
        let mut told = Vec::new();
        let mut to_name = None;
        for seat_row in store::seats_of_address(conn, &person.address)? {
            if muted.contains(&seat_row.game_id) {
                continue;
            }
            let id = GameId::parse(&seat_row.game_id)?;
            let Some(row) = store::find_game(conn, &id)? else {
                continue;
            };
            if row.status() != GameStatus::Playing {
                continue;
            }
            let Ok(kind) = self.kind(&row.kind) else {
                continue;
            };
            // While a sitter sits for the seat, its player hears nothing of it until back.
            let sitters = store::sitters_of(conn, &seat_row.game_id)?;
            if sitters
                .iter()
                .any(|s| s.seat == seat_row.seat && s.sits_at(now.0))
            {
                continue;
            }
            let seats = store::seats_of(conn, &id)?;
            let Some(replay) = self.replay(conn, &row, &seats)? else {
                continue;
            };
            let me = seat_of(&seat_row);
            // The table's messages it was not yet told of, others' only.
            let rows = store::messages_of(conn, &row)?;
            let lines = self.readable_talk(conn, &rows, &seats, Some(me))?;
            let unread: Vec<&talk::TalkLine> = lines
                .iter()
                .filter(|l| l.from_seat != me.number() && l.at > seat_row.messages_mailed_at)
                .collect();
            let decision = replay.game.decision(me);
            if decision.is_none() && unread.is_empty() {
                continue;
            }
            let words = self.words_for(person);
            let names = names_of(&seats);
            let cx = Ctx::new(words, &names, Viewer::Seat(me));
            let zone = person.time_zone.parse().unwrap_or(chrono_tz::UTC);
            let due = match decision {
                Some(_) => store::deadlines_of(conn, &id)?
                    .into_iter()
                    .find(|d| d.seat == seat_row.seat)
                    .map(|d| crate::present::time::when(words, d.due_at, now.0, zone)),
                None => None,
            };
            games.push(letters::DigestGame {
                game_title: self.name_of(&row, &seats, words),
                prompt: decision
                    .map(|d| kind.decision_words(&d, &cx))
                    .unwrap_or_default(),
                due,
                happened: mail_happened(kind, &replay, seat_row.last_seen_seq, &cx),
                talk: talk::talk_words(&unread, words),
                seat_url: self.links().seat_url(&id, me, seat_row.link_version),
            });
            if let Some(newest) = unread.last() {
                store::set_messages_mailed(conn, &id, seat_row.seat, newest.at)?;
            }
            told.push((id, seat_row.seat, replay.seq as i64));
            to_name.get_or_insert_with(|| seat_row.name.clone());
        }
        if games.is_empty() {
            return Ok(false);
        }
        let name = to_name.unwrap_or_default();
        let to = self.person_recipient(conn, &name, &person.address, now)?;
        let mail = letters::Digest {
            w: to.words,
            footer: self.footer(person),
            to_name: name,
            games,
            my_games_url: self.links().url("/me"),
        }
        .render()?;
        let Some(mail) = self.letter(&to, Class::Game, None, "digest", mail) else {
            return Ok(false);
        };
        store::enqueue(conn, mail, now)?;
        for (id, seat, seq) in told {
            store::mark_seen(conn, &id, seat, seq)?;
        }
        Ok(true)
    }
}

/// The language `person` reads a page in, of `known`, when their browser asks for `asked`:
/// the one they chose; else the one the browser asks for, which is then the one they read
/// (given second, to be noted, when it is not the one noted yet: their mails follow it);
/// else, when the browser asks for none, the one they read last (an invitee keeps the
/// language of the invitation). `None`: none of these is one of `known`.
pub fn language_of(
    person: &AddressRow,
    known: &[&str],
    asked: Option<&str>,
) -> (Option<String>, Option<String>) {
    let known = |lang: &&String| known.contains(&lang.as_str());
    if let Some(chosen) = person.language.as_ref().filter(known) {
        return (Some(chosen.clone()), None);
    }
    match asked {
        Some(asked) => {
            let new = person.language_seen.as_deref() != Some(asked);
            (Some(asked.to_owned()), new.then(|| asked.to_owned()))
        }
        None => (person.language_seen.clone().filter(|l| known(&l)), None),
    }
}

/// When today's digest of `person` is due (their hour in their zone, today there), if it is
/// due by `now`; `None` before the hour.
pub fn digest_due(person: &AddressRow, now: Millis) -> Option<Millis> {
    let zone = chrono_tz::Tz::from_str(&person.time_zone).unwrap_or(chrono_tz::UTC);
    let local = now.to_utc().with_timezone(&zone);
    let hour = u32::try_from(person.digest_hour.clamp(0, 23)).ok()?;
    // The hour may not exist on a day the clocks move forward: take the first time after it.
    let due = zone
        .with_ymd_and_hms(local.year(), local.month(), local.day(), hour, 0, 0)
        .earliest()
        .or_else(|| {
            zone.with_ymd_and_hms(local.year(), local.month(), local.day(), hour, 59, 59)
                .earliest()
        })
        .ok_or_else(|| anyhow!("no such local time"))
        .ok()?;
    let due = Millis(due.timestamp_millis());
    (due.0 <= now.0).then_some(due)
}
