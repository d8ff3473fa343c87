//! Reviewing games on the web: the record download, the replay viewer (any step, full reveal
//! once the game is over), the milestones of a finished game, and the record verifier page.

use super::html::{not_found, render, Milestone as MilestoneLink};
use super::map::Board;
use super::present::{self, CardChip, GameShown, LineShown};
use super::{blocking, AppState, PageError};
use crate::audit::verify_json;
use crate::engine::Viewer;
use crate::games::review::MilestoneKind;
use crate::games::words::describe;
use crate::games::{GameId, LoadError};
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

pub async fn record(state: web::Data<AppState>, path: web::Path<String>) -> HttpResponse {
    let Ok(id) = GameId::parse(&path) else {
        return not_found();
    };
    match blocking(&state, move |s, conn| s.games.record(conn, &id)).await {
        Ok(Ok(record)) => HttpResponse::Ok()
            .content_type("application/json")
            .insert_header((
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"corriere-{}.json\"", record.id),
            ))
            .body(record.to_json()),
        Ok(Err(LoadError::NoSuchGame)) => not_found(),
        Ok(Err(LoadError::Unexpected(e))) => PageError::unexpected(e, Some(&path)),
        Err(e) => e.into_response(),
    }
}

/// Links into the replay at each battle's conclusion and each deal.
pub async fn milestone_links(state: &web::Data<AppState>, id: &GameId) -> Vec<MilestoneLink> {
    let game = id.clone();
    let names = match blocking(state, move |s, conn| s.games.info(conn, &game)).await {
        Ok(Ok((_, seats))) => present::names_of(&seats),
        _ => return Vec::new(),
    };
    let game = id.clone();
    let Ok(Ok(found)) = blocking(state, move |s, conn| s.games.milestones(conn, &game)).await
    else {
        return Vec::new();
    };
    found
        .into_iter()
        .map(|m| MilestoneLink {
            path: format!("/games/{}/replay/{}", id.as_str(), m.seq),
            label: match m.kind {
                MilestoneKind::Battle { region, winners } => {
                    let place = region.map_or("the final battle".to_string(), |r| {
                        format!("the battle for {r}")
                    });
                    match winners.as_slice() {
                        [one] => format!("Move {}: {} won {place}", m.seq, names.name(*one)),
                        many => format!(
                            "Move {}: {place} was tied between {}",
                            m.seq,
                            names.list(many)
                        ),
                    }
                }
                MilestoneKind::Deal if m.seq == 0 => "Setup: the first deal".to_string(),
                MilestoneKind::Deal => format!("Move {}: cards dealt", m.seq),
            },
        })
        .collect()
}

#[derive(Template)]
#[template(path = "replay.html")]
pub struct ReplayPage {
    pub game: GameShown,
    pub seq: i64,
    pub last: i64,
    pub first: String,
    pub prev: String,
    pub next: String,
    pub last_path: String,
    pub step_words: String,
    pub step_events: Vec<String>,
    pub reveal_note: &'static str,
    pub board: Board,
    pub lines: Vec<LineShown>,
    pub hands: Vec<(String, Vec<CardChip>)>,
    pub deck: Vec<CardChip>,
    pub seed: String,
}

pub async fn replay(state: web::Data<AppState>, path: web::Path<(String, i64)>) -> HttpResponse {
    let (game, seq) = path.into_inner();
    let Ok(id) = GameId::parse(&game) else {
        return not_found();
    };
    let lookup = id.clone();
    let found = blocking(&state, move |s, conn| {
        let at = s.games.state_at(conn, &lookup, seq)?;
        let info = s.games.info(conn, &lookup)?;
        Ok::<_, LoadError>((at, info))
    })
    .await;
    let (at, (info, seats)) = match found {
        Ok(Ok((Some(at), info))) => (at, info),
        Ok(Ok((None, _))) => {
            return super::html::message(
                StatusCode::NOT_FOUND,
                "Not started yet",
                "This game has not started, so there is nothing to replay yet.",
                "",
            )
        }
        Ok(Err(LoadError::NoSuchGame)) => return not_found(),
        Ok(Err(LoadError::Unexpected(e))) => return PageError::unexpected(e, Some(&game)),
        Err(e) => return e.into_response(),
    };
    let names = present::names_of(&seats);
    let viewer = if at.finished {
        Viewer::Reviewer
    } else {
        Viewer::Spectator
    };
    let view = at.game.view(viewer);
    let step_words = match (at.seat, &at.action) {
        (Some(seat), Some(action)) if at.finished || !private(action, &info.options) => {
            format!("Move {} · {}: {action}", at.seq, names.name(seat))
        }
        (Some(seat), Some(_)) => format!("Move {} · {}: a hidden choice", at.seq, names.name(seat)),
        _ => "The setup: the first deal".to_string(),
    };
    let step_events = crate::engine::condottiere::visible_events(&at.events, viewer, at.finished)
        .map(|e| describe(e, &names))
        .collect();
    let base = format!("/games/{}/replay", id.as_str());
    let page = ReplayPage {
        game: present::game_shown(&info, &seats, at.seq, Some(&view)),
        first: format!("{base}/0"),
        prev: format!("{base}/{}", (at.seq - 1).max(0)),
        next: format!("{base}/{}", (at.seq + 1).min(at.last)),
        last_path: format!("{base}/{}", at.last),
        seq: at.seq,
        last: at.last,
        step_words,
        step_events,
        reveal_note: if at.finished {
            "The game is over: every hand, the draw pile and the seed are shown at every step."
        } else {
            "The game is still being played: this replay shows what spectators see."
        },
        board: present::board_of(&view, &names),
        lines: present::lines(&view, &names),
        hands: if at.finished {
            view.seats
                .iter()
                .map(|s| {
                    (
                        names.name(s.seat),
                        s.hand.iter().flatten().map(|&c| CardChip::of(c)).collect(),
                    )
                })
                .collect()
        } else {
            Vec::new()
        },
        deck: view
            .deck
            .iter()
            .flatten()
            .map(|&c| CardChip::of(c))
            .collect(),
        seed: view.seed.map(|s| s.to_hex()).unwrap_or_default(),
    };
    render(StatusCode::OK, &page)
}

/// Whether an action would show hidden information while the game runs (as `Record::redact`).
fn private(
    action: &crate::engine::condottiere::Action,
    options: &crate::engine::condottiere::Options,
) -> bool {
    use crate::engine::condottiere::Action;
    match action {
        Action::Play { card } => options.hidden_cards && card.is_hidden_type(),
        Action::Keep { .. } | Action::DiscardHand { .. } | Action::Draw { .. } => true,
        _ => false,
    }
}

pub struct Verdict {
    pub ok: bool,
    pub text: String,
}

#[derive(Template)]
#[template(path = "verify.html")]
pub struct VerifyPage {
    pub result: Option<Verdict>,
}

pub async fn verify_form() -> HttpResponse {
    render(StatusCode::OK, &VerifyPage { result: None })
}

/// Accept the record as a multipart upload (`record` file or `record_text`) or a urlencoded form.
pub async fn verify_upload(request: HttpRequest, body: web::Bytes) -> HttpResponse {
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let text = match upload_text(content_type, &body) {
        Some(text) if !text.trim().is_empty() => text,
        _ => {
            let verdict = Verdict {
                ok: false,
                text: "No record was sent: choose a record file or paste its text.".into(),
            };
            return render(
                StatusCode::BAD_REQUEST,
                &VerifyPage {
                    result: Some(verdict),
                },
            );
        }
    };
    let verdict = match verify_json(&text) {
        Ok(summary) => Verdict {
            ok: true,
            text: summary.to_string(),
        },
        Err(discrepancy) => Verdict {
            ok: false,
            text: discrepancy.to_string(),
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
            result: Some(verdict),
        },
    )
}

fn upload_text(content_type: &str, body: &[u8]) -> Option<String> {
    if let Some(boundary) = content_type.split("boundary=").nth(1) {
        let boundary = format!("--{}", boundary.trim_matches('"'));
        let body = String::from_utf8_lossy(body);
        let mut found = None;
        for part in body.split(boundary.as_str()) {
            let Some((head, content)) = part.split_once("\r\n\r\n") else {
                continue;
            };
            let content = content.strip_suffix("\r\n").unwrap_or(content);
            if head.contains("name=\"record\"") && !content.trim().is_empty() {
                return Some(content.to_string());
            }
            if head.contains("name=\"record_text\"") {
                found = Some(content.to_string());
            }
        }
        return found;
    }
    let form: Vec<(String, String)> = serde_urlencoded::from_bytes(body).ok()?;
    form.into_iter()
        .find(|(k, _)| k == "record_text")
        .map(|(_, v)| v)
}
