//! The mail room: who gets which mail, in their own language, with the footer every mail
//! carries (mail settings, one-click unsubscribe), and the name people know a game by.

use super::{Capability, Games};

use super::letters::{Footer, Rendered};
use crate::domain::GameId;
use crate::domain::Millis;
use crate::kinds::Kind;
use crate::present::Words;
use crate::store::{self, AddressRow, Conn, Db, GameRow, NewMail, SeatRow};
use diesel::QueryResult;
use std::future::Future;
use std::time::Duration;

/// What the outbox worker handles: a queued mail exactly as it is sent, and what became of it.
pub use crate::store::{OutboxRow, Sent};

/// What a mail is about decides who gets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// The creator's confirmation of their own game: the only mail a game sends before its
    /// creator proved their address.
    Confirmation,
    /// Asked for by the person: a sign-in, the answer to their reply, their deadline.
    Asked,
    /// An invitation to a game, and what concerns it before the seat is taken: a new link to
    /// it, a rematch, the game's cancellation.
    Invitation,
    /// Something that changes a game for everyone: the start, the end, a cancellation, a new
    /// link, a failed mail, a resignation.
    Game,
    /// A turn: sent at once in `every_turn` mode, gathered in the digest in `digest` mode,
    /// not sent in `results` mode or for a muted game.
    Turn,
}

/// Where a recipient stands in the game a mail is about. With [`Class`], the one rule of who
/// may be mailed what: nobody is mailed a game they did not ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// The mail is about no seat: the person's own (a sign-in, their digest).
    Person,
    /// A seat of a game whose creator has not confirmed their address: only the creator's
    /// confirmation goes out.
    Unconfirmed,
    /// Invited to a confirmed game and not in yet: invitation mail only.
    Invited,
    /// In a confirmed game, having accepted the seat.
    Seated,
}

impl Standing {
    /// Where the person of `seat` stands in `game`. A confirmed creator is at the table from
    /// the confirmation on: the game is theirs before they take their seat.
    pub fn of(game: &GameRow, seat: &SeatRow) -> Standing {
        let host = seat.seat == game.creator_seat;
        match (game.confirmed_at, seat.accepted_at) {
            (None, _) => Standing::Unconfirmed,
            (Some(_), None) if !host => Standing::Invited,
            (Some(_), _) => Standing::Seated,
        }
    }

    /// Whether a mail of `class` may go to someone standing here (before what they asked for).
    pub fn admits(self, class: Class) -> bool {
        match self {
            Standing::Unconfirmed => class == Class::Confirmation,
            Standing::Invited => class == Class::Invitation,
            Standing::Person | Standing::Seated => class != Class::Confirmation,
        }
    }
}

/// How a person asked to be mailed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MailMode {
    EveryTurn,
    Digest,
    /// Only deadlines and game results.
    Results,
}

impl MailMode {
    pub const ALL: [MailMode; 3] = [MailMode::EveryTurn, MailMode::Digest, MailMode::Results];

    pub fn as_str(self) -> &'static str {
        match self {
            MailMode::EveryTurn => "every_turn",
            MailMode::Digest => "digest",
            MailMode::Results => "results",
        }
    }

    /// A stored or submitted mode; an unknown one reads as the default.
    pub fn parse(text: &str) -> Option<MailMode> {
        MailMode::ALL.into_iter().find(|m| m.as_str() == text)
    }
}

/// Someone a mail is for: their name in the game, their address, what they asked for.
#[derive(Clone, Debug)]
pub struct Recipient<'w> {
    pub name: String,
    pub email: String,
    pub person: AddressRow,
    /// Their language.
    pub words: Words<'w>,
    /// Whether they muted the game the mail is about.
    pub muted: bool,
    /// Where they stand in the game the mail is about.
    pub standing: Standing,
}

impl Recipient<'_> {
    pub fn mode(&self) -> MailMode {
        MailMode::parse(&self.person.mail_mode).unwrap_or(MailMode::EveryTurn)
    }

    /// Whether a mail of `class` goes to this person now: one their standing in the game
    /// admits, and they asked for.
    pub fn wants(&self, class: Class) -> bool {
        // Never mailed again, or blocked service-wide by the operator.
        let refused = self.person.suppressed_at.is_some() || self.person.blocked_at.is_some();
        if refused || !self.standing.admits(class) {
            return false;
        }
        match class {
            Class::Confirmation | Class::Asked | Class::Invitation | Class::Game => true,
            Class::Turn => !self.muted && self.mode() == MailMode::EveryTurn,
        }
    }
}

impl Games {
    /// The person of `email` as a recipient (made when first seen), for a mail about no seat:
    /// their sign-in, their digest.
    pub(crate) fn person_recipient(
        &self,
        conn: &mut Conn,
        name: &str,
        email: &str,
        now: Millis,
    ) -> QueryResult<Recipient<'_>> {
        let person = store::ensure_address(conn, email, now)?;
        Ok(Recipient {
            name: name.to_owned(),
            email: email.to_owned(),
            words: self.words_for(&person),
            person,
            muted: false,
            standing: Standing::Person,
        })
    }

    /// The person of a seat as a recipient (made when first seen), for a mail about its game:
    /// with their mute of the game and where they stand in it.
    pub(crate) fn seat_recipient(
        &self,
        conn: &mut Conn,
        game: &GameRow,
        seat: &SeatRow,
        now: Millis,
    ) -> QueryResult<Recipient<'_>> {
        // A person met before, with their mute of the game, in one look-up; else made now
        // (only a known person mutes a game: `store::set_muted` is asked by one).
        let (person, muted) = match store::find_address_muting(conn, &seat.email, &game.game_id())?
        {
            Some(known) => known,
            None => (store::ensure_address(conn, &seat.email, now)?, false),
        };
        Ok(Recipient {
            name: seat.name.clone(),
            email: seat.email.clone(),
            words: self.words_for(&person),
            person,
            muted,
            standing: Standing::of(game, seat),
        })
    }

    /// Every seat of a game as recipients, in seat order; `None` for a bot's seat (no person).
    pub(crate) fn seat_recipients(
        &self,
        conn: &mut Conn,
        game: &GameRow,
        seats: &[SeatRow],
        now: Millis,
    ) -> QueryResult<Vec<Option<Recipient<'_>>>> {
        let muted = store::muted_by(conn, &game.game_id())?;
        let emails: Vec<&str> = seats
            .iter()
            .filter(|s| s.has_person())
            .map(|s| s.email.as_str())
            .collect();
        let known = store::find_addresses(conn, &emails)?;
        seats
            .iter()
            .map(|seat| {
                if !seat.has_person() {
                    return Ok(None);
                }
                let key = store::address_key(&seat.email);
                let person = match known.iter().find(|p| p.address == key) {
                    Some(person) => person.clone(),
                    None => store::ensure_address(conn, &seat.email, now)?,
                };
                Ok(Some(Recipient {
                    name: seat.name.clone(),
                    email: seat.email.clone(),
                    words: self.words_for(&person),
                    muted: muted.contains(&person.address),
                    standing: Standing::of(game, seat),
                    person,
                }))
            })
            .collect()
    }

    /// The words of a person's language: the one they chose, else the one they last read the
    /// site's pages in, else the default.
    pub fn words_for(&self, person: &AddressRow) -> Words<'_> {
        let catalogs = self.registry().catalogs();
        match person.language.as_ref().or(person.language_seen.as_ref()) {
            Some(lang) => catalogs.words(lang),
            None => catalogs.default_words(),
        }
    }

    /// The links every mail to this person ends with.
    pub(crate) fn footer(&self, person: &AddressRow) -> Footer {
        Footer {
            settings_url: self.settings_url(person),
            unsubscribe_url: self.unsubscribe_url(person),
            tree_head: self.tree_head_line(),
        }
    }

    /// The person's mail-settings page: signed with the address's link version, so signing out
    /// everywhere retires it.
    pub fn settings_url(&self, person: &AddressRow) -> String {
        let version = person.link_version.to_string();
        let signature = self
            .links()
            .sign(Capability::Settings, &[&person.key, &version]);
        self.links()
            .url(&format!("/mail/{}.{}", person.key, &signature[..32]))
    }

    /// The person's one-click unsubscribe address (RFC 8058).
    pub fn unsubscribe_url(&self, person: &AddressRow) -> String {
        let signature = self.links().sign(Capability::Unsubscribe, &[&person.key]);
        self.links()
            .url(&format!("/unsubscribe/{}.{}", person.key, &signature[..32]))
    }

    /// The outbox row of a rendered mail for `to`, or `None` when they do not want mails of
    /// `class` (never mailed again, a muted game, a digest or results-only reader's turn).
    pub(crate) fn letter(
        &self,
        to: &Recipient,
        class: Class,
        game: Option<&GameId>,
        kind: &'static str,
        mail: Rendered,
    ) -> Option<NewMail> {
        to.wants(class).then(|| NewMail {
            game_id: game.cloned(),
            kind,
            to_name: to.name.clone(),
            to_addr: to.email.clone(),
            subject: mail.subject,
            text_body: mail.text,
            html_body: mail.html,
            unsubscribe_url: Some(mail.unsubscribe_url),
            reply_to: None,
        })
    }

    /// The name people know a game by: its creator's, else its kind and players ("Condottiere
    /// with Ann, Bob and Cleo").
    pub fn game_name(
        &self,
        kind: &dyn Kind,
        title: Option<&str>,
        players: &[String],
        words: Words,
    ) -> String {
        name_of_game(kind, title, players, words)
    }
}

/// The name people know a game by (the one definition, for mails and pages alike): its
/// creator's, else its kind and players ("Condottiere with Ann, Bob and Cleo").
pub fn name_of_game(
    kind: &dyn Kind,
    title: Option<&str>,
    players: &[String],
    words: Words,
) -> String {
    match title {
        Some(title) => title.to_owned(),
        None => words.two(
            "game-name-default",
            ("game", words.get(&format!("{}-title", kind.name()))),
            ("players", words.list(players.to_vec())),
        ),
    }
}

/// The outbox, as the worker in `mail/` sees it: it claims, sends and settles; what is in a mail
/// and who gets it were decided when its row was written.
impl Games {
    /// Claim up to `batch` mails due at `now` under the outbox's lease for `lease` (see
    /// `store::claim_due`): no other process's worker sends mail until this pass lets it go
    /// ([`Games::mails_settled`]) or the lease runs out.
    pub async fn claim_mails(
        &self,
        db: &Db,
        now: Millis,
        lease: Duration,
        batch: i64,
    ) -> anyhow::Result<Vec<OutboxRow>> {
        let inner = self.0.clone();
        Ok(db
            .run(move |conn| store::claim_due(conn, &inner.holder, now, lease, batch))
            .await??)
    }

    /// A pass over the outbox is over, every mail it sent settled: its lease goes, so any
    /// worker's next pass may send.
    pub async fn mails_settled(&self, db: &Db) -> anyhow::Result<()> {
        let inner = self.0.clone();
        Ok(db
            .write(move |conn| store::release_mails(conn, &inner.holder))
            .await?)
    }

    /// Settle a mail the worker sent, or failed to send and will retry: queued at once for the
    /// database's next commit (with the moves waiting then); the future ends once it is stored.
    pub fn settle_mail(
        &self,
        db: &Db,
        outcome: Sent,
        now: Millis,
    ) -> impl Future<Output = Result<(), String>> + Send + 'static {
        let answer = db.settle_mail(outcome, now);
        async move {
            match answer.await {
                Ok(stored) => stored.map_err(|e| e.to_string()),
                Err(_) => Err("the settlement was dropped".into()),
            }
        }
    }

    /// A mail that can never be delivered: marked failed, and the game's creator told
    /// ([`Games::mail_failed`], one transaction).
    pub async fn mail_undeliverable(
        &self,
        db: &Db,
        row: OutboxRow,
        reason: String,
        now: Millis,
    ) -> anyhow::Result<()> {
        let games = self.clone();
        db.run(move |conn| games.mail_failed(conn, &row, &reason, now))
            .await?
    }
}

/// The two halves of a `KEY.SIGNATURE` link part (settings, unsubscribe, sign-in).
pub(crate) fn split_signed(token: &str) -> Option<(&str, &str)> {
    let (key, signature) = token.split_once('.')?;
    (signature.len() == 32 && !key.is_empty() && key.len() <= 64).then_some((key, signature))
}

impl Games {
    /// Whether `signature` is the first 32 hex digits of `sign(capability, parts)`, compared in
    /// constant time.
    pub(crate) fn signed(&self, capability: Capability, parts: &[&str], signature: &str) -> bool {
        use subtle::ConstantTimeEq;
        let full = self.links().sign(capability, parts);
        signature.len() == 32 && bool::from(full.as_bytes()[..32].ct_eq(signature.as_bytes()))
    }
}
