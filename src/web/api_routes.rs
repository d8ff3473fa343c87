//! The API's routes: the one table of methods and paths the server registers under `/api` (the
//! OpenAPI document is checked against it), and the JSON 404 and 405 for requests outside it.

use super::{api, api_create, lobby, AppState};
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};

/// Every route of the API, method and full path: [`scope`] registers exactly these, in order.
pub const ROUTES: &[(&str, &str)] = &[
    ("GET", "/api/openapi.json"),
    ("GET", "/api/v1/kinds"),
    ("GET", "/api/v1/lobby"),
    ("POST", "/api/v1/games"),
    ("GET", "/api/v1/games/{game}"),
    ("GET", "/api/v1/games/{game}/seat"),
    ("POST", "/api/v1/games/{game}/accept"),
    ("POST", "/api/v1/games/{game}/moves"),
    ("POST", "/api/v1/games/{game}/votes"),
    ("POST", "/api/v1/games/{game}/messages"),
    ("PUT", "/api/v1/games/{game}/note"),
    ("POST", "/api/v1/games/{game}/messages/{message}/report"),
    ("POST", "/api/v1/games/{game}/block"),
];

/// The routes of one game sit behind this prefix, a scope of their own: the router matches
/// the requests a move makes against a few patterns, not every route of the API.
const GAME: &str = "/api/v1/games/{game}";

/// The handler of a route of [`ROUTES`].
fn handler(method: &str, path: &str) -> actix_web::Route {
    match (method, path) {
        ("GET", "/api/openapi.json") => web::get().to(api::openapi),
        ("GET", "/api/v1/kinds") => web::get().to(api::kinds),
        ("GET", "/api/v1/lobby") => web::get().to(lobby::api_lobby),
        ("POST", "/api/v1/games") => web::post().to(api_create::create),
        ("GET", "/api/v1/games/{game}") => web::get().to(api::game),
        ("GET", "/api/v1/games/{game}/seat") => web::get().to(api::seat),
        ("POST", "/api/v1/games/{game}/accept") => web::post().to(api::accept),
        ("POST", "/api/v1/games/{game}/moves") => web::post().to(api::make_move),
        ("POST", "/api/v1/games/{game}/votes") => web::post().to(api::vote),
        ("POST", "/api/v1/games/{game}/messages") => web::post().to(api::post_message),
        ("PUT", "/api/v1/games/{game}/note") => web::put().to(api::put_note),
        ("POST", "/api/v1/games/{game}/messages/{message}/report") => {
            web::post().to(api::report_message)
        }
        ("POST", "/api/v1/games/{game}/block") => web::post().to(api::block),
        _ => unreachable!("the API route {method} {path} has no handler"),
    }
}

/// The methods [`ROUTES`] takes at `path` (a pattern), `HEAD` with every `GET`.
pub fn allowed(path: &str) -> Vec<&'static str> {
    let mut methods = Vec::new();
    for (method, _) in ROUTES.iter().filter(|(_, p)| *p == path) {
        methods.push(*method);
        if *method == "GET" {
            methods.push("HEAD");
        }
    }
    methods
}

/// The `/api` scope: one resource per path of [`ROUTES`] with its methods; any other method
/// there is a JSON 405 naming the allowed ones, any other path a JSON 404.
pub fn scope() -> actix_web::Scope {
    let mut api = web::scope("/api").default_service(web::to(no_route));
    let mut game = web::scope(&GAME["/api".len()..]).default_service(web::to(no_route));
    let mut paths: Vec<&str> = Vec::new();
    for (_, path) in ROUTES {
        if !paths.contains(path) {
            paths.push(path);
        }
    }
    for path in paths {
        let (inside, rest) = match path.strip_prefix(GAME) {
            Some(rest) => (true, rest),
            None => (false, &path["/api".len()..]),
        };
        let mut resource = web::resource(rest).default_service(web::to(wrong_method));
        for (method, _) in ROUTES.iter().filter(|(_, p)| *p == path) {
            resource = resource.route(handler(method, path));
        }
        if inside {
            game = game.service(resource);
        } else {
            api = api.service(resource);
        }
    }
    api.service(game)
}

/// A path under `/api` that no route takes.
async fn no_route(state: web::Data<AppState>, request: HttpRequest) -> HttpResponse {
    let w = state.words(&request);
    api::error(
        StatusCode::NOT_FOUND,
        "no_route",
        w.get("api-error-no-route"),
    )
}

/// A route of the API asked with a method it does not take: 405 with `Allow`.
async fn wrong_method(state: web::Data<AppState>, request: HttpRequest) -> HttpResponse {
    let w = state.words(&request);
    let methods = request
        .match_pattern()
        .map(|pattern| allowed(&pattern))
        .unwrap_or_default()
        .join(", ");
    let mut response = api::error(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        w.one("api-error-method", "allowed", methods.clone()),
    );
    if let Ok(value) = header::HeaderValue::from_str(&methods) {
        response.headers_mut().insert(header::ALLOW, value);
    }
    response
}
