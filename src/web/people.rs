//! The pages of a person known by their address: "my games" (asking for a sign-in link,
//! following it, the list, preferences, muting, signing out), the mail-settings page a mail's
//! footer links to, one-click unsubscribe, and the creator's confirmation link.

use super::html::{message, render, see_other};
use super::{blocking, AppState, PageError};
use crate::domain::{EmailAddress, GameId};
use crate::present::Words;
use crate::service::people::{
    MyGames, PreferencesInput, SignInError, SESSION_COOKIE, SESSION_IDLE, SESSION_LIFETIME,
};
use crate::service::post::MailMode;
use crate::service::ConfirmError;
use crate::store::AddressRow;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

/// The address typed into the "my games" form.
#[derive(serde::Deserialize)]
pub struct AddressForm {
    #[serde(default)]
    address: String,
}

#[derive(serde::Deserialize)]
pub struct MeQuery {
    saved: Option<String>,
    sent: Option<String>,
    signed_out: Option<String>,
}

/// One choice of a `<select>` or radio group: value, label, chosen.
pub struct Choice {
    pub value: String,
    pub label: String,
    pub chosen: bool,
}

/// The preferences form, filled with a person's choices.
pub struct PreferencesForm {
    /// Where the form posts.
    pub action: String,
    pub modes: Vec<Choice>,
    pub hours: Vec<Choice>,
    pub zones: Vec<Choice>,
    pub languages: Vec<Choice>,
    pub never_mail: bool,
}

#[derive(Template)]
#[template(path = "me.html")]
struct MePage<'w> {
    w: Words<'w>,
    /// Said at the top (sent, saved, problems).
    notes: Vec<(String, &'static str)>,
    email_max: usize,
    /// Signed in: their games and preferences.
    me: Option<MeShown>,
}

struct MeShown {
    games: MyGames,
    preferences: PreferencesForm,
    zone: chrono_tz::Tz,
    /// When the page was drawn, in milliseconds since the epoch.
    now: i64,
    /// How many days a session lives unused, and at most.
    idle_days: u64,
    lifetime_days: u64,
}

impl MeShown {
    /// A time in the person's zone, in the page's words ("Thursday 14:00, 3 days ago").
    fn local(&self, w: &Words, at: &crate::domain::Millis) -> String {
        crate::present::time::when(*w, at.0, self.now, self.zone)
    }
}

#[derive(Template)]
#[template(path = "mail_settings.html")]
struct SettingsPage<'w> {
    w: Words<'w>,
    notes: Vec<(String, &'static str)>,
    preferences: PreferencesForm,
}

#[derive(Template)]
#[template(path = "unsubscribe.html")]
struct UnsubscribePage<'w> {
    w: Words<'w>,
    done: bool,
    action: String,
    settings_url: String,
}

/// The session cookie's value, if the request has one.
fn session_cookie(request: &HttpRequest) -> Option<String> {
    request.cookie(SESSION_COOKIE).map(|c| c.value().to_owned())
}

/// The person signed in on this browser, if any.
pub(super) async fn signed_in(
    state: &web::Data<AppState>,
    request: &HttpRequest,
) -> Result<Option<AddressRow>, PageError> {
    let Some(cookie) = session_cookie(request) else {
        return Ok(None);
    };
    blocking(state, move |s, conn| s.games.session(conn, &cookie))
        .await?
        .map_err(|e| PageError(e.into()))
}

fn session_cookie_for(state: &AppState, value: String) -> Cookie<'static> {
    Cookie::build(SESSION_COOKIE, value)
        .path("/")
        .http_only(true)
        .secure(state.base_url().starts_with("https://"))
        .same_site(SameSite::Lax)
        // As long as the session can live; the server ends it sooner when it is idle.
        .max_age(actix_web::cookie::time::Duration::seconds(
            i64::try_from(SESSION_LIFETIME.as_secs()).unwrap_or(i64::MAX),
        ))
        .finish()
}

fn preferences_form(
    state: &AppState,
    w: Words,
    person: &AddressRow,
    action: String,
) -> PreferencesForm {
    let mode = MailMode::parse(&person.mail_mode).unwrap_or(MailMode::EveryTurn);
    let chosen_language = person.language.clone().unwrap_or_default();
    let mut languages = vec![Choice {
        value: String::new(),
        label: w.get("prefs-language-browser"),
        chosen: chosen_language.is_empty(),
    }];
    languages.extend(
        state
            .games
            .registry()
            .catalogs()
            .languages()
            .into_iter()
            .map(|lang| Choice {
                value: lang.to_owned(),
                // A language whose catalog does not name it yet shows its tag, not a crash.
                label: w
                    .maybe(&format!("language-{lang}"))
                    .unwrap_or_else(|| lang.to_owned()),
                chosen: chosen_language == lang,
            }),
    );
    PreferencesForm {
        action,
        modes: MailMode::ALL
            .iter()
            .map(|m| Choice {
                value: m.as_str().to_owned(),
                label: w.get(&format!("prefs-mode-{}", m.as_str())),
                chosen: *m == mode,
            })
            .collect(),
        hours: (0..24)
            .map(|h| Choice {
                value: h.to_string(),
                label: format!("{h:02}:00"),
                chosen: h == person.digest_hour,
            })
            .collect(),
        zones: chrono_tz::TZ_VARIANTS
            .iter()
            .map(|z| Choice {
                value: z.name().to_owned(),
                label: z.name().to_owned(),
                chosen: z.name() == person.time_zone,
            })
            .collect(),
        languages,
        never_mail: person.suppressed_at.is_some(),
    }
}

fn preferences_input(fields: &[(String, String)]) -> PreferencesInput {
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    PreferencesInput {
        mail_mode: field("mail_mode"),
        digest_hour: field("digest_hour"),
        time_zone: field("time_zone"),
        language: field("language"),
    }
}

/// GET /me: the person's games and preferences when signed in, else the form that mails a
/// sign-in link.
pub async fn me(
    state: web::Data<AppState>,
    request: HttpRequest,
    query: web::Query<MeQuery>,
) -> HttpResponse {
    let w = state.words(&request);
    let person = match signed_in(&state, &request).await {
        Ok(person) => person,
        Err(error) => return error.into_response(w),
    };
    let mut notes = Vec::new();
    if query.sent.is_some() {
        notes.push((w.get("me-sent"), "info"));
    }
    if query.saved.is_some() {
        notes.push((w.get("me-saved"), "info"));
    }
    if query.signed_out.is_some() {
        notes.push((w.get("me-signed-out-everywhere"), "info"));
    }
    let Some(person) = person else {
        return render(
            StatusCode::OK,
            &MePage {
                w,
                notes,
                email_max: EmailAddress::MAX_CHARS,
                me: None,
            },
        );
    };
    me_page(&state, w, person, notes, StatusCode::OK).await
}

async fn me_page(
    state: &web::Data<AppState>,
    w: Words<'_>,
    person: AddressRow,
    notes: Vec<(String, &'static str)>,
    status: StatusCode,
) -> HttpResponse {
    let lang = w.lang().to_owned();
    let shown = person.clone();
    let games = blocking(state, move |s, conn| s.games.my_games(conn, &shown, &lang)).await;
    let games = match games {
        Ok(Ok(games)) => games,
        Ok(Err(error)) => return PageError(error).into_response(w),
        Err(error) => return error.into_response(w),
    };
    let zone = person.time_zone.parse().unwrap_or(chrono_tz::UTC);
    render(
        status,
        &MePage {
            w,
            notes,
            email_max: EmailAddress::MAX_CHARS,
            me: Some(MeShown {
                games,
                preferences: preferences_form(state, w, &person, "/me/settings".into()),
                zone,
                now: state.games.now().0,
                idle_days: SESSION_IDLE.as_secs() / 86_400,
                lifetime_days: SESSION_LIFETIME.as_secs() / 86_400,
            }),
        },
    )
}

/// POST /me: mail a sign-in link to the address if it has games here. The answer is the same
/// whether it has or not.
pub async fn request_sign_in(
    state: web::Data<AppState>,
    request: HttpRequest,
    form: web::Form<AddressForm>,
) -> HttpResponse {
    let w = state.words(&request);
    let Ok(address) = EmailAddress::parse(&form.address) else {
        return render(
            StatusCode::BAD_REQUEST,
            &MePage {
                w,
                notes: vec![(w.get("me-bad-address"), "error")],
                email_max: EmailAddress::MAX_CHARS,
                me: None,
            },
        );
    };
    let client = state.client_ip(&request);
    match blocking(&state, move |s, conn| {
        s.games.request_sign_in(conn, &address, client.as_deref())
    })
    .await
    {
        Ok(Ok(())) => see_other("/me?sent=1".into()),
        Ok(Err(SignInError::Limited(limited))) => super::too_many(w, &limited),
        Ok(Err(error)) => PageError(error.into()).into_response(w),
        Err(error) => error.into_response(w),
    }
}

/// GET /me/sign-in/{token}: the link from the mail signs this browser in, once.
pub async fn sign_in(
    state: web::Data<AppState>,
    request: HttpRequest,
    token: web::Path<String>,
) -> HttpResponse {
    let w = state.words(&request);
    let token = token.into_inner();
    match blocking(&state, move |s, conn| s.games.sign_in(conn, &token)).await {
        Ok(Ok(cookie)) => {
            let mut response = see_other("/me".into());
            let _ = response.add_cookie(&session_cookie_for(&state, cookie));
            response
        }
        Ok(Err(SignInError::Spent)) => sign_in_again(w, "me-link-spent"),
        Ok(Err(SignInError::Invalid)) => sign_in_again(w, "me-link-invalid"),
        Ok(Err(error)) => PageError(error.into()).into_response(w),
        Err(error) => error.into_response(w),
    }
}

/// The sign-in form again, saying why the link did not work.
fn sign_in_again(w: Words, why: &str) -> HttpResponse {
    render(
        StatusCode::FORBIDDEN,
        &MePage {
            w,
            notes: vec![(w.get(why), "error")],
            email_max: EmailAddress::MAX_CHARS,
            me: None,
        },
    )
}

/// POST /me/sign-out
pub async fn sign_out(state: web::Data<AppState>, request: HttpRequest) -> HttpResponse {
    let w = state.words(&request);
    if let Some(cookie) = session_cookie(&request) {
        if let Err(error) = blocking(&state, move |s, conn| s.games.sign_out(conn, &cookie)).await {
            return error.into_response(w);
        }
    }
    let mut response = see_other("/me".into());
    let mut gone = session_cookie_for(&state, String::new());
    gone.make_removal();
    let _ = response.add_cookie(&gone);
    response
}

/// POST /me/sign-out-everywhere: every session of the signed-in person ends (this browser's
/// too), and their mail-settings links stop working.
pub async fn sign_out_everywhere(state: web::Data<AppState>, request: HttpRequest) -> HttpResponse {
    let w = state.words(&request);
    let person = match signed_in(&state, &request).await {
        Ok(Some(person)) => person,
        Ok(None) => return see_other("/me".into()),
        Err(error) => return error.into_response(w),
    };
    match blocking(&state, move |s, conn| {
        s.games.sign_out_everywhere(conn, &person)
    })
    .await
    {
        Ok(Ok(())) => {}
        Ok(Err(error)) => return PageError(error.into()).into_response(w),
        Err(error) => return error.into_response(w),
    }
    let mut response = see_other("/me?signed_out=1".into());
    let mut gone = session_cookie_for(&state, String::new());
    gone.make_removal();
    let _ = response.add_cookie(&gone);
    response
}

/// POST /me/settings: the signed-in person's preferences.
pub async fn save_settings(
    state: web::Data<AppState>,
    request: HttpRequest,
    form: web::Form<Vec<(String, String)>>,
) -> HttpResponse {
    let w = state.words(&request);
    let person = match signed_in(&state, &request).await {
        Ok(Some(person)) => person,
        Ok(None) => return see_other("/me".into()),
        Err(error) => return error.into_response(w),
    };
    let keep = session_cookie(&request);
    match save(&state, person.clone(), form.into_inner(), keep).await {
        Ok(Ok(())) => see_other("/me?saved=1".into()),
        Ok(Err(problems)) => {
            let notes = problems.into_iter().map(|p| (w.get(p), "error")).collect();
            me_page(&state, w, person, notes, StatusCode::BAD_REQUEST).await
        }
        Err(error) => error.into_response(w),
    }
}

/// Store submitted preferences and the never-mail choice (`keep`: the session that asked, which
/// stays signed in); the problems' catalog keys.
async fn save(
    state: &web::Data<AppState>,
    person: AddressRow,
    fields: Vec<(String, String)>,
    keep: Option<String>,
) -> Result<Result<(), Vec<&'static str>>, PageError> {
    let input = preferences_input(&fields);
    let never = fields.iter().any(|(k, v)| k == "never_mail" && v == "on");
    blocking(state, move |s, conn| {
        s.games
            .set_preferences(conn, &person, &input)
            .map_err(|problems| problems.iter().map(|p| p.key()).collect::<Vec<_>>())?;
        s.games
            .set_never_mail(conn, &person, never, keep.as_deref())
            .map_err(|_| vec!["page-broken.text"])
    })
    .await
}

#[derive(serde::Deserialize)]
pub struct AwayForm {
    #[serde(default)]
    from: String,
    #[serde(default)]
    to: String,
}

/// POST /me/away: the signed-in person declares an absence; their deadlines in every game
/// move past it.
pub async fn away(
    state: web::Data<AppState>,
    request: HttpRequest,
    form: web::Form<AwayForm>,
) -> HttpResponse {
    use crate::service::time::AbsenceProblem;
    let w = state.words(&request);
    let person = match signed_in(&state, &request).await {
        Ok(Some(person)) => person,
        Ok(None) => return see_other("/me".into()),
        Err(error) => return error.into_response(w),
    };
    let dates = (
        chrono::NaiveDate::parse_from_str(form.from.trim(), "%Y-%m-%d"),
        chrono::NaiveDate::parse_from_str(form.to.trim(), "%Y-%m-%d"),
    );
    let problem = match dates {
        (Ok(from), Ok(to)) => {
            let shown = person.clone();
            match blocking(&state, move |s, conn| {
                s.games.declare_absence(conn, &shown, from, to)
            })
            .await
            {
                Ok(Ok(Ok(()))) => return see_other("/me?saved=1".into()),
                Ok(Ok(Err(AbsenceProblem::TooLong { left }))) => w.two(
                    "away-problem-long",
                    ("days", state.games.time_rules().vacation_days),
                    ("left", left),
                ),
                Ok(Ok(Err(AbsenceProblem::Dates))) => w.get("away-problem-dates"),
                Ok(Err(error)) => return PageError(error).into_response(w),
                Err(error) => return error.into_response(w),
            }
        }
        _ => w.get("away-problem-dates"),
    };
    me_page(
        &state,
        w,
        person,
        vec![(problem, "error")],
        StatusCode::BAD_REQUEST,
    )
    .await
}

#[derive(serde::Deserialize)]
pub struct MuteForm {
    #[serde(default)]
    on: String,
}

/// POST /me/games/{game}/mute: mute (on=1) or unmute one of the person's games.
pub async fn mute(
    state: web::Data<AppState>,
    request: HttpRequest,
    game: web::Path<String>,
    form: web::Form<MuteForm>,
) -> HttpResponse {
    let w = state.words(&request);
    let person = match signed_in(&state, &request).await {
        Ok(Some(person)) => person,
        Ok(None) => return see_other("/me".into()),
        Err(error) => return error.into_response(w),
    };
    let Ok(game) = GameId::parse(&game) else {
        return super::html::not_found(w);
    };
    let on = form.on == "1";
    match blocking(&state, move |s, conn| {
        s.games.set_muted(conn, &person, &game, on)
    })
    .await
    {
        Ok(Ok(true)) => see_other("/me?saved=1".into()),
        Ok(Ok(false)) => super::html::not_found(w),
        Ok(Err(error)) => PageError(error).into_response(w),
        Err(error) => error.into_response(w),
    }
}

/// GET /mail/{token}: the mail settings a mail's footer links to (no sign-in needed).
pub async fn settings(
    state: web::Data<AppState>,
    request: HttpRequest,
    token: web::Path<String>,
) -> HttpResponse {
    let w = state.words(&request);
    let token = token.into_inner();
    let path = format!("/mail/{token}");
    match blocking(&state, move |s, conn| s.games.settings_person(conn, &token)).await {
        Ok(Ok(Some(person))) => render(
            StatusCode::OK,
            &SettingsPage {
                w,
                notes: Vec::new(),
                preferences: preferences_form(&state, w, &person, path),
            },
        ),
        Ok(Ok(None)) => message(StatusCode::FORBIDDEN, w, "page-bad-mail-link"),
        Ok(Err(error)) => PageError(error.into()).into_response(w),
        Err(error) => error.into_response(w),
    }
}

/// POST /mail/{token}
pub async fn save_mail_settings(
    state: web::Data<AppState>,
    request: HttpRequest,
    token: web::Path<String>,
    form: web::Form<Vec<(String, String)>>,
) -> HttpResponse {
    let w = state.words(&request);
    let token = token.into_inner();
    let path = format!("/mail/{token}");
    let person = match blocking(&state, move |s, conn| s.games.settings_person(conn, &token)).await
    {
        Ok(Ok(Some(person))) => person,
        Ok(Ok(None)) => return message(StatusCode::FORBIDDEN, w, "page-bad-mail-link"),
        Ok(Err(error)) => return PageError(error.into()).into_response(w),
        Err(error) => return error.into_response(w),
    };
    let (status, notes) = match save(&state, person.clone(), form.into_inner(), None).await {
        Ok(Ok(())) => (StatusCode::OK, vec![(w.get("me-saved"), "info")]),
        Ok(Err(problems)) => (
            StatusCode::BAD_REQUEST,
            problems.into_iter().map(|p| (w.get(p), "error")).collect(),
        ),
        Err(error) => return error.into_response(w),
    };
    let reread = blocking(&state, {
        let address = person.address.clone();
        move |_, conn| crate::store::find_address(conn, &address)
    })
    .await;
    let person = match reread {
        Ok(Ok(Some(person))) => person,
        _ => person,
    };
    render(
        status,
        &SettingsPage {
            w,
            notes,
            preferences: preferences_form(&state, w, &person, path),
        },
    )
}

/// GET /unsubscribe/{token}: a button, so that a link checker following links never
/// unsubscribes anyone.
pub async fn unsubscribe_page(
    state: web::Data<AppState>,
    request: HttpRequest,
    token: web::Path<String>,
) -> HttpResponse {
    let w = state.words(&request);
    let token = token.into_inner();
    let action = format!("/unsubscribe/{token}");
    match blocking(&state, move |s, conn| {
        s.games
            .unsubscribe_person(conn, &token)
            .map(|p| p.map(|p| s.games.settings_url(&p)))
    })
    .await
    {
        Ok(Ok(Some(settings_url))) => render(
            StatusCode::OK,
            &UnsubscribePage {
                w,
                done: false,
                action,
                settings_url,
            },
        ),
        Ok(Ok(None)) => message(StatusCode::FORBIDDEN, w, "page-bad-mail-link"),
        Ok(Err(error)) => PageError(error.into()).into_response(w),
        Err(error) => error.into_response(w),
    }
}

/// POST /unsubscribe/{token}: RFC 8058 one-click unsubscribe (no cookie, no form field needed):
/// this address is never mailed again.
pub async fn unsubscribe(
    state: web::Data<AppState>,
    request: HttpRequest,
    token: web::Path<String>,
) -> HttpResponse {
    let w = state.words(&request);
    let token = token.into_inner();
    let action = format!("/unsubscribe/{token}");
    let done = blocking(
        &state,
        move |s, conn| -> diesel::QueryResult<Option<String>> {
            let Some(person) = s.games.unsubscribe_person(conn, &token)? else {
                return Ok(None);
            };
            s.games.set_never_mail(conn, &person, true, None)?;
            Ok(Some(s.games.settings_url(&person)))
        },
    )
    .await;
    match done {
        Ok(Ok(Some(settings_url))) => render(
            StatusCode::OK,
            &UnsubscribePage {
                w,
                done: true,
                action,
                settings_url,
            },
        ),
        Ok(Ok(None)) => message(StatusCode::FORBIDDEN, w, "page-bad-mail-link"),
        Ok(Err(error)) => PageError(error.into()).into_response(w),
        Err(error) => error.into_response(w),
    }
}

/// GET /games/{game}/confirm/{signature}: the creator proves their address; the invitations
/// leave and the creator lands on their seat.
pub async fn confirm(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, String)>,
) -> HttpResponse {
    let w = state.words(&request);
    let (game, signature) = path.into_inner();
    let Ok(game) = GameId::parse(&game) else {
        return super::html::not_found(w);
    };
    let id = game.clone();
    match blocking(&state, move |s, conn| {
        s.games.confirm(conn, &game, &signature)
    })
    .await
    {
        Ok(Ok(seat_url)) => {
            // Confirming starts a game whose seats were all taken (the creator's and bots').
            state.games.play_bots(&state.db, &id).await;
            see_other(format!("{seat_url}?confirmed=1"))
        }
        Ok(Err(ConfirmError::NoSuchGame)) => super::html::not_found(w),
        Ok(Err(ConfirmError::BadLink)) => message(StatusCode::FORBIDDEN, w, "page-bad-confirm"),
        Ok(Err(ConfirmError::NotInviting)) => message(StatusCode::CONFLICT, w, "page-too-late"),
        Ok(Err(ConfirmError::Unexpected(error))) => PageError(error).into_response(w),
        Err(error) => error.into_response(w),
    }
}
