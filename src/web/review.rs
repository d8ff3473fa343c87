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
    /// What the record says against the signed receipts: each a proof of a rewrite.
    pub rewrites: Vec<String>,
    /// Each receipt pasted, checked (or why it could not be).
    pub receipts: Vec<Verdict>,
    /// The game's proofs of being in the transparency log, checked.
    pub proofs: Option<Verdict>,
}

impl<'w> VerifyPage<'w> {
    fn new(w: Words<'w>, result: Option<Verdict>) -> VerifyPage<'w> {
        VerifyPage {
            w,
            result,
            rewrites: Vec::new(),
            receipts: Vec::new(),
            proofs: None,
        }
    }
}

pub async fn verify_form(state: web::Data<AppState>, request: HttpRequest) -> HttpResponse {
    let w = state.words(&request);
    render(StatusCode::OK, &VerifyPage::new(w, None))
}

/// The most text the receipts field is read for: what one mail to the service may be
/// (`mail::inbound::MAX_REPLY_BYTES`, which the web may not import: a test holds the two
/// equal), since it holds pasted mails.
pub const RECEIPTS_BYTES: usize = 1 << 20;

/// Accept the record as a multipart upload (`record` file or `record_text`) or a urlencoded form,
/// with, optionally, pasted mails or receipt lines (`receipts`) and the game's proofs (`proofs`,
/// a file): the record is verified, each receipt's signature checked and the record compared
/// with it, and the proofs checked against the record.
pub async fn verify_upload(
    state: web::Data<AppState>,
    request: HttpRequest,
    body: web::Bytes,
) -> super::Answered {
    let w = state.words(&request);
    let upload = read_upload(&request, body).await;
    let receipts = upload.receipts.filter(|t| !t.trim().is_empty());
    let text = match upload.record {
        Some(text) if !text.trim().is_empty() => text,
        // Receipts alone: their signatures, as `corriere verify-receipt` checks them.
        _ if receipts.is_some() && upload.proofs.is_none() => {
            let keyring = state
                .service
                .keyring()
                .await
                .map_err(super::errors::Failure)?;
            let mut page = VerifyPage::new(w, None);
            check_receipts(
                &mut page,
                None,
                receipts.as_deref().unwrap_or_default(),
                &keyring,
            );
            let status = if page.receipts.iter().all(|r| r.ok) {
                StatusCode::OK
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            return Ok(render(status, &page));
        }
        _ => {
            let verdict = Verdict {
                ok: false,
                text: w.get("verify-nothing"),
            };
            return Ok(render(
                StatusCode::BAD_REQUEST,
                &VerifyPage::new(w, Some(verdict)),
            ));
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
    let mut status = if verdict.ok {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    let mut page = VerifyPage::new(w, Some(verdict));
    let proofs = upload.proofs.filter(|t| !t.trim().is_empty());
    if receipts.is_some() || proofs.is_some() {
        let keyring = state
            .service
            .keyring()
            .await
            .map_err(super::errors::Failure)?;
        let record = Record::from_json(&text).ok();
        if let Some(receipts) = receipts {
            check_receipts(&mut page, record.as_ref(), &receipts, &keyring);
        }
        if let Some(proofs) = proofs {
            page.proofs = Some(check_proofs(w, record.as_ref(), &proofs, &keyring));
        }
        if !page.rewrites.is_empty() || page.proofs.as_ref().is_some_and(|p| !p.ok) {
            status = StatusCode::UNPROCESSABLE_ENTITY;
        }
    }
    Ok(render(status, &page))
}

/// Check each receipt in `text`: its signature, then what the record says against those that
/// are the service's. A receipt that does not read is said, and the others still checked.
fn check_receipts(
    page: &mut VerifyPage,
    record: Option<&Record>,
    text: &str,
    keyring: &crate::audit::receipt::Keyring,
) {
    use crate::audit::receipt::{contradictions, SignedReceipt};
    let w = page.w;
    if text.len() > RECEIPTS_BYTES {
        page.receipts.push(Verdict {
            ok: false,
            text: w.one("verify-receipts-too-long", "max", RECEIPTS_BYTES),
        });
        return;
    }
    let found = SignedReceipt::find_all(text);
    if found.is_empty() {
        page.receipts.push(Verdict {
            ok: false,
            text: w.get("verify-receipts-none"),
        });
        return;
    }
    let mut signed = Vec::new();
    for receipt in found {
        let receipt = match receipt {
            Ok(receipt) => receipt,
            Err(unreadable) => {
                // What does not read is said in English by the core: the page says it in
                // the reader's words, and the log keeps the detail.
                tracing::debug!(detail = %unreadable, "a pasted receipt does not read");
                page.receipts.push(Verdict {
                    ok: false,
                    text: w.get("verify-receipt-unreadable"),
                });
                continue;
            }
        };
        let seq = receipt.receipt.seq;
        if let Err(problem) = keyring.verify_receipt(&receipt) {
            page.receipts.push(Verdict {
                ok: false,
                text: w.two(
                    "verify-receipt-bad",
                    ("seq", seq),
                    ("problem", problem.words(w)),
                ),
            });
        } else if record.is_some_and(|r| r.id != receipt.receipt.game) {
            page.receipts.push(Verdict {
                ok: false,
                text: w.two(
                    "verify-receipt-other-game",
                    ("seq", seq),
                    ("game", receipt.receipt.game.clone()),
                ),
            });
        } else {
            signed.push(receipt);
        }
    }
    let Some(record) = record else {
        // Receipts alone: each the service signed is said so.
        page.receipts.extend(signed.iter().map(|receipt| Verdict {
            ok: true,
            text: w.one("verify-receipt-ok", "seq", receipt.receipt.seq),
        }));
        return;
    };
    let found = contradictions(record, &signed);
    page.rewrites = found.iter().map(|c| c.words(w)).collect();
    if found.is_empty() && !signed.is_empty() {
        for receipt in &signed {
            page.receipts.push(Verdict {
                ok: true,
                text: w.one("verify-receipt-ok", "seq", receipt.receipt.seq),
            });
        }
        page.receipts.push(Verdict {
            ok: true,
            text: w.one("verify-receipts-agree", "count", signed.len()),
        });
    }
}

/// Check the game's proofs (a `corriere-proofs/1` file) against the record.
fn check_proofs(
    w: Words,
    record: Option<&Record>,
    text: &str,
    keyring: &crate::audit::receipt::Keyring,
) -> Verdict {
    use crate::audit::receipt::{check_record_proofs, RecordProofs};
    let proofs = match serde_json::from_str::<RecordProofs>(text) {
        Ok(proofs) => proofs,
        Err(error) => {
            return Verdict {
                ok: false,
                text: w.one("verify-proofs-unreadable", "detail", error.to_string()),
            }
        }
    };
    let Some(record) = record else {
        // The record's own verdict says why it does not read.
        return Verdict {
            ok: false,
            text: w.get("verify-nothing"),
        };
    };
    match check_record_proofs(record, &proofs, keyring) {
        Ok(head) => Verdict {
            ok: true,
            text: w.three(
                "verify-proofs-ok",
                ("size", head.head.size),
                ("time", crate::audit::rfc3339_millis(head.head.at)),
                ("key", head.key.clone()),
            ),
        },
        Err(problem) => Verdict {
            ok: false,
            text: w.one("verify-proofs-bad", "problem", problem.words(w)),
        },
    }
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

/// What a verify form sent: the record's text, pasted receipts, the proofs' text.
#[derive(Default)]
struct Upload {
    record: Option<String>,
    receipts: Option<String>,
    proofs: Option<String>,
}

/// The fields of an upload: the record from the `record` file when it has text, else the
/// `record_text` field; `receipts` (text) and `proofs` (a file); of a multipart form (read by
/// `actix-multipart`) or a urlencoded one. The whole body is bounded by the server's payload
/// limit; the receipts' text by [`RECEIPTS_BYTES`] when it is read.
async fn read_upload(request: &HttpRequest, body: web::Bytes) -> Upload {
    use futures_util::StreamExt;
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let mut upload = Upload::default();
    if !content_type.trim_start().starts_with("multipart/") {
        let form: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).unwrap_or_default();
        for (key, value) in form {
            match key.as_str() {
                "record_text" if upload.record.is_none() => upload.record = Some(value),
                "receipts" if upload.receipts.is_none() => upload.receipts = Some(value),
                _ => {}
            }
        }
        return upload;
    }
    let limit = body.len();
    let stream = futures_util::stream::once(std::future::ready(Ok(body)));
    let mut parts = actix_multipart::Multipart::new(request.headers(), stream);
    let mut file = None;
    while let Some(Ok(mut field)) = parts.next().await {
        let name = field.name().map(str::to_owned);
        let Ok(Ok(content)) = field.bytes(limit).await else {
            break;
        };
        let content = String::from_utf8_lossy(&content).into_owned();
        match name.as_deref() {
            Some("record") if !content.trim().is_empty() => file = Some(content),
            Some("record_text") => upload.record = Some(content),
            Some("receipts") => upload.receipts = Some(content),
            Some("proofs") => upload.proofs = Some(content),
            _ => {}
        }
    }
    if file.is_some() {
        upload.record = file;
    }
    upload
}
