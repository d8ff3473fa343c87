//! The pages of a person known by their address: "my games" (asking for a sign-in link,
//! following it, the list, preferences, muting, signing out), the mail-settings page a mail's
//! footer links to, one-click unsubscribe, and the creator's confirmation link.

use super::errors::{Answer, Failure};
use super::html::{render, see_other};
use super::{Answered, AppState};
use crate::domain::{EmailAddress, GameId};
use crate::present::Words;
use crate::service::moderation::BlockError;
use crate::service::people::{
    MyGame, MyGames, PreferencesInput, SESSION_COOKIE, SESSION_IDLE, SESSION_LIFETIME,
};
use crate::service::post::MailMode;
use crate::service::requests::MailSettings;
use crate::service::requests::SettingsError;
use crate::service::Person as AddressRow;
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
    /// An absence was declared.
    away: Option<String>,
    /// `1`: an absence was withdrawn; `0`: there was none to withdraw.
    withdrawn: Option<String>,
    /// The calendar's address was just revoked.
    calendar_revoked: Option<String>,
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
    /// The zones of the reader's region (pt: Brazil's), offered first, with their offsets.
    pub region_zones: Vec<Choice>,
    /// Every other zone.
    pub zones: Vec<Choice>,
    /// Said under the zones while the person's zone is not known: the guess, or UTC.
    pub zone_note: Option<String>,
    pub languages: Vec<Choice>,
    pub never_mail: bool,
    pub show_reliability: bool,
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
    /// The person's declared absences: (what, where to withdraw it).
    fn absences(&self, w: &Words) -> Vec<(String, String)> {
        self.games
            .absences
            .iter()
            .map(|a| {
                (
                    super::present::absence_line(*w, a, self.now, self.zone),
                    format!("/me/away/{}/withdraw", a.id),
                )
            })
            .collect()
    }

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
    /// The running games, each with a button to mute or unmute it (the footer promises it).
    games: Vec<MyGame>,
    /// This page's own path (`/mail/{token}`), under which each game's mute is posted.
    path: String,
    /// When the person asked never to be mailed and games still run with them: what that
    /// means for those games (the unsubscribe page's words).
    stopped: Option<String>,
    /// The people they blocked, by the name they knew them by, each with its unblock form.
    blocked: Vec<crate::service::moderation::Blocked>,
    /// What is in the block-an-address box (what they typed, when it came back refused).
    block_typed: String,
    address_max: usize,
    /// Their notices beyond mail: the calendar's address, the webhook.
    notices: crate::service::notices::NoticesShown,
    /// The webhook's formats, its one limit, and how its deliveries went, in words.
    webhook_formats: Vec<Choice>,
    webhook_max: usize,
    webhook_status: Vec<String>,
}

/// The webhook form's choices and what the page says of its deliveries.
fn webhook_parts(
    state: &AppState,
    w: Words,
    request: &HttpRequest,
    person: &AddressRow,
    notices: &crate::service::notices::NoticesShown,
) -> (Vec<Choice>, Vec<String>) {
    use crate::service::notices::WebhookFormat;
    let chosen = notices.webhook_format.as_deref().unwrap_or("json");
    let formats = WebhookFormat::ALL
        .iter()
        .map(|f| Choice {
            value: f.as_str().to_owned(),
            label: w.get(&format!("webhook-format-{}", f.as_str())),
            chosen: f.as_str() == chosen,
        })
        .collect();
    let zone = crate::service::zones::for_page(
        Some(&person.time_zone),
        super::zone::guess(request, w.lang()),
    );
    let now = state.games.now().0;
    let when = |at: &crate::domain::Millis| crate::present::time::when(w, at.0, now, zone);
    let mut status = Vec::new();
    if let Some(at) = &notices.last_sent_at {
        status.push(w.one("webhook-last-sent", "when", when(at)));
    }
    if let Some((error, at)) = &notices.last_error {
        status.push(w.two(
            "webhook-last-error",
            ("when", when(at)),
            ("error", error.as_str()),
        ));
    }
    (formats, status)
}

/// What never-mail means for a person's running games, when they asked for it and have some.
fn never_mail_meaning(
    state: &AppState,
    w: Words,
    never_mail: bool,
    games: &[MyGame],
) -> Option<String> {
    (never_mail && !games.is_empty()).then(|| {
        w.one(
            "unsubscribe-games-meaning",
            "missed",
            state.games.time_rules().missed_deadlines,
        )
    })
}

#[derive(Template)]
#[template(path = "unsubscribe.html")]
struct UnsubscribePage<'w> {
    w: Words<'w>,
    done: bool,
    /// Once done: the games not over that still wait on this person.
    games: Vec<String>,
    /// How many missed deadlines make a seat absent (a bot plays it then).
    missed: u32,
    action: String,
    settings_url: String,
}

/// The session cookie's value, if the request has one.
fn session_cookie(request: &HttpRequest) -> Option<String> {
    request.cookie(SESSION_COOKIE).map(|c| c.value().to_owned())
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
    request: &HttpRequest,
    person: &AddressRow,
    action: String,
) -> PreferencesForm {
    use crate::service::zones;
    let region = super::zone::region(request, w.lang());
    let known = zones::known(&person.time_zone);
    let guess = zones::guess(region);
    let chosen = known.or(guess).unwrap_or(chrono_tz::UTC);
    let region_zones = zones::of_region(region);
    let now = state.games.now().to_utc();
    let zone_note = match (known, guess) {
        (Some(_), _) => None,
        (None, Some(guess)) => Some(w.one("prefs-zone-guessed", "zone", guess.name())),
        (None, None) => Some(w.get("prefs-zone-unknown")),
    };
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
        region_zones: region_zones
            .iter()
            .map(|z| Choice {
                value: z.name().to_owned(),
                label: format!(
                    "{} ({})",
                    z.name(),
                    crate::present::time::zone_label(&now.with_timezone(z))
                ),
                chosen: *z == chosen,
            })
            .collect(),
        zones: chrono_tz::TZ_VARIANTS
            .iter()
            .filter(|z| !region_zones.contains(z))
            .map(|z| Choice {
                value: z.name().to_owned(),
                label: z.name().to_owned(),
                chosen: *z == chosen,
            })
            .collect(),
        zone_note,
        languages,
        never_mail: person.suppressed_at.is_some(),
        show_reliability: !person.reliability_hidden,
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
        show_reliability: fields
            .iter()
            .any(|(k, v)| k == "show_reliability" && v == "on"),
    }
}

/// GET /me: the person's games and preferences when signed in, else the form that mails a
/// sign-in link.
pub async fn me(
    state: web::Data<AppState>,
    request: HttpRequest,
    query: web::Query<MeQuery>,
) -> Answered {
    let w = state.words(&request);
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
    if query.away.is_some() {
        notes.push((w.get("away-declared"), "info"));
    }
    match query.withdrawn.as_deref() {
        Some("1") => notes.push((w.get("away-withdrawn"), "info")),
        Some(_) => notes.push((w.get("away-not-found"), "info")),
        None => {}
    }
    Ok(me_page(&state, &request, notes, StatusCode::OK).await?)
}

/// "My games" of the person signed in on this browser, with notes; else the form that mails a
/// sign-in link.
async fn me_page(
    state: &web::Data<AppState>,
    request: &HttpRequest,
    notes: Vec<(String, &'static str)>,
    status: StatusCode,
) -> Result<HttpResponse, Failure> {
    let w = state.words(request);
    let mine = match session_cookie(request) {
        Some(cookie) => state.service.my_page(&cookie, w.lang()).await?,
        None => None,
    };
    let Some((person, games)) = mine else {
        return Ok(render(
            status,
            &MePage {
                w,
                notes,
                email_max: EmailAddress::MAX_CHARS,
                me: None,
            },
        ));
    };
    let zone = crate::service::zones::for_page(
        Some(&person.time_zone),
        super::zone::guess(request, w.lang()),
    );
    Ok(render(
        status,
        &MePage {
            w,
            notes,
            email_max: EmailAddress::MAX_CHARS,
            me: Some(MeShown {
                games,
                preferences: preferences_form(state, w, request, &person, "/me/settings".into()),
                zone,
                now: state.games.now().0,
                idle_days: SESSION_IDLE.as_secs() / 86_400,
                lifetime_days: SESSION_LIFETIME.as_secs() / 86_400,
            }),
        },
    ))
}

/// "My games" again with these problems (see `errors::Shown::Me`).
pub(super) async fn me_again(
    state: &web::Data<AppState>,
    request: &HttpRequest,
    problems: Vec<String>,
    status: StatusCode,
) -> HttpResponse {
    use actix_web::ResponseError;
    let notes = problems.into_iter().map(|p| (p, "error")).collect();
    me_page(state, request, notes, status)
        .await
        .unwrap_or_else(|error| error.error_response())
}

/// POST /me: mail a sign-in link to the address if it has games here. The answer is the same
/// whether it has or not.
pub async fn request_sign_in(
    state: web::Data<AppState>,
    request: HttpRequest,
    form: web::Form<AddressForm>,
) -> Answered {
    let w = state.words(&request);
    let Ok(address) = EmailAddress::parse(&form.address) else {
        return Ok(sign_in_again(
            w,
            w.get("me-bad-address"),
            StatusCode::BAD_REQUEST,
        ));
    };
    let client = state.client_ip(&request);
    state.service.request_sign_in(&address, client).await?;
    Ok(see_other("/me?sent=1".into()))
}

/// GET /me/sign-in/{token}: the link from the mail signs this browser in, once.
pub async fn sign_in(state: web::Data<AppState>, token: web::Path<String>) -> Answered {
    let cookie = state.service.sign_in(&token).await?;
    let mut response = see_other("/me".into());
    let _ = response.add_cookie(&session_cookie_for(&state, cookie));
    Ok(response)
}

/// The sign-in form again, saying why it did not work.
pub(super) fn sign_in_again(w: Words, why: String, status: StatusCode) -> HttpResponse {
    render(
        status,
        &MePage {
            w,
            notes: vec![(why, "error")],
            email_max: EmailAddress::MAX_CHARS,
            me: None,
        },
    )
}

/// POST /me/sign-out
pub async fn sign_out(state: web::Data<AppState>, request: HttpRequest) -> Answered {
    if let Some(cookie) = session_cookie(&request) {
        state.service.sign_out(&cookie).await.map_err(Failure)?;
    }
    let mut response = see_other("/me".into());
    let mut gone = session_cookie_for(&state, String::new());
    gone.make_removal();
    let _ = response.add_cookie(&gone);
    Ok(response)
}

/// POST /me/sign-out-everywhere: every session of the signed-in person ends (this browser's
/// too), and their mail-settings links stop working.
pub async fn sign_out_everywhere(state: web::Data<AppState>, request: HttpRequest) -> Answered {
    let Some(cookie) = session_cookie(&request) else {
        return Ok(see_other("/me".into()));
    };
    let Some(()) = state
        .service
        .sign_out_everywhere(&cookie)
        .await
        .map_err(Failure)?
    else {
        return Ok(see_other("/me".into()));
    };
    let mut response = see_other("/me?signed_out=1".into());
    let mut gone = session_cookie_for(&state, String::new());
    gone.make_removal();
    let _ = response.add_cookie(&gone);
    Ok(response)
}

#[derive(Template)]
#[template(path = "forget.html")]
struct ForgetPage<'w> {
    w: Words<'w>,
    problems: Vec<String>,
    /// Once forgotten: the pseudonym their seats carry now.
    pseudonym: Option<String>,
}

/// The "forget me" form: the box that confirms it.
#[derive(serde::Deserialize)]
pub struct ForgetForm {
    #[serde(default)]
    confirm: String,
}

/// GET /me/forget: what forgetting does, and the form that confirms it.
pub async fn forget_page(state: web::Data<AppState>, request: HttpRequest) -> Answered {
    if session_cookie(&request).is_none() {
        return Ok(see_other("/me".into()));
    }
    let w = state.words(&request);
    Ok(render(
        StatusCode::OK,
        &ForgetPage {
            w,
            problems: Vec::new(),
            pseudonym: None,
        },
    ))
}

/// POST /me/forget: forget the signed-in person (see `Games::forget`); this browser is
/// signed out with them.
pub async fn forget(
    state: web::Data<AppState>,
    request: HttpRequest,
    form: web::Form<ForgetForm>,
) -> Answered {
    let w = state.words(&request);
    let Some(cookie) = session_cookie(&request) else {
        return Ok(see_other("/me".into()));
    };
    if form.confirm != "yes" {
        return Ok(render(
            StatusCode::BAD_REQUEST,
            &ForgetPage {
                w,
                problems: vec![w.get("forget-unconfirmed")],
                pseudonym: None,
            },
        ));
    }
    let Some(forgotten) = state.service.forget_me(&cookie).await.map_err(Failure)? else {
        return Ok(see_other("/me".into()));
    };
    let mut response = render(
        StatusCode::OK,
        &ForgetPage {
            w,
            problems: Vec::new(),
            pseudonym: Some(forgotten.pseudonym),
        },
    );
    let mut gone = session_cookie_for(&state, String::new());
    gone.make_removal();
    let _ = response.add_cookie(&gone);
    Ok(response)
}

/// POST /me/settings: the signed-in person's preferences.
pub async fn save_settings(
    state: web::Data<AppState>,
    request: HttpRequest,
    form: web::Form<Vec<(String, String)>>,
) -> Answered {
    let Some(cookie) = session_cookie(&request) else {
        return Ok(see_other("/me".into()));
    };
    let (input, never) = preferences_of(&form);
    match state
        .service
        .save_my_settings(&cookie, input, never)
        .await?
    {
        Some(_) => Ok(see_other("/me?saved=1".into())),
        None => Ok(see_other("/me".into())),
    }
}

/// The preferences and the never-mail choice a settings form submitted.
fn preferences_of(fields: &[(String, String)]) -> (PreferencesInput, bool) {
    let never = fields.iter().any(|(k, v)| k == "never_mail" && v == "on");
    (preferences_input(fields), never)
}

/// POST /me/away: the signed-in person declares an absence; their deadlines in every game
/// move past it.
pub async fn away(
    state: web::Data<AppState>,
    request: HttpRequest,
    form: web::Form<super::seat_forms::AwayForm>,
) -> Answered {
    let Some(cookie) = session_cookie(&request) else {
        return Ok(see_other("/me".into()));
    };
    let (from, to) =
        super::seat_forms::dates_of(&form.from, &form.to).map_err(Answer::on_my_games)?;
    let declared = state
        .service
        .declare_own_absence(&cookie, from, to)
        .await
        .map_err(|error| {
            use super::errors::Answers;
            error.answer().on_my_games()
        })?;
    match declared {
        Some(()) => Ok(see_other("/me?away=1".into())),
        None => Ok(see_other("/me".into())),
    }
}

/// POST /me/away/{absence}/withdraw: the signed-in person withdraws an absence they declared.
pub async fn withdraw_absence(
    state: web::Data<AppState>,
    request: HttpRequest,
    absence: web::Path<String>,
) -> Answered {
    let Some(cookie) = session_cookie(&request) else {
        return Ok(see_other("/me".into()));
    };
    let withdrawn = state
        .service
        .withdraw_own_absence(&cookie, absence.into_inner())
        .await
        .map_err(|error| {
            use super::errors::Answers;
            error.answer().on_my_games()
        })?;
    match withdrawn {
        Some(done) => Ok(see_other(format!("/me?withdrawn={}", u8::from(done)))),
        None => Ok(see_other("/me".into())),
    }
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
) -> Answered {
    let Some(cookie) = session_cookie(&request) else {
        return Ok(see_other("/me".into()));
    };
    let game = GameId::parse(&game).map_err(|_| Answer::no_game())?;
    let muted = state
        .service
        .set_muted(&cookie, &game, form.on == "1")
        .await
        .map_err(Failure)?;
    match muted {
        Some(true) => Ok(see_other("/me?saved=1".into())),
        Some(false) => Err(Answer::no_game().into()),
        None => Ok(see_other("/me".into())),
    }
}

/// A mail-settings or unsubscribe link that is not one: 403.
pub(super) fn bad_mail_link() -> Answer {
    Answer::message(
        StatusCode::FORBIDDEN,
        "bad_token",
        "api-error-bad-token",
        "page-bad-mail-link",
    )
}

/// GET /mail/{token}: the mail settings a mail's footer links to (no sign-in needed).
pub async fn settings(
    state: web::Data<AppState>,
    request: HttpRequest,
    token: web::Path<String>,
    query: web::Query<MeQuery>,
) -> Answered {
    let w = state.words(&request);
    let mut notes = Vec::new();
    if query.saved.is_some() {
        notes.push((w.get("me-saved"), "info"));
    }
    if query.calendar_revoked.is_some() {
        notes.push((w.get("calendar-revoked"), "info"));
    }
    settings_page(
        &state,
        &request,
        &token,
        notes,
        StatusCode::OK,
        String::new(),
    )
    .await
}

/// The mail-settings page with `notes` above it and `typed` in its block-an-address box.
async fn settings_page(
    state: &web::Data<AppState>,
    request: &HttpRequest,
    token: &str,
    notes: Vec<(String, &'static str)>,
    status: StatusCode,
    typed: String,
) -> Answered {
    let w = state.words(request);
    let MailSettings {
        person,
        running: games,
        blocked,
        notices,
    } = state
        .service
        .mail_settings(token, w.lang())
        .await
        .map_err(Failure)?
        .ok_or_else(bad_mail_link)?;
    let path = format!("/mail/{token}");
    let (webhook_formats, webhook_status) = webhook_parts(state, w, request, &person, &notices);
    Ok(render(
        status,
        &SettingsPage {
            w,
            notes,
            stopped: never_mail_meaning(state, w, person.suppressed_at.is_some(), &games),
            preferences: preferences_form(state, w, request, &person, path.clone()),
            games,
            path,
            blocked,
            block_typed: typed,
            address_max: EmailAddress::MAX_CHARS,
            webhook_formats,
            webhook_max: crate::service::notices::WebhookUrl::MAX_CHARS,
            webhook_status,
            notices,
        },
    ))
}

/// POST /mail/{token}/blocks: block an address the link's person typed, then their mail
/// settings again; an address that is not one, or their own, comes back with what was wrong.
pub async fn block_by_mail_link(
    state: web::Data<AppState>,
    request: HttpRequest,
    token: web::Path<String>,
    form: web::Form<AddressForm>,
) -> Answered {
    let w = state.words(&request);
    let again = |key: &str| (vec![(w.get(key), "error")], form.address.trim().to_owned());
    let (notes, typed) = match EmailAddress::parse(&form.address) {
        Err(_) => again("moderation-block-bad-address"),
        Ok(address) => match state.service.block_by_mail_link(&token, address).await {
            Ok(Some(_)) => return Ok(see_other(format!("/mail/{token}?saved=1#blocked"))),
            Ok(None) => return Err(bad_mail_link().into()),
            Err(BlockError::OwnAddress) => again("moderation-block-own-address"),
            Err(other) => return Err(other.into()),
        },
    };
    settings_page(
        &state,
        &request,
        &token,
        notes,
        StatusCode::UNPROCESSABLE_ENTITY,
        typed,
    )
    .await
}

/// POST /mail/{token}/blocks/{block}/unblock: lift one of the link's person's blocks, then
/// their mail settings again.
pub async fn unblock_by_mail_link(
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Answered {
    let (token, block) = path.into_inner();
    let lifted = state
        .service
        .unblock_by_mail_link(&token, &block)
        .await
        .map_err(Failure)?
        .ok_or_else(bad_mail_link)?;
    match lifted {
        true => Ok(see_other(format!("/mail/{token}?saved=1#blocked"))),
        false => Err(Answer::message(
            StatusCode::NOT_FOUND,
            "not_found",
            "moderation-no-such-block",
            "moderation-no-such-block",
        )
        .into()),
    }
}

/// POST /mail/{token}/games/{game}/mute: mute (on=1) or unmute one of the link's person's
/// games, then their mail settings again.
pub async fn mute_by_mail_link(
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
    form: web::Form<MuteForm>,
) -> Answered {
    let (token, game) = path.into_inner();
    let game = GameId::parse(&game).map_err(|_| Answer::no_game())?;
    let muted = state
        .service
        .mute_by_mail_link(&token, &game, form.on == "1")
        .await
        .map_err(Failure)?
        .ok_or_else(bad_mail_link)?;
    match muted {
        true => Ok(see_other(format!("/mail/{token}?saved=1"))),
        false => Err(Answer::no_game().into()),
    }
}

/// POST /mail/{token}: the settings page again, saying they were saved or what is wrong.
pub async fn save_mail_settings(
    state: web::Data<AppState>,
    request: HttpRequest,
    token: web::Path<String>,
    form: web::Form<Vec<(String, String)>>,
) -> Answered {
    let w = state.words(&request);
    let MailSettings { person, .. } = state
        .service
        .mail_settings(&token, w.lang())
        .await
        .map_err(Failure)?
        .ok_or_else(bad_mail_link)?;
    let (input, never) = preferences_of(&form);
    let (status, notes) = match state
        .service
        .save_settings(&person, input, never, None)
        .await
    {
        Ok(_) => (StatusCode::OK, vec![(w.get("me-saved"), "info")]),
        Err(SettingsError::Problems(problems)) => (
            StatusCode::BAD_REQUEST,
            problems.iter().map(|p| (w.get(p.key()), "error")).collect(),
        ),
        Err(error) => return Err(error.into()),
    };
    settings_page(&state, &request, &token, notes, status, String::new()).await
}

/// GET /unsubscribe/{token}: a button, so that a link checker following links never
/// unsubscribes anyone.
pub async fn unsubscribe_page(
    state: web::Data<AppState>,
    request: HttpRequest,
    token: web::Path<String>,
) -> Answered {
    let w = state.words(&request);
    let settings_url = state
        .service
        .unsubscribe_person(&token)
        .await
        .map_err(Failure)?
        .ok_or_else(bad_mail_link)?;
    Ok(render(
        StatusCode::OK,
        &UnsubscribePage {
            w,
            done: false,
            games: Vec::new(),
            missed: state.games.time_rules().missed_deadlines,
            action: format!("/unsubscribe/{token}"),
            settings_url,
        },
    ))
}

/// POST /unsubscribe/{token}: RFC 8058 one-click unsubscribe (no cookie, no form field needed):
/// this address is never mailed again.
pub async fn unsubscribe(
    state: web::Data<AppState>,
    request: HttpRequest,
    token: web::Path<String>,
) -> Answered {
    let w = state.words(&request);
    let (settings_url, games) = state
        .service
        .unsubscribe(&token, w.lang())
        .await
        .map_err(Failure)?
        .ok_or_else(bad_mail_link)?;
    Ok(render(
        StatusCode::OK,
        &UnsubscribePage {
            w,
            done: true,
            games,
            missed: state.games.time_rules().missed_deadlines,
            action: format!("/unsubscribe/{token}"),
            settings_url,
        },
    ))
}

/// GET /games/{game}/confirm/{signature}: the creator proves their address; the invitations
/// leave and the creator lands on their seat.
pub async fn confirm(state: web::Data<AppState>, path: web::Path<(String, String)>) -> Answered {
    let (game, signature) = path.into_inner();
    let game = GameId::parse(&game).map_err(|_| Answer::no_game())?;
    let seat_url = state.service.confirm(&game, &signature).await?;
    Ok(see_other(format!("{seat_url}?confirmed=1")))
}
