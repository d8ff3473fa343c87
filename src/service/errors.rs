//! What the service's operations answer when they refuse: one error type per operation (the
//! web layer maps each case to a page or an API answer), and the problems of a new game.

use super::*;

macro_rules! service_error {
    ($(#[$meta:meta])* $name:ident { $($body:tt)* }) => {
        $(#[$meta])*
        #[derive(Debug, thiserror::Error)]
        pub enum $name {
            $($body)*
            /// Anything else: a 500 page; the cause goes to the log.
            #[error("unexpected error")]
            Unexpected(#[source] anyhow::Error),
        }
        impl From<diesel::result::Error> for $name {
            fn from(error: diesel::result::Error) -> Self {
                $name::Unexpected(error.into())
            }
        }
        impl From<anyhow::Error> for $name {
            fn from(error: anyhow::Error) -> Self {
                $name::Unexpected(error)
            }
        }
        impl From<askama::Error> for $name {
            fn from(error: askama::Error) -> Self {
                $name::Unexpected(error.into())
            }
        }
    };
}

/// One thing wrong with a new game; the web layer words it (`CreateProblem::words`).
#[derive(Clone, Debug)]
pub enum CreateProblem {
    UnknownGame(String),
    /// The table has `given` seats; the game takes `min` to `max`.
    Players {
        min: u8,
        max: u8,
        given: usize,
    },
    /// The creator's seat (from 1) is not one of the seats.
    CreatorSeat(u8),
    /// Two seats (from 1) have the same address: one person cannot hold two seats.
    SameAddress(u8, u8),
    /// The address of this seat (from 1) asked never to be mailed by this service.
    Suppressed(u8),
    /// The creator's seat (from 1) is a bot's.
    CreatorBot(u8),
    /// This seat's person (from 1) cannot be invited by the creator (they blocked the
    /// creator, or the operator blocked them; the creator is not told which).
    CannotInvite(u8),
    /// The operator blocked the creator's address service-wide.
    CreatorBlocked,
    /// The creator's seat (from 1) is left open.
    CreatorOpen(u8),
    /// The pace is outside [`PACE_HOURS`].
    Pace(u32),
    /// The games finished a claimer must have is outside [`MIN_FINISHED`].
    MinFinished(u32),
    /// The options do not read as the game's (serde's message).
    Options(String),
    /// A problem the game found with the options.
    Option(OptionProblem),
}

impl CreateProblem {
    /// The problem in `words`' language; `kind` words the game's own problems.
    pub fn words(&self, kind: Option<&dyn Kind>, words: Words) -> String {
        match self {
            CreateProblem::UnknownGame(game) => words.one("create-problem-game", "game", game),
            CreateProblem::Players { min, max, given } => words.with(
                "create-problem-players",
                &[
                    (
                        "game",
                        kind.map_or_else(String::new, |k| {
                            words.get(&format!("{}-title", k.name()))
                        })
                        .into(),
                    ),
                    ("min", (*min).into()),
                    ("max", (*max).into()),
                    ("given", (*given).into()),
                ],
            ),
            CreateProblem::CreatorSeat(seat) => words.one("create-problem-creator", "seat", *seat),
            CreateProblem::SameAddress(first, second) => words.two(
                "create-problem-same-address",
                ("first", *first),
                ("second", *second),
            ),
            CreateProblem::Suppressed(seat) => {
                words.one("create-problem-suppressed", "seat", *seat)
            }
            CreateProblem::CreatorBot(seat) => {
                words.one("create-problem-creator-bot", "seat", *seat)
            }
            CreateProblem::CannotInvite(seat) => {
                words.one("create-problem-cannot-invite", "seat", *seat)
            }
            CreateProblem::CreatorBlocked => words.get("create-problem-creator-blocked"),
            CreateProblem::CreatorOpen(seat) => {
                words.one("create-problem-creator-open", "seat", *seat)
            }
            CreateProblem::Pace(_) => words.two(
                "create-problem-pace",
                ("min", *PACE_HOURS.start()),
                ("max", *PACE_HOURS.end()),
            ),
            CreateProblem::MinFinished(_) => words.two(
                "create-problem-min-finished",
                ("min", *MIN_FINISHED.start()),
                ("max", *MIN_FINISHED.end()),
            ),
            CreateProblem::Options(why) => words.one("create-problem-options", "why", why),
            CreateProblem::Option(problem) => match kind {
                Some(kind) => {
                    let names = SeatNames::default();
                    kind.option_problem_words(problem, &Ctx::new(words, &names, Viewer::Spectator))
                }
                None => problem.to_string(),
            },
        }
    }
}

service_error!(CreateError {
    /// The players or options are not a game: every problem.
    #[error("{0:?}")]
    Invalid(Vec<CreateProblem>),
    /// Too many games from this client or creator, or invitations to an address.
    #[error("a rate limit was reached: {0:?}")]
    Limited(Limited),
});

service_error!(ConfirmError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("this confirmation link is not valid")]
    BadLink,
    #[error("this game is no longer waiting for players")]
    NotInviting,
});

service_error!(AuthError {
    #[error("there is no such game")]
    NoSuchGame,
    /// Wrong seat, wrong or retired token: deliberately not told apart.
    #[error("this seat link is not valid (it may have been replaced by a newer one)")]
    BadLink,
});

service_error!(AcceptError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("this game is no longer waiting for players")]
    NotInviting,
    #[error("you have already accepted")]
    AlreadyAccepted,
    /// The operator blocked the seat's address service-wide.
    #[error("this address may not join games here")]
    Blocked,
});

service_error!(DeclineError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("this game is no longer waiting for players")]
    NotInviting,
});

service_error!(CancelError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("this game can no longer be cancelled")]
    NotCancellable,
});

service_error!(RelinkError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("there is no such seat in this game")]
    NoSuchSeat,
});

service_error!(LoadError {
    #[error("there is no such game")]
    NoSuchGame,
    /// A page asked for by a seat link that is not valid (see [`AuthError::BadLink`]).
    #[error("this seat link is not valid (it may have been replaced by a newer one)")]
    BadLink,
    /// The stored game is of a kind this server does not play (its name).
    #[error("this server does not play {0:?}")]
    UnknownKind(String),
});

impl From<UnknownKind> for LoadError {
    fn from(error: UnknownKind) -> LoadError {
        LoadError::UnknownKind(error.0)
    }
}

service_error!(MoveError {
    #[error("there is no such game")]
    NoSuchGame,
    /// Wrong seat, wrong or retired token: deliberately not told apart.
    #[error("this seat link is not valid (it may have been replaced by a newer one)")]
    BadLink,
    /// What arrived is not one of the game's actions: why (the JSON reader's message for an
    /// action sent as JSON, the presenter's words for its own forms).
    #[error("{0}")]
    Unreadable(String),
    /// The form was drawn before the seat's decision changed: the game moved on.
    #[error("the game has moved on (now at move {current_seq}); reload and try again")]
    Stale { current_seq: i64 },
    /// The rules refuse the (first) action: nothing was stored.
    #[error("{0}")]
    Illegal(Refusal),
    #[error("this game is not being played")]
    NotPlaying,
    /// The seat's player resigned: the bot plays it, and their link no longer moves or votes.
    #[error("you resigned this seat: a bot plays it now")]
    Resigned,
    /// The clock or a bot was asked to act for a seat that owes no decision now.
    #[error("this seat owes no decision now")]
    NothingToDecide,
    /// The clock was given an action that is not the game's default for the seat's decision.
    #[error("the clock plays only the game's default action")]
    NotTheDefault,
    /// The clock was asked to act before the deadline it enforces.
    #[error("the deadline has not passed yet")]
    BeforeDeadline { deadline: Millis },
});

/// A rule's refusal of an action, worded once by the move operation in the mover's language
/// with the game's names: for the seat that moved (itself "you") and for anyone.
#[derive(Clone, Debug)]
pub struct Refusal {
    pub rule: RuleError,
    pub to_seat: String,
    pub to_anyone: String,
}

impl Refusal {
    pub fn new(
        kind: &dyn Kind,
        rule: RuleError,
        words: &Words,
        names: &SeatNames,
        seat: Seat,
    ) -> Refusal {
        let said = |viewer| kind.rule_error_words(&rule, &Ctx::new(*words, names, viewer));
        Refusal {
            to_seat: said(Viewer::Seat(seat)),
            to_anyone: said(Viewer::Spectator),
            rule,
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.rule)
    }
}
