//! The transparency log on the web: the published keys, the newest signed tree head and a feed
//! of them, inclusion and consistency proofs, a game's proofs beside its record, and the page
//! that explains to players what all this protects them from and how to check it.
//!
//! Everything here is public and shows only hashes, sizes, game ids, times and keys: a leaf of
//! the log is a game's id, a move number and that move's hash, never the move itself.

use super::errors::{Answer, Failure};
use super::html::render;
use super::{Answered, AppState};
use crate::audit::receipt::{PublishedKey, SignedTreeHead};
use crate::audit::rfc3339_millis;
use crate::domain::GameId;
use crate::present::Words;
use crate::service::transparency::ProofRefused;
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

/// Signed tree heads in the feed.
pub const FEED_HEADS: i64 = 50;

/// A JSON error for these endpoints: `{"error": {"code", "message"}}`, as the API's.
fn json_error(status: StatusCode, code: &str, message: String) -> HttpResponse {
    super::api::error(status, code, message)
}

fn json(value: &impl serde::Serialize) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(serde_json::to_string_pretty(value).expect("JSON"))
}

/// A refused proof: the service's reason in the reader's words, 404 when the log lacks what
/// was asked for, 400 when the question cannot have an answer.
fn refused(w: Words, refusal: ProofRefused) -> Answered {
    let (status, code, message) = match refusal {
        ProofRefused::NotLogged { game, seq } => (
            StatusCode::NOT_FOUND,
            "not_logged",
            w.two(
                "transparency-error-not-logged",
                ("game", game),
                ("seq", seq),
            ),
        ),
        ProofRefused::NoTreeHead(size) => (
            StatusCode::NOT_FOUND,
            "no_tree_head",
            w.one("transparency-error-no-tree-head", "size", size),
        ),
        ProofRefused::Empty => (
            StatusCode::NOT_FOUND,
            "empty_log",
            w.get("transparency-error-empty"),
        ),
        ProofRefused::Proof(crate::audit::merkle::ProofError::BadSizes { first, second }) => (
            StatusCode::BAD_REQUEST,
            "bad_sizes",
            w.two(
                "transparency-error-bad-sizes",
                ("first", first),
                ("second", second),
            ),
        ),
        ProofRefused::Proof(error) => (
            StatusCode::BAD_REQUEST,
            "no_proof",
            w.one("transparency-error-no-proof", "detail", error.to_string()),
        ),
        ProofRefused::Store(error) => return Err(Failure(error).into()),
    };
    Ok(json_error(status, code, message))
}

/// `GET /.well-known/corriere-keys.json`: every key the service signs or signed with.
pub async fn keys(state: web::Data<AppState>) -> Answered {
    let keyring = state.service.keyring().await.map_err(Failure)?;
    Ok(json(&keyring))
}

/// The query of a question about one signed tree head: `size`, else the newest.
#[derive(Debug, serde::Deserialize)]
pub struct SizeQuery {
    #[serde(default)]
    size: Option<String>,
}

/// The signed tree head of `size` entries, else the newest.
async fn head_of(state: &AppState, size: Option<u64>) -> anyhow::Result<Option<SignedTreeHead>> {
    state.service.tree_head(size).await
}

/// `GET /transparency/tree-head.json[?size=N]`: the newest signed tree head (or the one of
/// `N` entries), 404 before the log has one.
pub async fn tree_head(
    state: web::Data<AppState>,
    request: HttpRequest,
    query: web::Query<SizeQuery>,
) -> Answered {
    let w = state.words(&request);
    let size = match query.size.as_deref().map(parse_size) {
        None => None,
        Some(Some(size)) => Some(size),
        Some(None) => {
            return Ok(json_error(
                StatusCode::BAD_REQUEST,
                "bad_query",
                w.one(
                    "transparency-error-size",
                    "value",
                    shorten(query.size.as_deref().unwrap_or_default()),
                ),
            ))
        }
    };
    match head_of(&state, size).await.map_err(Failure)? {
        Some(head) => Ok(json(&head.to_json())),
        None => match size {
            Some(size) => Ok(json_error(
                StatusCode::NOT_FOUND,
                "no_tree_head",
                w.two(
                    "transparency-error-no-recent-tree-head",
                    ("size", size),
                    ("count", FEED_HEADS),
                ),
            )),
            None => refused(w, ProofRefused::Empty),
        },
    }
}

/// A size of the log: a whole number from 1.
fn parse_size(text: &str) -> Option<u64> {
    text.trim().parse::<u64>().ok().filter(|size| *size > 0)
}

/// A value quoted back in an error, cut short.
fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

/// Text escaped for XML (element content and attribute values alike).
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 does not allow: none should come, none is written.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

/// The Atom feed of the newest signed tree heads (`FEED_HEADS`), newest first.
pub fn atom(base: &str, w: Words, heads: &[SignedTreeHead]) -> String {
    let base = base.trim_end_matches('/');
    let feed = format!("{base}/transparency/tree-heads.atom");
    // A feed without entries is as old as the log: the epoch.
    let updated = rfc3339_millis(heads.first().map_or(0, |h| h.head.at));
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    out.push_str("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n");
    out.push_str(&format!("  <id>{}</id>\n", xml(&feed)));
    out.push_str(&format!(
        "  <title>{}</title>\n",
        xml(&w.get("transparency-feed-title"))
    ));
    out.push_str(&format!(
        "  <subtitle>{}</subtitle>\n",
        xml(&w.get("transparency-feed-subtitle"))
    ));
    out.push_str(&format!("  <updated>{updated}</updated>\n"));
    out.push_str("  <author><name>corriere</name></author>\n");
    out.push_str(&format!(
        "  <link rel=\"self\" type=\"application/atom+xml\" href=\"{}\"/>\n",
        xml(&feed)
    ));
    out.push_str(&format!(
        "  <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n",
        xml(&format!("{base}/transparency"))
    ));
    for head in heads {
        let size = head.head.size;
        let json = format!("{base}/transparency/tree-head.json?size={size}");
        out.push_str("  <entry>\n");
        out.push_str(&format!(
            "    <id>{}</id>\n",
            xml(&format!("{feed}#size-{size}"))
        ));
        out.push_str(&format!(
            "    <title>{}</title>\n",
            xml(&w.one("transparency-feed-entry", "size", size))
        ));
        out.push_str(&format!(
            "    <updated>{}</updated>\n",
            rfc3339_millis(head.head.at)
        ));
        out.push_str(&format!(
            "    <link rel=\"alternate\" type=\"application/json\" href=\"{}\"/>\n",
            xml(&json)
        ));
        out.push_str(&format!(
            "    <content type=\"text\">{}\n{}</content>\n",
            xml(&head.to_line()),
            xml(&json)
        ));
        out.push_str("  </entry>\n");
    }
    out.push_str("</feed>\n");
    out
}

/// `GET /transparency/tree-heads.atom`: the newest signed tree heads as an Atom feed.
pub async fn feed(state: web::Data<AppState>, request: HttpRequest) -> Answered {
    let w = state.words(&request);
    let heads = state
        .service
        .tree_heads(FEED_HEADS)
        .await
        .map_err(Failure)?;
    Ok(HttpResponse::Ok()
        .content_type("application/atom+xml; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(atom(state.base_url(), w, &heads)))
}

/// The query's fields, as sent (a field sent twice: its first value).
fn fields(request: &HttpRequest) -> Vec<(String, String)> {
    serde_urlencoded::from_str(request.query_string()).unwrap_or_default()
}

fn field<'f>(fields: &'f [(String, String)], name: &str) -> Option<&'f str> {
    fields
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty())
}

/// A question whose query does not read: 400 saying what was wrong and what to send.
fn bad_query(w: Words, id: &str, value: Option<&str>) -> HttpResponse {
    let message = match value {
        Some(value) => w.one(id, "value", shorten(value)),
        None => w.get(id),
    };
    json_error(StatusCode::BAD_REQUEST, "bad_query", message)
}

/// `GET /transparency/inclusion?game=ID&seq=N[&size=M]`: proof that move `N` of a game is in
/// the log's tree of `M` entries (the newest signed by default), with that tree head.
pub async fn inclusion(state: web::Data<AppState>, request: HttpRequest) -> Answered {
    let w = state.words(&request);
    let fields = fields(&request);
    let game = match field(&fields, "game") {
        None => return Ok(bad_query(w, "transparency-error-game-missing", None)),
        Some(text) => match GameId::parse(text) {
            Ok(game) => game,
            Err(_) => return Ok(bad_query(w, "transparency-error-game", Some(text))),
        },
    };
    let seq = match field(&fields, "seq") {
        None => return Ok(bad_query(w, "transparency-error-seq-missing", None)),
        Some(text) => match text.parse::<u64>() {
            Ok(seq) => seq,
            Err(_) => return Ok(bad_query(w, "transparency-error-seq", Some(text))),
        },
    };
    let size = match field(&fields, "size") {
        None => None,
        Some(text) => match parse_size(text) {
            Some(size) => Some(size),
            None => return Ok(bad_query(w, "transparency-error-size", Some(text))),
        },
    };
    match state.service.inclusion(&game, seq, size).await {
        Ok((proof, head)) => Ok(json(&serde_json::json!({
            "proof": proof,
            "tree_head": head.to_json(),
        }))),
        Err(refusal) => refused(w, refusal),
    }
}

/// `GET /transparency/consistency?first=M&second=N`: proof that the log's tree of `M` entries
/// is a prefix of its tree of `N`.
pub async fn consistency(state: web::Data<AppState>, request: HttpRequest) -> Answered {
    let w = state.words(&request);
    let fields = fields(&request);
    let mut sizes = [0u64; 2];
    for (size, (name, missing, bad)) in sizes.iter_mut().zip([
        (
            "first",
            "transparency-error-first-missing",
            "transparency-error-first",
        ),
        (
            "second",
            "transparency-error-second-missing",
            "transparency-error-second",
        ),
    ]) {
        *size = match field(&fields, name) {
            None => return Ok(bad_query(w, missing, None)),
            Some(text) => match parse_size(text) {
                Some(value) => value,
                None => return Ok(bad_query(w, bad, Some(text))),
            },
        };
    }
    let [first, second] = sizes;
    match state.service.consistency(first, second).await {
        Ok(proof) => Ok(json(&proof)),
        Err(refusal) => refused(w, refusal),
    }
}

/// `GET /games/{game}/proofs.json`: every move of the game's inclusion under the newest signed
/// tree head, downloaded beside its record.
pub async fn proofs(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
) -> Answered {
    let w = state.words(&request);
    let id = GameId::parse(&path).map_err(|_| Answer::no_game())?;
    // An unknown game is the site's 404, as its record's is.
    state.service.record(&id, false).await?;
    match state.service.record_proofs(&id).await {
        Ok(proofs) => Ok(HttpResponse::Ok()
            .content_type("application/json")
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .insert_header((
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}-proofs.json\"", id.as_str()),
            ))
            .body(serde_json::to_string_pretty(&proofs).expect("JSON"))),
        Err(refusal) => refused(w, refusal),
    }
}

/// The newest signed tree head as the page shows it.
pub struct HeadShown {
    pub size: u64,
    pub root: String,
    pub time: String,
    pub key: String,
    pub line: String,
}

/// A published key as the page shows it.
pub struct KeyShown {
    pub id: String,
    pub public_key: String,
    /// "valid from … (in use)" or "valid from … until …".
    pub validity: String,
}

fn key_shown(w: Words, key: &PublishedKey) -> KeyShown {
    let from = rfc3339_millis(key.valid_from);
    KeyShown {
        id: key.id.clone(),
        public_key: key.public_key.clone(),
        validity: match key.valid_until {
            Some(until) => w.two(
                "transparency-key-retired",
                ("from", from),
                ("until", rfc3339_millis(until)),
            ),
            None => w.one("transparency-key-current", "from", from),
        },
    }
}

#[derive(Template)]
#[template(path = "transparency.html")]
pub struct TransparencyPage<'w> {
    pub w: Words<'w>,
    pub head: Option<HeadShown>,
    pub keys: Vec<KeyShown>,
}

/// `GET /transparency`: what the log protects players from and how to check it, the newest
/// signed tree head, the keys, and forms asking for proofs.
pub async fn page(state: web::Data<AppState>, request: HttpRequest) -> Answered {
    let w = state.words(&request);
    let keyring = state.service.keyring().await.map_err(Failure)?;
    let head = state.service.tree_head(None).await.map_err(Failure)?;
    let page = TransparencyPage {
        w,
        head: head.map(|head| HeadShown {
            size: head.head.size,
            root: head.head.root.clone(),
            time: rfc3339_millis(head.head.at),
            key: head.key.clone(),
            line: head.to_line(),
        }),
        keys: keyring.keys.iter().map(|key| key_shown(w, key)).collect(),
    };
    Ok(render(StatusCode::OK, &page))
}

#[cfg(test)]
mod tests {
    #[test]
    fn xml_is_escaped_in_text_and_attributes() {
        assert_eq!(super::xml("a<b>&\"c'\u{1}"), "a&lt;b&gt;&amp;&quot;c&apos;");
    }

    #[test]
    fn quoted_values_are_cut_short() {
        assert_eq!(super::shorten("abc"), "abc");
        assert_eq!(super::shorten(&"x".repeat(50)).chars().count(), 41);
    }
}
