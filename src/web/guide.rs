//! A game's guide for newcomers: its rules in short and a glossary of its pieces or cards,
//! linked from every seat page. Words only: `<game>-guide-rule-1`, `-2`… (the rules in
//! order), `<game>-guide-term-1`, `-2`… (each with a `.term` attribute, the name it
//! explains) and `<game>-guide-mail-1`, `-2`… (each with a `.command` attribute: a reply
//! command, and what it does), so a game has a guide when its catalog writes one, in every
//! language it has.

use super::html::{message, render};
use super::AppState;
use crate::present::Words;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

pub struct Term {
    pub term: String,
    pub text: String,
}

#[derive(Template)]
#[template(path = "guide.html")]
pub struct GuidePage<'w> {
    pub w: Words<'w>,
    pub title: String,
    pub rules: Vec<String>,
    pub glossary_title: String,
    pub terms: Vec<Term>,
    /// Reply commands (`term`) and what each does.
    pub commands: Vec<Term>,
}

/// Where a game's guide is, when its catalog has one.
pub fn guide_path(game: &str, words: &Words) -> Option<String> {
    words
        .maybe(&format!("{game}-guide-rule-1"))
        .map(|_| format!("/guide/{game}"))
}

/// The messages `prefix1`, `prefix2`… that exist, in order.
fn numbered(words: &Words, prefix: &str) -> Vec<String> {
    (1..)
        .map(|n| format!("{prefix}{n}"))
        .take_while(|id| words.maybe(id).is_some())
        .collect()
}

/// `GET /guide/{game}`: the guide of a game this server plays, in the reader's language.
pub async fn guide(
    state: web::Data<AppState>,
    request: HttpRequest,
    game: web::Path<String>,
) -> HttpResponse {
    let w = state.words(&request);
    let Ok(kind) = state.games.kind(&game) else {
        return message(StatusCode::NOT_FOUND, w, "page-not-found");
    };
    let name = kind.name();
    if guide_path(name, &w).is_none() {
        return message(StatusCode::NOT_FOUND, w, "page-not-found");
    }
    let rules = numbered(&w, &format!("{name}-guide-rule-"))
        .iter()
        .map(|id| w.get(id))
        .collect();
    let terms = numbered(&w, &format!("{name}-guide-term-"))
        .iter()
        .map(|id| Term {
            term: w.get(&format!("{id}.term")),
            text: w.get(id),
        })
        .collect();
    let commands = numbered(&w, &format!("{name}-guide-mail-"))
        .iter()
        .map(|id| Term {
            term: w.get(&format!("{id}.command")),
            text: w.get(id),
        })
        .collect();
    let page = GuidePage {
        w,
        title: w.one("guide-title", "game", w.get(&format!("{name}-title"))),
        rules,
        glossary_title: w.get(&format!("{name}-guide-glossary")),
        terms,
        commands,
    };
    render(StatusCode::OK, &page)
}
