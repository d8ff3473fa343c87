//! The privacy page: what the service keeps about a person, why, for how long, and how to
//! leave, in the reader's language; the periods it states are the service's own constants.

use super::html::render;
use super::{Answered, AppState};
use crate::present::Words;
use crate::service::people::{SESSION_IDLE, SESSION_LIFETIME};
use crate::service::COUNTERS_KEPT_DAYS;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest};
use askama::Template;

#[derive(Template)]
#[template(path = "privacy.html")]
pub struct PrivacyPage<'w> {
    pub w: Words<'w>,
    lifetime_days: u64,
    idle_days: u64,
    counters_days: i64,
}

/// `GET /privacy`.
pub async fn page(state: web::Data<AppState>, request: HttpRequest) -> Answered {
    let page = PrivacyPage {
        w: state.words(&request),
        lifetime_days: SESSION_LIFETIME.as_secs() / 86_400,
        idle_days: SESSION_IDLE.as_secs() / 86_400,
        counters_days: COUNTERS_KEPT_DAYS,
    };
    Ok(render(StatusCode::OK, &page))
}
