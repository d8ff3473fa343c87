//! Refusals that answer themselves: every family of service errors implements actix's
//! `ResponseError`, and one middleware words the answer in the request's language, as a page or as JSON.
//!
//! A handler returns `Result<HttpResponse, actix_web::Error>` and uses `?`: the error's
//! `error_response` carries an [`Answer`] (a status, the API's code and words, how a page shows
//! it), and [`answer_errors`] writes it once the request's language and format are known: the
//! API's `{"error": {"code", "message"}}` under `/api/`, else a page (a message page, or the
//! seat's page again with a notice, or "my games" again with a note).

use super::html::{self, SeatPath};
use super::present::Flash;
use super::AppState;
use crate::kinds::Registry;
use crate::present::Words;
use crate::service::moderation::{BadReason, BlockError, ReportError, ReportReason};
use crate::service::notices::NoticeError;
use crate::service::people::SignInError;
use crate::service::rematch::RematchError;
use crate::service::requests::{
    AbsenceError, NoteError, ReplaceError, ResignError, SettingsError, TakeBackError,
};
use crate::service::talk::MessageError;
use crate::service::{
    AcceptError, AuthError, CancelError, ConfirmError, CreateError, DeclineError, Limited, Linked,
    LoadError, MoveError,
};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, StatusCode};
use actix_web::middleware::Next;
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use std::sync::Arc;

/// Words still to be said: they are written in the request's language, with the games'
/// presenters at hand.
pub type Said = Arc<dyn Fn(Words, &Registry) -> String + Send + Sync>;

/// The catalog's message `id`.
pub fn said(id: &'static str) -> Said {
    Arc::new(move |w, _| w.get(id))
}

/// Words already written (the service worded them in the request's language).
pub fn written(text: String) -> Said {
    Arc::new(move |_, _| text.clone())
}

/// What a seat was writing when its form was refused, shown again where it wrote it.
#[derive(Clone, Debug, Default)]
pub enum Draft {
    #[default]
    None,
    /// A message to the table.
    Message(String),
    /// Its private notes.
    Note(String),
}

/// How a page shows a refusal.
#[derive(Clone)]
pub enum Shown {
    /// A page with one message of the catalogs: `id` its title, `id.text` (or `text`) its text
    /// and `id.hint` what to do.
    Message {
        id: &'static str,
        text: Option<Said>,
    },
    /// A seat link that is not one: the page offers to mail a link to all the address's games.
    BadLink,
    /// The seat's page again, with these notices, and what it was writing in its form.
    Seat { notices: Vec<Said>, draft: Draft },
    /// "My games" again with notes, for the person signed in.
    Me { notes: Vec<Said> },
    /// The form that mails a sign-in link, with a note (a link that did not work).
    SignIn { note: Said },
}

/// A refusal as the request will be answered: what [`answer_errors`] writes.
#[derive(Clone)]
pub struct Answer {
    pub status: StatusCode,
    /// The API's `error.code`.
    pub code: &'static str,
    /// The API's `error.message`.
    pub message: Said,
    /// What a page shows.
    pub page: Box<Shown>,
    /// `Retry-After`, in seconds.
    pub retry_after: Option<u64>,
    /// The API's `error.current_seq` (a stale move).
    pub current_seq: Option<i64>,
    /// A failure outside the rules: its cause, logged once with the game's id.
    pub cause: Option<Arc<String>>,
}

impl Answer {
    /// A refusal with one status, its API code and message, and its page.
    pub fn new(status: StatusCode, code: &'static str, message: Said, page: Shown) -> Answer {
        Answer {
            status,
            code,
            message,
            page: Box::new(page),
            retry_after: None,
            current_seq: None,
            cause: None,
        }
    }

    /// The seat's page again with one notice (the API says the same words).
    pub fn seat(status: StatusCode, code: &'static str, notice: Said) -> Answer {
        let page = Shown::Seat {
            notices: vec![notice.clone()],
            draft: Draft::None,
        };
        Answer::new(status, code, notice, page)
    }

    /// A page of one catalog message (`id`), and the API's `code` with `api_id`'s words.
    pub fn message(
        status: StatusCode,
        code: &'static str,
        api_id: &'static str,
        id: &'static str,
    ) -> Answer {
        let page = Shown::Message { id, text: None };
        Answer::new(status, code, said(api_id), page)
    }

    /// No such game: 404.
    pub fn no_game() -> Answer {
        Answer::message(
            StatusCode::NOT_FOUND,
            "no_such_game",
            "api-error-no-game",
            "page-no-game",
        )
    }

    /// A seat link or bearer token that is not one: 403.
    pub fn bad_link() -> Answer {
        Answer::new(
            StatusCode::FORBIDDEN,
            "bad_token",
            said("api-error-bad-token"),
            Shown::BadLink,
        )
    }

    /// A stored game of a kind this server does not play (a newer server's, say): said plainly.
    pub fn unknown_kind(game: &str) -> Answer {
        let cause = format!("a stored game is of a kind this server does not play: {game}");
        let (api, page) = (game.to_owned(), game.to_owned());
        let answer = Answer::new(
            StatusCode::NOT_IMPLEMENTED,
            "unknown_game",
            Arc::new(move |w, _| w.one("api-error-unknown-kind", "game", api.as_str())),
            Shown::Message {
                id: "page-unknown-kind",
                text: Some(Arc::new(move |w, _| {
                    w.one("page-unknown-kind.text", "game", page.as_str())
                })),
            },
        );
        Answer {
            cause: Some(Arc::new(cause)),
            ..answer
        }
    }

    /// A rate limit was reached: 429 with `Retry-After`; the page says which and when to retry.
    pub fn too_many(limited: &Limited) -> Answer {
        let minutes = limited.retry_after.as_secs().div_ceil(60).max(1);
        let what = limited.what;
        let text: Said = Arc::new(move |w, _| w.one(&format!("limit-{what}"), "minutes", minutes));
        Answer {
            retry_after: Some(limited.retry_after.as_secs().max(1)),
            ..Answer::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                text.clone(),
                Shown::Message {
                    id: "page-too-many",
                    text: Some(text),
                },
            )
        }
    }

    /// A failure outside the rules: 503 when the database is out of reach (see
    /// `service::requests::unavailable`), else 500; the page and the API say nothing of the cause.
    pub fn unexpected(error: &anyhow::Error) -> Answer {
        let cause = Some(Arc::new(format!("{error:#}")));
        let answer = if crate::service::requests::unavailable(error) {
            Answer::message(
                StatusCode::SERVICE_UNAVAILABLE,
                "unavailable",
                "api-error-unavailable",
                "page-unavailable",
            )
        } else {
            Answer::message(
                StatusCode::INTERNAL_SERVER_ERROR,
                "unexpected",
                "api-error-unexpected",
                "page-broken",
            )
        };
        Answer { cause, ..answer }
    }

    /// The same answer, with what the seat was writing shown again in its form.
    pub fn with_draft(mut self, text: Draft) -> Answer {
        if let Shown::Seat { draft, .. } = &mut *self.page {
            *draft = text;
        }
        self
    }

    /// The same answer on the "my games" page rather than a seat's.
    pub fn on_my_games(mut self) -> Answer {
        if let Shown::Seat { notices, .. } = *self.page {
            self.page = Box::new(Shown::Me { notes: notices });
        }
        self
    }

    /// The same answer with another status.
    pub fn with_status(mut self, status: StatusCode) -> Answer {
        self.status = status;
        self
    }
}

impl std::fmt::Debug for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Answer({}, {})", self.status, self.code)
    }
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.code, self.status)
    }
}

/// The response an error makes before [`answer_errors`] writes it: its status, and the answer.
fn unwritten(answer: Answer) -> HttpResponse {
    let mut response = HttpResponse::new(answer.status);
    response.extensions_mut().insert(answer);
    response
}

impl ResponseError for Answer {
    fn status_code(&self) -> StatusCode {
        self.status
    }
    fn error_response(&self) -> HttpResponse {
        unwritten(self.clone())
    }
}

/// How each family of the service's refusals answers.
pub trait Answers {
    fn answer(&self) -> Answer;
}

macro_rules! answers {
    ($($family:ty),* $(,)?) => {$(
        impl ResponseError for $family {
            fn status_code(&self) -> StatusCode {
                self.answer().status
            }
            fn error_response(&self) -> HttpResponse {
                unwritten(self.answer())
            }
        }
    )*};
}

answers!(
    AuthError,
    LoadError,
    MoveError,
    ConfirmError,
    SignInError,
    CreateError,
    Failure,
    SettingsError,
    AbsenceError,
    NoteError,
    BlockError,
    ReportError,
    NoticeError,
);

impl<E: Answers + std::fmt::Debug + std::fmt::Display> ResponseError for Linked<E> {
    fn status_code(&self) -> StatusCode {
        self.answer().status
    }
    fn error_response(&self) -> HttpResponse {
        unwritten(self.answer())
    }
}

impl<E: Answers> Answers for Linked<E> {
    fn answer(&self) -> Answer {
        match self {
            Linked::NoSuchGame => Answer::no_game(),
            Linked::BadLink => Answer::bad_link(),
            Linked::Refused(error) => error.answer(),
        }
    }
}

/// A failure outside the rules, from an operation that has no refusals of its own.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct Failure(#[from] pub anyhow::Error);

impl Answers for Failure {
    fn answer(&self) -> Answer {
        Answer::unexpected(&self.0)
    }
}

impl Answers for AuthError {
    fn answer(&self) -> Answer {
        match self {
            AuthError::NoSuchGame => Answer::no_game(),
            AuthError::BadLink => Answer::bad_link(),
            AuthError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for LoadError {
    fn answer(&self) -> Answer {
        match self {
            LoadError::NoSuchGame => Answer::no_game(),
            LoadError::BadLink => Answer::bad_link(),
            LoadError::UnknownKind(game) => Answer::unknown_kind(game),
            LoadError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for AcceptError {
    fn answer(&self) -> Answer {
        match self {
            AcceptError::NoSuchGame => Answer::no_game(),
            AcceptError::NotInviting => Answer {
                message: said("api-error-not-inviting"),
                ..Answer::seat(
                    StatusCode::CONFLICT,
                    "not_inviting",
                    said("accept-not-inviting"),
                )
            },
            AcceptError::AlreadyAccepted => Answer {
                message: said("api-error-already-accepted"),
                ..Answer::seat(
                    StatusCode::CONFLICT,
                    "already_accepted",
                    said("api-error-already-accepted"),
                )
            },
            AcceptError::Blocked => Answer::seat(
                StatusCode::FORBIDDEN,
                "blocked",
                said("moderation-address-blocked"),
            ),
            AcceptError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for DeclineError {
    fn answer(&self) -> Answer {
        match self {
            DeclineError::NoSuchGame => Answer::no_game(),
            DeclineError::NotInviting => Answer::message(
                StatusCode::CONFLICT,
                "not_inviting",
                "api-error-not-inviting",
                "page-too-late",
            ),
            DeclineError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for CancelError {
    fn answer(&self) -> Answer {
        match self {
            CancelError::NoSuchGame => Answer::no_game(),
            CancelError::NotCancellable => Answer::seat(
                StatusCode::CONFLICT,
                "not_cancellable",
                said("time-not-cancellable"),
            ),
            CancelError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for ResignError {
    fn answer(&self) -> Answer {
        match self {
            ResignError::NotPlaying => Answer::seat(
                StatusCode::CONFLICT,
                "not_playing",
                said("time-not-playing"),
            ),
            ResignError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for TakeBackError {
    fn answer(&self) -> Answer {
        match self {
            TakeBackError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for crate::service::sitters::SitterError {
    fn answer(&self) -> Answer {
        use crate::service::sitters::{SitterError, SITTING_MAX_DAYS};
        match self {
            SitterError::Refused(problem) => {
                let problem = problem.clone();
                Answer::seat(
                    StatusCode::CONFLICT,
                    "refused",
                    Arc::new(move |w, registry| problem.words(registry.kinds().next(), w)),
                )
            }
            SitterError::Until => Answer::seat(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                Arc::new(|w, _| w.one("sitter-problem-until", "days", SITTING_MAX_DAYS)),
            ),
            SitterError::NotSeated => Answer::seat(
                StatusCode::CONFLICT,
                "not_seated",
                said("sitter-problem-seat"),
            ),
            SitterError::NotPlaying => Answer::seat(
                StatusCode::CONFLICT,
                "not_playing",
                said("sitter-not-playing"),
            ),
            SitterError::Limited(limited) => Answer::too_many(limited),
            SitterError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for ReplaceError {
    fn answer(&self) -> Answer {
        match self {
            ReplaceError::Refused(problem) => {
                let problem = problem.clone();
                Answer::seat(
                    StatusCode::CONFLICT,
                    "refused",
                    Arc::new(move |w, registry| problem.words(registry.kinds().next(), w)),
                )
            }
            ReplaceError::NotReplaceable => Answer::seat(
                StatusCode::CONFLICT,
                "not_replaceable",
                said("replace-problem"),
            ),
            ReplaceError::NotPlaying => Answer::seat(
                StatusCode::CONFLICT,
                "not_playing",
                said("replace-not-playing"),
            ),
            ReplaceError::Limited(limited) => Answer::too_many(limited),
            ReplaceError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for CreateError {
    fn answer(&self) -> Answer {
        match self {
            CreateError::Limited(limited) => Answer::too_many(limited),
            CreateError::Invalid(problems) => {
                let notices: Vec<Said> = problems
                    .iter()
                    .map(|problem| -> Said {
                        let problem = problem.clone();
                        Arc::new(move |w, registry| problem.words(registry.kinds().next(), w))
                    })
                    .collect();
                let all = notices.clone();
                Answer::new(
                    StatusCode::CONFLICT,
                    "invalid",
                    Arc::new(move |w, registry| {
                        all.iter()
                            .map(|said| said(w, registry))
                            .collect::<Vec<_>>()
                            .join(" ")
                    }),
                    Shown::Seat {
                        notices,
                        draft: Draft::None,
                    },
                )
            }
            CreateError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for RematchError {
    fn answer(&self) -> Answer {
        match self {
            RematchError::NoSuchGame => Answer::no_game(),
            RematchError::NotOver => {
                Answer::seat(StatusCode::CONFLICT, "not_over", said("rematch-not-over"))
            }
            // The handler sends the proposer to it; as a refusal, it is a conflict.
            RematchError::Proposed(_) => {
                Answer::seat(StatusCode::CONFLICT, "proposed", said("rematch-not-over"))
            }
            RematchError::Create(error) => error.answer(),
            RematchError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for MessageError {
    fn answer(&self) -> Answer {
        match self {
            MessageError::NoSuchGame => Answer::no_game(),
            MessageError::NoSuchSeat => Answer::seat(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                said("talk-problem-no-such-seat"),
            ),
            MessageError::Bad(bad) => {
                Answer::seat(StatusCode::UNPROCESSABLE_ENTITY, "invalid", said(bad.key()))
            }
            MessageError::Limited(limited) => Answer {
                retry_after: Some(limited.retry_after.as_secs().max(1)),
                ..Answer::seat(
                    StatusCode::TOO_MANY_REQUESTS,
                    "rate_limited",
                    said("talk-problem-limited"),
                )
            },
            MessageError::NoPress => Answer::seat(
                StatusCode::FORBIDDEN,
                "no_press",
                said("talk-problem-no-press"),
            ),
            MessageError::PublicOnly => Answer::seat(
                StatusCode::UNPROCESSABLE_ENTITY,
                "public_only",
                said("talk-problem-public-only"),
            ),
            MessageError::Blocked => Answer::seat(
                StatusCode::FORBIDDEN,
                "blocked",
                said("moderation-address-blocked"),
            ),
            MessageError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for BlockError {
    fn answer(&self) -> Answer {
        match self {
            BlockError::NoSuchSeat => Answer::seat(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                said("moderation-no-such-seat"),
            ),
            BlockError::OwnAddress => Answer::message(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                "moderation-block-own-address",
                "moderation-block-own-address",
            ),
            BlockError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for ReportError {
    fn answer(&self) -> Answer {
        match self {
            ReportError::NoSuchMessage => Answer::seat(
                StatusCode::NOT_FOUND,
                "not_found",
                said("moderation-no-such-message"),
            ),
            ReportError::Bad(BadReason::TooLong) => Answer::seat(
                StatusCode::UNPROCESSABLE_ENTITY,
                "too_long",
                Arc::new(|w, _| {
                    w.one("moderation-reason-too-long", "max", ReportReason::MAX_CHARS)
                }),
            ),
            ReportError::Bad(BadReason::Unprintable) => Answer::seat(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                said("moderation-reason-unprintable"),
            ),
            ReportError::Reported => Answer::seat(
                StatusCode::CONFLICT,
                "already_reported",
                said("moderation-already-reported"),
            ),
            ReportError::Limited(limited) => Answer {
                retry_after: Some(limited.retry_after.as_secs().max(1)),
                ..Answer::seat(
                    StatusCode::TOO_MANY_REQUESTS,
                    "rate_limited",
                    said("moderation-limited"),
                )
            },
            ReportError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for NoteError {
    fn answer(&self) -> Answer {
        use crate::service::talk::{BadNote, NoteText};
        match self {
            NoteError::Bad(BadNote::TooLong) => Answer::seat(
                StatusCode::UNPROCESSABLE_ENTITY,
                "too_long",
                Arc::new(|w, _| w.one("notes-problem-too-long", "max", NoteText::MAX_CHARS)),
            ),
            NoteError::Bad(BadNote::Unprintable) => Answer::seat(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                said("notes-problem-unprintable"),
            ),
            NoteError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for AbsenceError {
    fn answer(&self) -> Answer {
        match self {
            AbsenceError::Dates => Answer::seat(
                StatusCode::BAD_REQUEST,
                "invalid",
                said("away-problem-dates"),
            ),
            &AbsenceError::TooLong { days, left } => Answer::seat(
                StatusCode::BAD_REQUEST,
                "invalid",
                Arc::new(move |w, _| w.two("away-problem-long", ("days", days), ("left", left))),
            ),
            AbsenceError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for NoticeError {
    fn answer(&self) -> Answer {
        match self {
            NoticeError::BadWebhookUrl => Answer::message(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                "webhook-problem-url",
                "page-webhook-bad-url",
            ),
            NoticeError::BadWebhookFormat => Answer::message(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                "webhook-problem-format",
                "page-webhook-bad-format",
            ),
            NoticeError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for SettingsError {
    fn answer(&self) -> Answer {
        match self {
            SettingsError::Problems(problems) => {
                let keys: Vec<&'static str> = problems.iter().map(|p| p.key()).collect();
                let notes = keys.iter().map(|key| said(key)).collect();
                Answer::new(
                    StatusCode::BAD_REQUEST,
                    "invalid",
                    Arc::new(move |w, _| {
                        keys.iter().map(|k| w.get(k)).collect::<Vec<_>>().join(" ")
                    }),
                    Shown::Me { notes },
                )
            }
            SettingsError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for MoveError {
    fn answer(&self) -> Answer {
        match self {
            MoveError::NoSuchGame => Answer::no_game(),
            MoveError::BadLink => Answer::bad_link(),
            MoveError::Unreadable(why) => {
                let (api, page) = (why.clone(), why.clone());
                Answer::new(
                    StatusCode::BAD_REQUEST,
                    "invalid_json",
                    Arc::new(move |w, _| w.one("api-error-action-unreadable", "why", api.as_str())),
                    Shown::Seat {
                        notices: vec![written(page)],
                        draft: Draft::None,
                    },
                )
            }
            &MoveError::Stale { current_seq } => Answer {
                current_seq: Some(current_seq),
                message: Arc::new(move |w, _| w.one("api-error-stale", "seq", current_seq)),
                ..Answer::seat(
                    StatusCode::CONFLICT,
                    "stale",
                    Arc::new(move |w, _| w.one("move-stale", "seq", current_seq)),
                )
            },
            MoveError::Illegal(refusal) => {
                let to_seat = refusal.to_seat.clone();
                Answer {
                    message: written(refusal.to_anyone.clone()),
                    ..Answer::seat(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        refusal.rule.code(),
                        Arc::new(move |w, _| w.one("move-illegal", "why", to_seat.as_str())),
                    )
                }
            }
            MoveError::NotPlaying => Answer {
                message: said("api-error-not-playing"),
                ..Answer::seat(
                    StatusCode::CONFLICT,
                    "not_playing",
                    said("move-not-playing"),
                )
            },
            MoveError::Resigned => Answer {
                message: said("api-error-resigned"),
                ..Answer::seat(StatusCode::CONFLICT, "resigned", said("move-resigned"))
            },
            MoveError::Unexpected(error) => Answer::unexpected(error),
            // Only the clock and bots meet these; a request moves as a seat's player.
            other @ (MoveError::NothingToDecide
            | MoveError::NotTheDefault
            | MoveError::BeforeDeadline { .. }) => Answer::unexpected(&anyhow::anyhow!("{other}")),
        }
    }
}

impl Answers for ConfirmError {
    fn answer(&self) -> Answer {
        match self {
            ConfirmError::NoSuchGame => Answer::no_game(),
            ConfirmError::BadLink => Answer::message(
                StatusCode::FORBIDDEN,
                "bad_token",
                "api-error-bad-token",
                "page-bad-confirm",
            ),
            ConfirmError::NotInviting => Answer::message(
                StatusCode::CONFLICT,
                "not_inviting",
                "api-error-not-inviting",
                "page-too-late",
            ),
            ConfirmError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

impl Answers for SignInError {
    fn answer(&self) -> Answer {
        let again = |id: &'static str| {
            Answer::new(
                StatusCode::FORBIDDEN,
                "bad_token",
                said(id),
                Shown::SignIn { note: said(id) },
            )
        };
        match self {
            SignInError::Limited(limited) => Answer::too_many(limited),
            SignInError::Spent => again("me-link-spent"),
            SignInError::Invalid => again("me-link-invalid"),
            SignInError::Unexpected(error) => Answer::unexpected(error),
        }
    }
}

/// Write the answer of a refused request (an [`Answer`] its error's response carries) in the
/// request's language: JSON under `/api/`, else a page. Other responses pass untouched.
pub async fn answer_errors(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let mut response = next.call(request).await?;
    let Some(answer) = response.response_mut().extensions_mut().remove::<Answer>() else {
        return Ok(response.map_into_left_body());
    };
    let (request, _) = response.into_parts();
    let written = write(&request, answer).await;
    Ok(ServiceResponse::new(request, written).map_into_right_body())
}

/// The answer in the request's words and format.
async fn write(request: &HttpRequest, answer: Answer) -> HttpResponse {
    let Some(state) = request.app_data::<web::Data<AppState>>().cloned() else {
        return HttpResponse::build(answer.status).finish();
    };
    if let Some(cause) = &answer.cause {
        let game = request.match_info().get("game").unwrap_or("-");
        tracing::error!(game.id = game, error = cause.as_str(), "request failed");
    }
    let w = state.words(request);
    let registry = state.games.registry();
    let status = answer.status;
    let mut response = if request.path().starts_with("/api/") {
        let mut body = serde_json::json!({"error": {
            "code": answer.code,
            "message": (answer.message)(w, registry),
        }});
        if let Some(seq) = answer.current_seq {
            body["error"]["current_seq"] = seq.into();
        }
        HttpResponse::build(status).json(body)
    } else {
        match *answer.page {
            Shown::Message { id, text: None } => html::message(status, w, id),
            Shown::Message {
                id,
                text: Some(text),
            } => html::message_text(status, w, id, text(w, registry)),
            Shown::BadLink => html::bad_link(w),
            Shown::Seat { notices, draft } => {
                let flashes = notices
                    .iter()
                    .map(|said| Flash::error(said(w, registry)))
                    .collect();
                match web::Path::<SeatPath>::extract(request).await {
                    Ok(path) => {
                        html::seat_again(&state, request, &path, flashes, status, draft).await
                    }
                    Err(_) => html::message(status, w, "page-broken"),
                }
            }
            Shown::Me { notes } => {
                let notes = notes.iter().map(|said| said(w, registry)).collect();
                super::people::me_again(&state, request, notes, status).await
            }
            Shown::SignIn { note } => super::people::sign_in_again(w, note(w, registry), status),
        }
    };
    if let Some(seconds) = answer.retry_after {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
    }
    response
}

use actix_web::FromRequest;
