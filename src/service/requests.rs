//! The service as its callers ask it, one async operation per request owning its reads and
//! transactions: the service itself and a game's requests (people's are `requests/people`).

use super::rematch::{RematchError, RematchOrder};
use super::talk::{MessageError, MessageText, NoteText, TalkLine, Via};
use super::time::{AbsenceProblem, TimeError};
use super::{
    AcceptError, Accepted, ActionInput, AuthError, Cancel, CancelError, CreateProblem, Created,
    DeclineError, Games, Limited, LoadError, MoveError, MoveOutcome, Mover, PublicPage,
    ReadSeatPage, Reader, SeatAuth, SeatLink, SeatPage,
};
use crate::domain::{Contribution, EmailAddress, GameId, PlayerName};
use crate::engine::Seat;
use crate::store::{self, write_transaction, Conn, Db};
use chrono::NaiveDate;

mod people;
pub use people::{MailSettings, SettingsError};

/// A person known by their address, as the pages of people show them.
pub type Person = store::AddressRow;

/// The link a request follows, parsed, unchecked: who it speaks for when no one is signed in.
#[derive(Clone, Debug)]
pub enum FollowedLink {
    /// `/games/{game}/seat/{seat}/{token}[/…]`
    Seat(SeatLink),
    /// `/mail/{token}`
    Settings(String),
    /// `/unsubscribe/{token}`
    Unsubscribe(String),
}

/// The public page of a game as a reader sees it: in their zone, with its milestones.
pub struct PublicView {
    pub page: PublicPage,
    pub zone: chrono_tz::Tz,
    pub milestones: Vec<super::review::Milestone>,
}

/// A request made with a seat link: the link refused (no such game, or not a good link for its
/// seat), or what the operation itself refused.
#[derive(Debug, thiserror::Error)]
pub enum Linked<E> {
    #[error("there is no such game")]
    NoSuchGame,
    /// Wrong seat, wrong or retired token: deliberately not told apart.
    #[error("this seat link is not valid (it may have been replaced by a newer one)")]
    BadLink,
    #[error(transparent)]
    Refused(E),
}

impl<E: From<anyhow::Error>> From<AuthError> for Linked<E> {
    fn from(error: AuthError) -> Self {
        match error {
            AuthError::NoSuchGame => Linked::NoSuchGame,
            AuthError::BadLink => Linked::BadLink,
            AuthError::Unexpected(error) => Linked::Refused(E::from(error)),
        }
    }
}

impl<E: From<anyhow::Error>> From<anyhow::Error> for Linked<E> {
    fn from(error: anyhow::Error) -> Self {
        Linked::Refused(E::from(error))
    }
}

service_error!(ResignError {
    #[error("the game is not being played")]
    NotPlaying,
});

service_error!(TakeBackError {});

service_error!(ReplaceError {
    /// The new player's address may not be invited.
    #[error("that address may not be invited")]
    Refused(CreateProblem),
    /// Only the creator replaces, and only a resigned seat.
    #[error("that seat is not one a replacement can take")]
    NotReplaceable,
    #[error("the game is not being played")]
    NotPlaying,
    #[error("too many invitations: {0:?}")]
    Limited(Limited),
});

service_error!(AbsenceError {
    /// Not two dates, the end before the start, or a start in the past.
    #[error("these are not the dates of an absence")]
    Dates,
    /// More days this year than a person may take (`days` a year): how many are left.
    #[error("an absence of more days than are left this year ({left} of {days})")]
    TooLong { days: u32, left: u32 },
});

service_error!(NoteError {
    /// Longer than [`NoteText::MAX_CHARS`], or holding characters that reorder text.
    #[error("these notes cannot be kept: {0}")]
    Bad(super::talk::BadNote),
});

impl From<TimeError> for ResignError {
    fn from(error: TimeError) -> Self {
        match error {
            TimeError::NotPlaying => ResignError::NotPlaying,
            other => ResignError::Unexpected(other.into()),
        }
    }
}

impl From<TimeError> for ReplaceError {
    fn from(error: TimeError) -> Self {
        match error {
            TimeError::Refused(problem) => ReplaceError::Refused(problem),
            TimeError::NotCreator | TimeError::NotReplaceable => ReplaceError::NotReplaceable,
            TimeError::NotPlaying => ReplaceError::NotPlaying,
            TimeError::Limited(limited) => ReplaceError::Limited(limited),
            other => ReplaceError::Unexpected(other.into()),
        }
    }
}

/// The game service with the database it works on: what the handlers, the mail and the
/// commands call. Cheap to clone.
#[derive(Clone)]
pub struct Service {
    games: Games,
    db: Db,
}

impl Service {
    pub fn new(games: Games, db: Db) -> Service {
        Service { games, db }
    }

    /// The service's operations that work on a connection they are given (the scheduler, the
    /// commands, the tests), its registry, links and clock.
    pub fn games(&self) -> &Games {
        &self.games
    }

    /// The keys the service signs or signed with (`/.well-known/corriere-keys.json`).
    pub async fn keyring(&self) -> anyhow::Result<crate::audit::receipt::Keyring> {
        self.games.keyring(&self.db).await
    }

    /// The signed tree head of `size` entries, or the newest.
    pub async fn tree_head(
        &self,
        size: Option<u64>,
    ) -> anyhow::Result<Option<crate::audit::receipt::SignedTreeHead>> {
        match size {
            Some(size) => self.games.tree_head_of(&self.db, size).await,
            None => self.games.tree_head(&self.db).await,
        }
    }

    /// The newest `limit` signed tree heads, newest first.
    pub async fn tree_heads(
        &self,
        limit: i64,
    ) -> anyhow::Result<Vec<crate::audit::receipt::SignedTreeHead>> {
        self.games.tree_heads(&self.db, limit).await
    }

    /// Proof that entry `seq` of a game is in the log (see [`Games::inclusion`]).
    pub async fn inclusion(
        &self,
        game: &GameId,
        seq: u64,
        size: Option<u64>,
    ) -> Result<
        (
            crate::audit::receipt::InclusionProof,
            crate::audit::receipt::SignedTreeHead,
        ),
        super::transparency::ProofRefused,
    > {
        self.games.inclusion(&self.db, game, seq, size).await
    }

    /// Proof that the log of `first` entries is a prefix of the log of `second`.
    pub async fn consistency(
        &self,
        first: u64,
        second: u64,
    ) -> Result<crate::audit::receipt::ConsistencyProof, super::transparency::ProofRefused> {
        self.games.consistency(&self.db, first, second).await
    }

    /// Every entry of a game's record with its inclusion proof under the newest tree head.
    pub async fn record_proofs(
        &self,
        game: &GameId,
    ) -> Result<crate::audit::receipt::RecordProofs, super::transparency::ProofRefused> {
        self.games.record_proofs(&self.db, game).await
    }

    /// Run `work` with a pooled connection, off the async threads.
    async fn run<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<anyhow::Error> + Send + 'static,
        F: FnOnce(&Games, &mut Conn) -> Result<T, E> + Send + 'static,
    {
        let games = self.games.clone();
        self.db
            .run(move |conn| work(&games, conn))
            .await
            .map_err(E::from)?
    }

    /// Check `link` and run `work` for its seat, in one trip to the database.
    async fn as_seat<T, E, F>(&self, link: &SeatLink, work: F) -> Result<T, Linked<E>>
    where
        T: Send + 'static,
        E: From<anyhow::Error> + Send + 'static,
        F: FnOnce(&Games, &mut Conn, &SeatAuth) -> Result<T, E> + Send + 'static,
    {
        let link = link.clone();
        self.run(move |games, conn| -> Result<T, Linked<E>> {
            let auth = games.authorize(conn, &link.game, link.seat, &link.token)?;
            work(games, conn, &auth).map_err(Linked::Refused)
        })
        .await
    }

    // ------------------------------------------------------------ a seat's requests

    /// Check a seat link, for a request that says what is wrong with its body only to a seat
    /// that may act.
    pub async fn check_link(&self, link: &SeatLink) -> Result<SeatAuth, AuthError> {
        let link = link.clone();
        self.run(move |games, conn| games.authorize(conn, &link.game, link.seat, &link.token))
            .await
    }

    /// The seat page of `link` in its reader's language (see [`super::Speaking::ToReader`]);
    /// `followed`: a link followed from a mail or the address bar, which proves its person's
    /// address. One trip to the database: the reader's session, then the page.
    pub async fn seat_page(
        &self,
        link: &SeatLink,
        reader: Reader,
        followed: bool,
    ) -> Result<ReadSeatPage, LoadError> {
        let link = link.clone();
        self.run(move |games, conn| {
            let signed_in = match reader.session.as_deref() {
                Some(cookie) => games.session(conn, cookie).unwrap_or_else(|error| {
                    tracing::warn!(%error, "a reader's session could not be read");
                    None
                }),
                None => None,
            };
            games.seat_page_for(conn, &link, &reader, signed_in.as_ref(), followed)
        })
        .await
    }

    /// What the API shows a seat: its view, decision and legal actions.
    pub async fn seat_state(&self, link: &SeatLink) -> Result<SeatPage, LoadError> {
        let link = link.clone();
        self.run(move |games, conn| games.seat_state(conn, &link))
            .await
    }

    /// What anyone may see of a game, its times in the zone of the person `session` signs in
    /// (else the browser's `guess`, else UTC), with the milestones of a finished game (none
    /// when they cannot be read).
    pub async fn public_view(
        &self,
        game: &GameId,
        lang: &str,
        session: Option<String>,
        guess: Option<chrono_tz::Tz>,
    ) -> Result<PublicView, LoadError> {
        let (game, lang) = (game.clone(), lang.to_owned());
        self.run(move |games, conn| {
            let person = match &session {
                Some(cookie) => games.session(conn, cookie).unwrap_or(None),
                None => None,
            };
            let zone = super::zones::for_page(person.as_ref().map(|p| p.time_zone.as_str()), guess);
            let page = games.public_page(conn, &game, &lang, zone)?;
            let milestones = match page.outcome {
                Some(_) => games.milestones(conn, &game, &lang).unwrap_or_default(),
                None => Vec::new(),
            };
            Ok(PublicView {
                page,
                zone,
                milestones,
            })
        })
        .await
    }

    /// What anyone may see of a game, times in `zone`.
    pub async fn public_page(
        &self,
        game: &GameId,
        lang: &str,
        zone: chrono_tz::Tz,
    ) -> Result<PublicPage, LoadError> {
        let (game, lang) = (game.clone(), lang.to_owned());
        self.run(move |games, conn| games.public_page(conn, &game, &lang, zone))
            .await
    }

    /// A game's record (`corriere-record/1`), with the table's public talk when `talk`.
    pub async fn record(
        &self,
        game: &GameId,
        talk: bool,
    ) -> Result<crate::audit::Record, LoadError> {
        let game = game.clone();
        self.run(move |games, conn| {
            let mut record = games.record(conn, &game)?;
            if talk {
                record.talk = Some(games.talk_export(conn, &game)?);
            }
            Ok(record)
        })
        .await
    }

    /// A game at step `seq` (`None`: it has no such step), with its setup and seats.
    pub async fn replay_step(
        &self,
        game: &GameId,
        seq: i64,
    ) -> Result<
        (
            Option<super::review::StateAt>,
            super::GameInfo,
            Vec<super::SeatInfo>,
        ),
        LoadError,
    > {
        let game = game.clone();
        self.run(move |games, conn| {
            let at = games.state_at(conn, &game, seq)?;
            let (info, seats) = games.info(conn, &game)?;
            Ok((at, info, seats))
        })
        .await
    }

    /// The one move operation (see [`Games::make_move`]); a refusal by the rules comes worded.
    pub async fn make_move(
        &self,
        mover: Mover,
        expected_seq: i64,
        inputs: Vec<ActionInput>,
        lang: &str,
    ) -> Result<MoveOutcome, MoveError> {
        self.games
            .make_move(&self.db, mover, expected_seq, inputs, lang)
            .await
    }

    /// A vote at the table (`kinds::table`): propose a draw, a concession, a cancel or a
    /// pause, agree to or decline what is proposed, or resume a paused clock. One log entry
    /// through the one move operation (its transaction writes the entry, the mails that tell
    /// the table, and the deadlines a pause moves); a refused vote changes nothing and says
    /// why (the table's words).
    pub async fn vote(
        &self,
        link: SeatLink,
        expected_seq: i64,
        vote: crate::kinds::table::Vote,
        lang: &str,
    ) -> Result<MoveOutcome, MoveError> {
        let action = crate::kinds::table::TableAction::new(vote).action();
        self.make_move(
            Mover::Link(link),
            expected_seq,
            vec![ActionInput::Action(action)],
            lang,
        )
        .await
    }

    /// Lines from a seat page's text box (a sheet of written orders), each with its verdict
    /// (see `Games::write_lines`).
    pub async fn write_lines(
        &self,
        link: SeatLink,
        expected_seq: i64,
        text: String,
        lang: &str,
    ) -> Result<Vec<String>, MoveError> {
        let verdicts = self
            .games
            .write_lines(
                &self.db,
                Mover::Link(link.clone()),
                expected_seq,
                text,
                lang,
            )
            .await?;
        self.games.play_bots(&self.db, &link.game).await;
        Ok(verdicts)
    }

    /// Accept an invitation; the last acceptance starts the game, and bots whose turn it is
    /// then play before this answers.
    pub async fn accept(
        &self,
        link: &SeatLink,
        contribution: Option<Contribution>,
        zone: Option<chrono_tz::Tz>,
    ) -> Result<Accepted, Linked<AcceptError>> {
        let accepted = self
            .as_seat(link, move |games, conn, auth| {
                games.accept_in_zone(conn, auth, contribution, zone)
            })
            .await?;
        if accepted.started {
            self.games.play_bots(&self.db, &link.game).await;
        }
        Ok(accepted)
    }

    /// Decline an invitation: the game is cancelled for everyone.
    pub async fn decline(&self, link: &SeatLink) -> Result<(), Linked<DeclineError>> {
        self.as_seat(link, |games, conn, auth| games.decline(conn, auth))
            .await
    }

    /// The creator cancels the game.
    pub async fn cancel(&self, link: &SeatLink) -> Result<(), Linked<CancelError>> {
        self.as_seat(link, |games, conn, auth| {
            games.cancel(conn, auth.game_id(), Cancel::Creator(auth.seat()))
        })
        .await
    }

    /// A player resigns; the bot that plays their seat now takes its pending decision before
    /// this answers.
    pub async fn resign(&self, link: &SeatLink) -> Result<(), Linked<ResignError>> {
        self.as_seat(link, |games, conn, auth| {
            games.resign(conn, auth).map_err(ResignError::from)
        })
        .await?;
        self.games.play_bots(&self.db, &link.game).await;
        Ok(())
    }

    /// An absent player takes their seat back from the bot (`false`: it was not the bot's).
    pub async fn take_back(&self, link: &SeatLink) -> Result<bool, Linked<TakeBackError>> {
        self.as_seat(link, |games, conn, auth| {
            games
                .take_back(conn, auth)
                .map_err(|e| TakeBackError::Unexpected(e.into()))
        })
        .await
    }

    /// The creator invites a new player to a resigned seat.
    pub async fn replace(
        &self,
        link: &SeatLink,
        seat: Seat,
        name: PlayerName,
        email: EmailAddress,
    ) -> Result<(), Linked<ReplaceError>> {
        self.as_seat(link, move |games, conn, auth| {
            games
                .replace(conn, auth, seat, &name, &email)
                .map_err(ReplaceError::from)
        })
        .await
    }

    /// The creator lists a resigned seat in the lobby for a stand-in (`on`), or withdraws it.
    pub async fn list_standin(
        &self,
        link: &SeatLink,
        seat: Seat,
        on: bool,
    ) -> Result<(), Linked<ReplaceError>> {
        self.as_seat(link, move |games, conn, auth| {
            games
                .list_standin(conn, auth, seat, on)
                .map_err(ReplaceError::from)
        })
        .await
    }

    /// What an invitation to take over a seat offers, its words in `lang` (`None`: the link is
    /// not one, or the seat is no longer open).
    pub async fn take_over_offer(
        &self,
        game: GameId,
        seat: Seat,
        token: String,
        lang: &str,
    ) -> anyhow::Result<Option<super::TakeOverOffer>> {
        let lang = lang.to_owned();
        self.run(move |games, conn| {
            let words = games.registry().catalogs().words(&lang);
            games.take_over_offer(conn, &game, seat, &token, words)
        })
        .await
    }

    /// The invited person takes the seat over; their seat's URL (`None`: the link is not one,
    /// or the seat is no longer open).
    pub async fn take_over(
        &self,
        game: GameId,
        seat: Seat,
        token: String,
    ) -> anyhow::Result<Option<String>> {
        self.run(move |games, conn| games.take_over(conn, &game, seat, &token))
            .await
    }

    /// The seat's player names a sitter until the end of `last` (`service::sitters`).
    pub async fn name_sitter(
        &self,
        link: &SeatLink,
        name: PlayerName,
        email: EmailAddress,
        last: chrono::NaiveDate,
    ) -> Result<(), Linked<super::sitters::SitterError>> {
        self.as_seat(link, move |games, conn, auth| {
            games.name_sitter(conn, auth, &name, &email, last)
        })
        .await
    }

    /// The seat's player ends their seat's sitting (whether there was one).
    pub async fn end_sitting(&self, link: &SeatLink) -> Result<bool, Linked<TakeBackError>> {
        self.as_seat(link, move |games, conn, auth| {
            games.end_sitting(conn, auth).map_err(TakeBackError::from)
        })
        .await
    }

    /// What a sitter's link opens, in `lang`.
    pub async fn sitting(
        &self,
        game: GameId,
        seat: Seat,
        token: String,
        lang: &str,
    ) -> anyhow::Result<super::sitters::Sitting> {
        let lang = lang.to_owned();
        self.run(move |games, conn| games.sitting(conn, &game, seat, &token, &lang))
            .await
    }

    /// The sitter accepts from their link (whether it was good).
    pub async fn accept_sitting(
        &self,
        game: GameId,
        seat: Seat,
        token: String,
    ) -> anyhow::Result<bool> {
        self.run(move |games, conn| games.accept_sitting(conn, &game, seat, &token))
            .await
    }

    /// The lobby: listed games with open seats, in `lang`.
    pub async fn lobby(
        &self,
        filter: super::lobby::LobbyFilter,
        lang: &str,
    ) -> anyhow::Result<Vec<super::lobby::LobbyEntry>> {
        let lang = lang.to_owned();
        self.run(move |games, conn| {
            let words = games.registry().catalogs().words(&lang);
            games.lobby(conn, &filter, words)
        })
        .await
    }

    /// What an open game offers to someone about to claim a seat (`None`: no open seat).
    pub async fn open_game(
        &self,
        game: GameId,
        lang: &str,
    ) -> anyhow::Result<Option<super::lobby::LobbyEntry>> {
        let lang = lang.to_owned();
        self.run(move |games, conn| {
            let words = games.registry().catalogs().words(&lang);
            games.open_game(conn, &game, words)
        })
        .await
    }

    /// Ask for an open seat: the link proving the address goes to that address.
    pub async fn request_claim(
        &self,
        game: GameId,
        seat: Seat,
        name: PlayerName,
        email: EmailAddress,
        lang: String,
        client_ip: Option<String>,
    ) -> anyhow::Result<super::lobby::ClaimOutcome> {
        self.run(move |games, conn| {
            games.request_claim(
                conn,
                &game,
                seat,
                &name,
                &email,
                Some(&lang),
                client_ip.as_deref(),
            )
        })
        .await
    }

    /// What a claim's link (`approve`: the creator's) offers, in `lang`.
    pub async fn claim_offer(
        &self,
        game: GameId,
        seat: Seat,
        token: String,
        approve: bool,
        lang: &str,
    ) -> anyhow::Result<Option<super::lobby::ClaimOffer>> {
        let lang = lang.to_owned();
        self.run(move |games, conn| {
            let words = games.registry().catalogs().words(&lang);
            games.claim_offer(conn, &game, seat, &token, approve, words)
        })
        .await
    }

    /// The claimer confirms their address by their link's button.
    pub async fn confirm_claim(
        &self,
        game: GameId,
        seat: Seat,
        token: String,
    ) -> anyhow::Result<super::lobby::ClaimOutcome> {
        let id = game.clone();
        let outcome = self
            .run(move |games, conn| games.confirm_claim(conn, &game, seat, &token))
            .await?;
        if let super::lobby::ClaimOutcome::Seated { started: true, .. } = outcome {
            self.games.play_bots(&self.db, &id).await;
        }
        Ok(outcome)
    }

    /// The creator approves or declines a confirmed claim.
    pub async fn decide_claim(
        &self,
        game: GameId,
        seat: Seat,
        token: String,
        approve: bool,
    ) -> anyhow::Result<super::lobby::ClaimOutcome> {
        let id = game.clone();
        let outcome = self
            .run(move |games, conn| games.decide_claim(conn, &game, seat, &token, approve))
            .await?;
        if let super::lobby::ClaimOutcome::Seated { started: true, .. } = outcome {
            self.games.play_bots(&self.db, &id).await;
        }
        Ok(outcome)
    }

    /// Propose a rematch of a finished game; the proposer's seat in the new one.
    pub async fn rematch(
        &self,
        link: &SeatLink,
        order: RematchOrder,
        contribution: Option<Contribution>,
        client_ip: Option<String>,
    ) -> Result<Created, Linked<RematchError>> {
        self.as_seat(link, move |games, conn, auth| {
            games.propose_rematch(conn, auth, order, contribution, client_ip)
        })
        .await
    }

    /// Say something at the table, or privately to one seat.
    pub async fn post_message(
        &self,
        link: &SeatLink,
        to: Option<Seat>,
        text: MessageText,
        via: Via,
    ) -> Result<TalkLine, Linked<MessageError>> {
        self.as_seat(link, move |games, conn, auth| {
            games.post_message(conn, auth, to, &text, via)
        })
        .await
    }

    /// The seat keeps `text` as its private notes (empty: none), in its own transaction.
    pub async fn save_note(&self, link: &SeatLink, text: String) -> Result<(), Linked<NoteError>> {
        let text = NoteText::parse(&text).map_err(|bad| Linked::Refused(NoteError::Bad(bad)))?;
        self.as_seat(link, move |games, conn, auth| {
            write_transaction(conn, |conn| -> Result<(), NoteError> {
                let seat = auth.seat().0 as i32;
                store::set_note(conn, auth.game_id(), seat, text.as_str(), games.now())?;
                Ok(())
            })
        })
        .await
    }

    /// The seat's person declares an absence: their address is known from then on (it is
    /// made if the seat's person never had preferences), in the same transaction.
    pub async fn declare_absence(
        &self,
        link: &SeatLink,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<(), Linked<AbsenceError>> {
        self.as_seat(link, move |games, conn, auth| {
            write_transaction(conn, |conn| -> Result<(), AbsenceError> {
                let seats = store::seats_of(conn, auth.game_id())?;
                let mine = seats
                    .iter()
                    .find(|r| r.seat == auth.seat().0 as i32)
                    .ok_or_else(|| anyhow::anyhow!("no such seat"))?;
                let person = store::ensure_address(conn, &mine.email, games.now())?;
                absence(games, conn, &person, from, to)
            })
        })
        .await
    }

    /// The seat's person withdraws an absence they declared (`false`: no such absence of theirs).
    pub async fn withdraw_absence(
        &self,
        link: &SeatLink,
        id: String,
    ) -> Result<bool, Linked<AbsenceError>> {
        self.as_seat(
            link,
            move |games, conn, auth| -> Result<bool, AbsenceError> {
                let seats = store::seats_of(conn, auth.game_id())?;
                let mine = seats
                    .iter()
                    .find(|r| r.seat == auth.seat().0 as i32)
                    .ok_or_else(|| anyhow::anyhow!("no such seat"))?;
                match store::find_address(conn, &mine.email)? {
                    Some(person) => Ok(games.withdraw_absence(conn, &person, &id)?),
                    None => Ok(false),
                }
            },
        )
        .await
    }

    /// The person signed in by `session` withdraws an absence they declared (`None`: no one is
    /// signed in; `false`: no such absence of theirs).
    pub async fn withdraw_own_absence(
        &self,
        session: &str,
        id: String,
    ) -> Result<Option<bool>, AbsenceError> {
        self.as_person(session, move |games, conn, person| {
            Ok(games.withdraw_absence(conn, person, &id)?)
        })
        .await
    }

    /// The person signed in by `session` declares an absence (`None`: no one is signed in).
    pub async fn declare_own_absence(
        &self,
        session: &str,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Option<()>, AbsenceError> {
        self.as_person(session, move |games, conn, person| {
            absence(games, conn, person, from, to)
        })
        .await
    }

    /// Run `work` for the person `session` signs in, in one trip to the database (`None`: no
    /// one is signed in by it).
    async fn as_person<T, E, F>(&self, session: &str, work: F) -> Result<Option<T>, E>
    where
        T: Send + 'static,
        E: From<anyhow::Error> + From<diesel::result::Error> + Send + 'static,
        F: FnOnce(&Games, &mut Conn, &Person) -> Result<T, E> + Send + 'static,
    {
        let session = session.to_owned();
        self.run(move |games, conn| match games.session(conn, &session)? {
            Some(person) => work(games, conn, &person).map(Some),
            None => Ok(None),
        })
        .await
    }

    /// The person `session` signs in and their games in `lang` (`None`: no one is signed in).
    pub async fn my_page(
        &self,
        session: &str,
        lang: &str,
    ) -> anyhow::Result<Option<(Person, super::people::MyGames)>> {
        let lang = lang.to_owned();
        self.as_person(session, move |games, conn, person| {
            games
                .my_games(conn, person, &lang)
                .map(|mine| (person.clone(), mine))
        })
        .await
    }

    /// Create a game; its creator's seat. A creator signed in by `session` as the creator's
    /// own address proved it already: no confirmation is asked.
    pub async fn create_game(
        &self,
        mut new: super::NewGame,
        session: Option<String>,
    ) -> Result<Created, super::CreateError> {
        self.run(move |games, conn| {
            let person = match &session {
                Some(cookie) => games.session(conn, cookie)?,
                None => None,
            };
            let creator = new
                .seats
                .get(new.creator_seat.index())
                .and_then(|s| s.email())
                .map(|e| e.key());
            new.creator_confirmed |= person
                .zip(creator)
                .is_some_and(|(person, creator)| person.address == creator);
            games.create_game(conn, new)
        })
        .await
    }
}

/// Declare an absence for `person` (see [`Games::declare_absence`]).
fn absence(
    games: &Games,
    conn: &mut Conn,
    person: &Person,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<(), AbsenceError> {
    match games.declare_absence(conn, person, from, to)? {
        Ok(()) => Ok(()),
        Err(AbsenceProblem::Dates) => Err(AbsenceError::Dates),
        Err(AbsenceProblem::TooLong { left }) => Err(AbsenceError::TooLong {
            days: games.time_rules().vacation_days,
            left,
        }),
    }
}

/// Whether `error` says the database is out of reach rather than the service broken: no
/// connection in time (the pool's wait), one that would not open or check out (a SQLite file
/// deleted or replaced, a PostgreSQL database gone), or one that closed under its query (its
/// server ended it). Answered 503, as the README says.
pub fn unavailable(error: &anyhow::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error as DieselError};
    error.chain().any(|cause| {
        cause.is::<diesel::r2d2::PoolError>()
            || cause.is::<store::ConnectError>()
            || cause.is::<diesel::ConnectionError>()
            || matches!(
                cause.downcast_ref::<DieselError>(),
                Some(DieselError::DatabaseError(
                    DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
                    _
                ))
            )
    })
}
