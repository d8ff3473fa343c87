//! Rematches: after the end any player proposes to play again, with the same players and
//! options, in the same seat order or a new random one; the new game starts when all accept.

use super::{seat_of, CreateError, Created, Games, NewGame, NewSeat, SeatAuth};

use crate::domain::ContributionSource;
use crate::domain::{Contribution, EmailAddress, GameId, GameStatus, GameTitle, PlayerName};
use crate::engine::rng::Stream;
use crate::engine::{Seat, Seed};
use crate::store::{self, write_transaction, Conn};
use anyhow::anyhow;

/// The seat order of a rematch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RematchOrder {
    /// As in the game just played.
    Same,
    /// A new order, drawn at random.
    Random,
}

service_error!(RematchError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("a rematch can be proposed once the game is over")]
    NotOver,
    /// A rematch was proposed already: this one.
    #[error("a rematch was proposed already")]
    Proposed(GameId),
    /// The new game could not be made (a player asked never to be mailed, a rate limit).
    #[error("the rematch could not be created")]
    Create(CreateError),
});

impl From<CreateError> for RematchError {
    fn from(error: CreateError) -> RematchError {
        match error {
            CreateError::Unexpected(e) => RematchError::Unexpected(e),
            other => RematchError::Create(other),
        }
    }
}

/// The name of a rematch of the game named `old`, in the proposer's words: "Name (rematch)",
/// and for a rematch of a rematch "Name (rematch 2)", "Name (rematch 3)"…, cut to fit a title.
pub fn rematch_title(words: crate::present::Words, old: &str) -> Option<GameTitle> {
    let suffix = |n: i64| words.two("game-rematch-title", ("game", ""), ("number", n));
    let first = suffix(1);
    let second = suffix(2);
    let (base, number) = match second.split_once('2') {
        _ if old.ends_with(&first) => (&old[..old.len() - first.len()], 2),
        Some((before, after)) => old
            .strip_suffix(after)
            .and_then(|rest| rest.rsplit_once(before))
            .and_then(|(base, n)| Some((base, n.parse::<i64>().ok().filter(|n| *n >= 2)? + 1)))
            .unwrap_or((old, 1)),
        None => (old, 1),
    };
    let room = GameTitle::MAX_CHARS.saturating_sub(suffix(number).chars().count());
    let base: String = base.chars().take(room).collect();
    let title = words.two(
        "game-rematch-title",
        ("game", base.trim_end()),
        ("number", number),
    );
    GameTitle::parse(&title).ok()
}

impl Games {
    /// Propose a rematch of a finished game as one of its seats: the new game is created with
    /// the same players and options, the proposer accepts it at once (with `contribution`),
    /// and every other player is mailed an invitation to it.
    pub fn propose_rematch(
        &self,
        conn: &mut Conn,
        auth: &SeatAuth,
        order: RematchOrder,
        contribution: Option<Contribution>,
        client_ip: Option<String>,
    ) -> Result<Created, RematchError> {
        let now = self.now();
        let created = write_transaction(conn, |conn| -> Result<Created, RematchError> {
            let old = store::lock_game(conn, auth.game_id())?.ok_or(RematchError::NoSuchGame)?;
            if old.status() != GameStatus::Over {
                return Err(RematchError::NotOver);
            }
            if let Some(rematch) = &old.rematch {
                let rematch = GameId::parse(rematch).map_err(anyhow::Error::from)?;
                return Err(RematchError::Proposed(rematch));
            }
            let seats = store::seats_of(conn, auth.game_id())?;
            let mut order_of: Vec<usize> = (0..seats.len()).collect();
            if order == RematchOrder::Random {
                // Not replayed: the new game stores the order it got.
                Stream::new(&Seed(rand::random()), "rematch-order", 0).shuffle(&mut order_of);
            }
            // Bots keep their seats (a seat whose player resigned is a person's again).
            let mut players = Vec::new();
            for &i in &order_of {
                let name = PlayerName::parse(&seats[i].name)
                    .map_err(|e| anyhow!("stored name of seat {}: {e}", i + 1))?;
                players.push(if seats[i].has_person() {
                    let email = EmailAddress::parse(&seats[i].email)
                        .map_err(|e| anyhow!("stored address of seat {}: {e}", i + 1))?;
                    NewSeat::Person(name, email)
                } else {
                    NewSeat::Bot(name)
                });
            }
            let proposer = order_of
                .iter()
                .position(|&i| seat_of(&seats[i]) == auth.seat())
                .ok_or_else(|| anyhow!("the proposer has no seat"))?;
            let proposer_row = &seats[auth.seat().index()];
            let to = self.person_recipient(conn, &proposer_row.name, &proposer_row.email, now)?;
            let old_title = self.name_of(&old, &seats, to.words);
            let new = NewGame {
                game: old.kind.clone(),
                options: serde_json::from_str(&old.options)
                    .map_err(|e| anyhow!("stored options: {e}"))?,
                seats: players,
                creator_seat: Seat(proposer as u8),
                title: rematch_title(to.words, &old_title),
                creator_confirmed: true,
                client_ip,
                hours_per_decision: old.hours_per_decision.map(|h| h as u32),
                private_table: old.private_table,
                language: None,
                listed: false,
                approve_claims: false,
                min_finished: None,
            };
            let created = self.create_in(conn, &new, Some((&old, &old_title)))?;
            let (source, contribution) = match contribution {
                Some(c) => (ContributionSource::Player, c),
                None => (ContributionSource::Server, Contribution::server_drawn()),
            };
            store::record_acceptance(
                conn,
                &created.game_id,
                proposer as i32,
                now,
                contribution.as_str(),
                source,
            )?;
            store::set_rematch(conn, auth.game_id(), &created.game_id)?;
            Ok(created)
        })?;
        tracing::info!(game.id = %auth.game_id(), rematch = %created.game_id, "rematch proposed");
        Ok(created)
    }

    /// The seat link of `address` in the rematch of a game, once one was proposed.
    pub fn rematch_url(
        &self,
        conn: &mut Conn,
        rematch: &GameId,
        address: &str,
    ) -> diesel::QueryResult<Option<String>> {
        let key = store::address_key(address);
        Ok(store::seats_of(conn, rematch)?
            .iter()
            .find(|s| store::address_key(&s.email) == key)
            .map(|s| self.links().seat_url(rematch, seat_of(s), s.link_version)))
    }
}
