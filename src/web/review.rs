//! Reviewing games on the web: the record download, the replay viewer (any step, full reveal
//! once the game is over), the milestones of a finished game, and the record verifier page.

use super::errors::Answer;
use super::html::render;
use super::present::{self, GameShown};
use super::public::Milestone as MilestoneLink;
use super::AppState;
use crate::audit::Record;
use crate::domain::GameId;
use crate::engine::Viewer;
use crate::kinds::Kind;
use crate::present::{Ctx, Html, Words};
use crate::service::LoadError;
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

/// `?talk=1` asks for the table's public messages beside the record.
#[derive(Debug, Deserialize)]
pub struct RecordQuery {
    #[serde(default)]
    talk: Option<String>,
}

pub async fn record(
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<RecordQuery>,
) -> super::Answered {
    let id = GameId::parse(&path).map_err(|_| Answer::no_game())?;
    let talk = query
        .talk
        .as_deref()
        .is_some_and(|t| t == "1" || t == "true");
    let record = state.service.record(&id, talk).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header(super::safety::record_cache(record.secret.is_some()))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"corriere-{}.json\"", record.id),
        ))
        .body(record.to_json()))
}

/// Links into the replay at each point the game's presenter names (battles won, deals…).
pub fn milestone_links(
    id: &GameId,
    found: Vec<crate::service::review::Milestone>,
    w: Words<'_>,
) -> Vec<MilestoneLink> {
    found
        .into_iter()
        .map(|m| MilestoneLink {
            path: format!("/games/{}/replay/{}", id.as_str(), m.seq),
            label: if m.seq == 0 {
                w.one("milestone-setup", "label", m.label)
            } else {
                w.two("milestone-move", ("seq", m.seq), ("label", m.label))
            },
        })
        .collect()
}

#[derive(Template)]
#[template(path = "replay.html")]
pub struct ReplayPage<'w> {
    pub w: Words<'w>,
    pub game: GameShown,
    pub seq: i64,
    pub last: i64,
    pub first: String,
    pub prev: String,
    pub next: String,
    pub last_path: String,
    pub step_words: String,
    pub step_events: Vec<String>,
    pub finished: bool,
    pub board: Html,
    pub review: Html,
}

pub async fn replay(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, String)>,
) -> super::Answered {
    let w = state.words(&request);
    let (game, seq) = path.into_inner();
    let (Ok(id), Ok(seq)) = (GameId::parse(&game), seq.parse::<i64>()) else {
        return Err(Answer::no_game().into());
    };
    let (at, info, seats) = state.service.replay_step(&id, seq).await?;
    let Some(at) = at else {
        return Ok(super::html::message(
            StatusCode::NOT_FOUND,
            w,
            "page-no-step",
        ));
    };
    let kind: &dyn Kind = state.games.kind(&info.kind).map_err(LoadError::from)?;
    let names = present::names_of(&seats);
    let viewer = if at.finished {
        Viewer::Reviewer
    } else {
        Viewer::Spectator
    };
    let cx = Ctx::new(w, &names, viewer);
    let view = at.game.view(viewer);
    let step_words = match (at.seat, &at.action) {
        (Some(seat), Some(action))
            if at.finished
                || kind
                    .entry_audience(&info.options, seat, action)
                    .seen(&at.sight)
                    == crate::engine::Audience::Everyone =>
        {
            w.with(
                "replay-step",
                &[
                    ("seq", at.seq.into()),
                    ("name", cx.name(seat).into()),
                    ("action", kind.action_words(action, &cx).into()),
                ],
            )
        }
        (Some(seat), Some(_)) => w.two(
            "replay-step-hidden",
            ("seq", at.seq),
            ("name", cx.name(seat)),
        ),
        _ => w.get("replay-setup"),
    };
    let base = format!("/games/{}/replay", id.as_str());
    let page = ReplayPage {
        w,
        game: present::game_shown(kind, &info, at.seq, Some(&view), &cx),
        first: format!("{base}/0"),
        prev: format!("{base}/{}", (at.seq - 1).max(0)),
        next: format!("{base}/{}", (at.seq + 1).min(at.last)),
        last_path: format!("{base}/{}", at.last),
        seq: at.seq,
        last: at.last,
        step_words,
        step_events: kind.events_words(&at.events, &at.sight, &cx),
        finished: at.finished,
        board: kind.board(&view, &cx),
        review: if at.finished {
            kind.review_part(&view, &cx)
        } else {
            Html::default()
        },
    };
    Ok(render(StatusCode::OK, &page))
}

pub struct Verdict {
    pub ok: bool,
    pub text: String,
}

#[derive(Template)]
#[template(path = "verify.html")]
pub struct VerifyPage<'w> {
    pub w: Words<'w>,
    pub result: Option<Verdict>,
}

pub async fn verify_form(state: web::Data<AppState>, request: HttpRequest) -> HttpResponse {
    let w = state.words(&request);
    render(StatusCode::OK, &VerifyPage { w, result: None })
}

/// Accept the record as a multipart upload (`record` file or `record_text`) or a urlencoded form.
pub async fn verify_upload(
    state: web::Data<AppState>,
    request: HttpRequest,
    body: web::Bytes,
) -> HttpResponse {
    let w = state.words(&request);
    let text = match upload_text(&request, body).await {
        Some(text) if !text.trim().is_empty() => text,
        _ => {
            let verdict = Verdict {
                ok: false,
                text: w.get("verify-nothing"),
            };
            return render(
                StatusCode::BAD_REQUEST,
                &VerifyPage {
                    w,
                    result: Some(verdict),
                },
            );
        }
    };
    let registry = state.games.registry();
    let (kind, verified) = verify_json_with(&text, registry);
    let verdict = match verified {
        Ok(summary) => Verdict {
            ok: true,
            text: match kind {
                Some(kind) => summary.describe(kind, w),
                None => summary.head.clone(),
            },
        },
        Err(discrepancy) => Verdict {
            ok: false,
            text: discrepancy.words(kind, w),
        },
    };
    let status = if verdict.ok {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    render(
        status,
        &VerifyPage {
            w,
            result: Some(verdict),
        },
    )
}

/// Verify a record's text with the games this service plays: the record's game when this
/// service knows it (to word the verdict), and the summary or the first discrepancy.
fn verify_json_with<'r>(
    text: &str,
    registry: &'r crate::kinds::Registry,
) -> (
    Option<&'r dyn crate::kinds::Kind>,
    Result<crate::audit::Summary, crate::audit::Discrepancy>,
) {
    let record = match Record::from_json(text) {
        Ok(record) => record,
        Err(discrepancy) => return (None, Err(discrepancy)),
    };
    let kind = registry.get(&record.game).ok();
    (kind, crate::audit::verify_with(&record, registry))
}

/// The record's text from an upload: the `record` file when it has text, else the
/// `record_text` field, of a multipart form (read by `actix-multipart`) or a urlencoded one.
async fn upload_text(request: &HttpRequest, body: web::Bytes) -> Option<String> {
    use futures_util::StreamExt;
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if !content_type.trim_start().starts_with("multipart/") {
        let form: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).ok()?;
        return form
            .into_iter()
            .find(|(k, _)| k == "record_text")
            .map(|(_, v)| v);
    }
    let limit = body.len();
    let stream = futures_util::stream::once(std::future::ready(Ok(body)));
    let mut parts = actix_multipart::Multipart::new(request.headers(), stream);
    let mut found = None;
    while let Some(Ok(mut field)) = parts.next().await {
        let name = field.name().map(str::to_owned);
        let Ok(Ok(content)) = field.bytes(limit).await else {
            break;
        };
        let content = String::from_utf8_lossy(&content).into_owned();
        match name.as_deref() {
            Some("record") if !content.trim().is_empty() => return Some(content),
            Some("record_text") => found = Some(content),
            _ => {}
        }
    }
    found
}
