//! The OpenAPI document against the server that serves it: the routes the server registers
//! (its route table, and what the running app answers) are the documented operations; every
//! answer a client can get is documented and fits its schema; the documented limits are the
//! constants the server enforces; the document is OpenAPI 3.0 as it says.

use crate::support;

use corriere::domain::{Contribution, EmailAddress, GameTitle, PlayerName};
use corriere::service::talk::MessageText;
use corriere::service::PACE_HOURS;
use serde_json::{json, Value};
use support::{email_of, Backend, Page, SeatLink, TestApp};

on_each_backend!(every_answer_is_documented_and_fits_its_schema);

/// The document the server generates and serves (the snapshot test holds docs/openapi.json to it).
fn doc() -> Value {
    serde_json::from_str(corriere::web::openapi::document()).expect("the document is JSON")
}

/// docs/openapi.json is the generated document, byte for byte: a change to a route, a limit or
/// a schema changes the document, and the committed one must say so.
#[test]
fn the_committed_document_is_the_generated_one() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/openapi.json");
    let generated = corriere::web::openapi::document();
    if std::env::var_os("CORRIERE_WRITE_OPENAPI").is_some_and(|v| v == "1") {
        std::fs::write(path, generated).expect("docs/openapi.json written");
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/openapi.json is not the document the code generates; if the change is meant, \
         write it anew with `CORRIERE_WRITE_OPENAPI=1 cargo test --test it -- \
         openapi::the_committed_document_is_the_generated_one` and commit it"
    );
}

/// The schema `schema` stands for (following `$ref`).
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(name) => {
            let name = name
                .strip_prefix("#/components/schemas/")
                .unwrap_or_else(|| panic!("a reference to a component: {name}"));
            let target = &doc["components"]["schemas"][name];
            assert!(!target.is_null(), "no component {name}");
            resolve(doc, target)
        }
        None => schema,
    }
}

/// What is wrong with `value` under `schema`, by the parts of JSON Schema the document uses
/// (`pattern` and `format` aside); empty when it is valid.
fn problems(doc: &Value, schema: &Value, value: &Value, at: &str) -> Vec<String> {
    let schema = resolve(doc, schema);
    let mut found = Vec::new();
    if value.is_null() && schema["nullable"] == true {
        return found;
    }
    for part in schema["allOf"].as_array().into_iter().flatten() {
        found.extend(problems(doc, part, value, at));
    }
    if let Some(any) = schema["anyOf"].as_array() {
        if !any.iter().any(|s| problems(doc, s, value, at).is_empty()) {
            found.push(format!("{at}: {value} matches no branch of anyOf"));
        }
    }
    if let Some(one) = schema["oneOf"].as_array() {
        let matching = one
            .iter()
            .filter(|s| problems(doc, s, value, at).is_empty())
            .count();
        if matching != 1 {
            found.push(format!(
                "{at}: {value} matches {matching} branches of oneOf, not exactly one"
            ));
        }
    }
    if let Some(kind) = schema.get("type") {
        let kinds: Vec<&str> = match kind {
            Value::String(one) => vec![one.as_str()],
            Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        let fits = kinds.iter().any(|k| match *k {
            "object" => value.is_object(),
            "array" => value.is_array(),
            "string" => value.is_string(),
            "integer" => value.is_i64() || value.is_u64(),
            "number" => value.is_number(),
            "boolean" => value.is_boolean(),
            "null" => value.is_null(),
            _ => false,
        });
        if !fits {
            found.push(format!("{at}: {value} is not of type {kind}"));
            return found;
        }
    }
    if let Some(allowed) = schema["enum"].as_array() {
        if !allowed.contains(value) {
            found.push(format!("{at}: {value} is not one of {allowed:?}"));
        }
    }
    let limit = |name: &str| schema[name].as_f64();
    let mut outside = |what: &str, n: f64| {
        if limit(&format!("min{what}")).is_some_and(|min| n < min)
            || limit(&format!("max{what}")).is_some_and(|max| n > max)
        {
            found.push(format!(
                "{at}: {value} is outside the documented {what} limits"
            ));
        }
    };
    match value {
        Value::String(text) => outside("Length", text.chars().count() as f64),
        Value::Array(items) => outside("Items", items.len() as f64),
        Value::Number(n) => outside("imum", n.as_f64().unwrap()),
        _ => {}
    }
    match value {
        Value::Object(fields) => {
            for name in schema["required"].as_array().into_iter().flatten() {
                let name = name.as_str().unwrap();
                if !fields.contains_key(name) {
                    found.push(format!("{at}: lacks the required {name}"));
                }
            }
            for (name, field) in fields {
                let at = format!("{at}.{name}");
                match schema["properties"].get(name) {
                    Some(inner) => found.extend(problems(doc, inner, field, &at)),
                    None => match &schema["additionalProperties"] {
                        Value::Bool(false) => found.push(format!("{at} is not documented")),
                        inner @ Value::Object(_) => found.extend(problems(doc, inner, field, &at)),
                        _ => {}
                    },
                }
            }
        }
        Value::Array(items) => {
            if let Some(inner) = schema.get("items") {
                for (i, item) in items.iter().enumerate() {
                    found.extend(problems(doc, inner, item, &format!("{at}[{i}]")));
                }
            }
        }
        _ => {}
    }
    found
}

/// The documented path of a route pattern (the document names the game `{id}`).
fn documented_path(pattern: &str) -> String {
    pattern.replace("{game}", "{id}")
}

fn operation<'a>(doc: &'a Value, path: &str, method: &str) -> &'a Value {
    let op = &doc["paths"][path][method.to_ascii_lowercase()];
    assert!(op.is_object(), "{method} {path} is not documented");
    op
}

/// What a request sends as its body.
enum Body {
    None,
    Json(Value),
    /// Bytes sent as `application/json` that are not JSON.
    Garbage,
}

/// The answers one scenario met, checked against the document as they come.
struct Checker<'a> {
    app: &'a TestApp,
    doc: Value,
    problems: Vec<String>,
}

impl Checker<'_> {
    /// Send `method path` (a route pattern, with `{game}` for `game`) and check the answer: its
    /// status is documented for the operation, its body fits the documented schema, and it is
    /// the status `expected`.
    async fn call(
        &mut self,
        method: &str,
        pattern: &str,
        game: &str,
        bearer: Option<&str>,
        body: Body,
        expected: u16,
    ) -> Page {
        let url = self.app.url(&pattern.replace("{game}", game));
        let mut request = self
            .app
            .client
            .request(method.parse().unwrap(), url)
            .header("accept-language", "en");
        if let Some(bearer) = bearer {
            request = request.bearer_auth(bearer);
        }
        request = match &body {
            Body::None => request,
            Body::Json(value) => request.json(value),
            Body::Garbage => request
                .header("content-type", "application/json")
                .body("{not json"),
        };
        let page = self.app.read_raw(request).await;
        let shown: String = page.body.chars().take(300).collect();
        let said = format!("{method} {pattern} → {}: {shown}", page.status);
        if page.status != expected {
            self.problems
                .push(format!("expected {expected}, got {said}"));
        }
        let op = &self.doc["paths"][documented_path(pattern)][method.to_ascii_lowercase()];
        if !op.is_object() {
            self.problems
                .push(format!("undocumented operation: {said}"));
            return page;
        }
        if let Body::Json(value) = &body {
            let schema = &op["requestBody"]["content"]["application/json"]["schema"];
            if page.status < 300 && schema.is_object() {
                for problem in problems(&self.doc, schema, value, "request") {
                    self.problems.push(format!(
                        "the server took a body the document refuses: {problem}"
                    ));
                }
            }
        }
        let answer = &op["responses"][page.status.to_string()];
        if !answer.is_object() {
            self.problems.push(format!("undocumented status: {said}"));
            return page;
        }
        let schema = &answer["content"]["application/json"]["schema"];
        if schema.is_object() {
            match serde_json::from_str::<Value>(&page.body) {
                Ok(value) => {
                    for problem in problems(&self.doc, schema, &value, "answer") {
                        self.problems.push(format!("{problem} ({said})"));
                    }
                }
                Err(_) => self.problems.push(format!("not JSON: {said}")),
            }
        }
        page
    }
}

async fn every_answer_is_documented_and_fits_its_schema(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let mut c = Checker {
        app: &app,
        doc: doc(),
        problems: Vec::new(),
    };
    let none = "-";
    let served = c
        .call("GET", "/api/openapi.json", none, None, Body::None, 200)
        .await;
    assert_eq!(
        served.json(),
        doc(),
        "the served document is the generated one"
    );
    c.call("GET", "/api/v1/kinds", none, None, Body::None, 200)
        .await;
    // Creating: bodies the server takes fit the document, its refusals are documented.
    let long_name = "n".repeat(PlayerName::MAX_CHARS + 1);
    c.call(
        "POST",
        "/api/v1/games",
        none,
        None,
        Body::Json(json!({"seats": [{"name": long_name, "email": email_of(1)}]})),
        400,
    )
    .await;
    c.call("POST", "/api/v1/games", none, None, Body::Garbage, 400)
        .await;
    for game in ["condottiere", "war"] {
        c.call(
            "POST",
            "/api/v1/games",
            none,
            None,
            Body::Json(json!({
                "game": game,
                "options": {},
                "seats": [
                    {"name": "Alice", "email": email_of(1)},
                    {"name": "Bob", "email": email_of(2)},
                    {"name": "Carla", "email": email_of(3)}
                ]
            })),
            201,
        )
        .await;
    }
    let created = c
        .call(
            "POST",
            "/api/v1/games",
            none,
            None,
            Body::Json(json!({
                "game": "condottiere",
                "options": {"hidden_cards": true},
                "title": "t".repeat(GameTitle::MAX_CHARS),
                "hours_per_decision": *PACE_HOURS.end(),
                "seats": [
                    {"name": "A".repeat(PlayerName::MAX_CHARS), "email": email_of(1)},
                    {"name": "Bob", "email": email_of(2)}
                ]
            })),
            201,
        )
        .await
        .json();
    let game = created["id"].as_str().unwrap().to_owned();
    app.confirm(&game).await;
    app.deliver_mail().await;
    let alice = SeatLink::parse(created["creator_seat_url"].as_str().unwrap()).unwrap();
    let bob = app.link_from_latest(email_of(2), |m| m.is_invitation());
    let (a, b) = (alice.bearer(), bob.bearer());
    let nobody = "1.notavalidtoken";
    c.call("GET", "/api/v1/games/{game}", &game, None, Body::None, 200)
        .await;
    c.call(
        "GET",
        "/api/v1/games/{game}",
        "nosuchgame",
        None,
        Body::None,
        404,
    )
    .await;
    // Every operation for a seat: no bearer is 401 whatever the body (the bearer is checked
    // first), a bearer that is not the seat's is 403 whatever the body, and only then is a
    // body that is not one a 400.
    for (method, pattern) in [
        ("GET", "/api/v1/games/{game}/seat"),
        ("POST", "/api/v1/games/{game}/accept"),
        ("POST", "/api/v1/games/{game}/moves"),
        ("POST", "/api/v1/games/{game}/messages"),
    ] {
        let body = || {
            if method == "GET" {
                Body::None
            } else {
                Body::Garbage
            }
        };
        c.call(method, pattern, &game, None, body(), 401).await;
        let good = || match pattern {
            "/api/v1/games/{game}/moves" => {
                Body::Json(json!({"seq": 0, "action": {"type": "pass"}}))
            }
            "/api/v1/games/{game}/messages" => Body::Json(json!({"text": "hello"})),
            _ => Body::None,
        };
        c.call(method, pattern, &game, Some(nobody), good(), 403)
            .await;
        // A bearer that is not the seat's hears that before anything about its body.
        c.call(method, pattern, &game, Some(nobody), body(), 403)
            .await;
        c.call(method, pattern, "nosuchgame", Some(&a), good(), 404)
            .await;
        if method == "POST" {
            c.call(method, pattern, &game, Some(&a), Body::Garbage, 400)
                .await;
        }
    }
    // The contribution's limit is the one the server keeps, documented.
    let too_long = "c".repeat(Contribution::MAX_CHARS + 1);
    c.call(
        "POST",
        "/api/v1/games/{game}/accept",
        &game,
        Some(&a),
        Body::Json(json!({"contribution": too_long})),
        400,
    )
    .await;
    c.call(
        "POST",
        "/api/v1/games/{game}/accept",
        &game,
        Some(&a),
        Body::Json(json!({"contribution": "c".repeat(Contribution::MAX_CHARS)})),
        200,
    )
    .await;
    c.call(
        "POST",
        "/api/v1/games/{game}/accept",
        &game,
        Some(&a),
        Body::None,
        409,
    )
    .await;
    c.call(
        "POST",
        "/api/v1/games/{game}/accept",
        &game,
        Some(&b),
        Body::None,
        200,
    )
    .await;
    // Moves: the seat's legal actions are documented actions; a move and a stale one.
    for _ in 0..2 {
        for bearer in [&a, &b] {
            let seat = c
                .call(
                    "GET",
                    "/api/v1/games/{game}/seat",
                    &game,
                    Some(bearer),
                    Body::None,
                    200,
                )
                .await
                .json();
            let Some(action) = seat["legal_actions"][0].as_object().cloned() else {
                continue;
            };
            let seq = seat["seq"].clone();
            let mv = json!({"seq": seq, "action": action});
            c.call(
                "POST",
                "/api/v1/games/{game}/moves",
                &game,
                Some(bearer),
                Body::Json(mv.clone()),
                200,
            )
            .await;
            c.call(
                "POST",
                "/api/v1/games/{game}/moves",
                &game,
                Some(bearer),
                Body::Json(mv),
                409,
            )
            .await;
        }
    }
    c.call(
        "POST",
        "/api/v1/games/{game}/moves",
        &game,
        Some(&a),
        Body::Json(json!({"seq": 0})),
        400,
    )
    .await;
    // Messages, at their limit and past it.
    c.call(
        "POST",
        "/api/v1/games/{game}/messages",
        &game,
        Some(&a),
        Body::Json(json!({"text": "m".repeat(MessageText::MAX_CHARS)})),
        201,
    )
    .await;
    c.call(
        "POST",
        "/api/v1/games/{game}/messages",
        &game,
        Some(&a),
        Body::Json(json!({"text": "m".repeat(MessageText::MAX_CHARS + 1), "to": 2})),
        422,
    )
    .await;
    c.call(
        "POST",
        "/api/v1/games/{game}/messages",
        &game,
        Some(&b),
        Body::Json(json!({"text": "to you", "to": 1})),
        201,
    )
    .await;
    c.call("GET", "/api/v1/games/{game}", &game, None, Body::None, 200)
        .await;
    c.call(
        "GET",
        "/api/v1/games/{game}/seat",
        &game,
        Some(&a),
        Body::None,
        200,
    )
    .await;
    // A vote at the table, and the game as it shows one waiting for answers; a second
    // proposal meanwhile is refused.
    let seq = app.api_game(&game).await.json()["seq"].as_i64().unwrap();
    let pause = json!({"seq": seq, "vote": {"propose": {"pause": {"hours": 48}}}});
    c.call(
        "POST",
        "/api/v1/games/{game}/votes",
        &game,
        Some(&a),
        Body::Json(pause),
        200,
    )
    .await;
    let shown = c
        .call("GET", "/api/v1/games/{game}", &game, None, Body::None, 200)
        .await
        .json();
    assert_eq!(
        shown["table"]["proposal"]["proposal"],
        json!({"pause": {"hours": 48}})
    );
    let draw = json!({"seq": seq + 1, "vote": {"propose": "draw"}});
    c.call(
        "POST",
        "/api/v1/games/{game}/votes",
        &game,
        Some(&b),
        Body::Json(draw),
        422,
    )
    .await;
    let problems = std::mem::take(&mut c.problems);
    app.stop().await;
    assert!(
        problems.is_empty(),
        "the document and the server disagree:\n{}",
        problems.join("\n")
    );
}

/// The route table the server registers from, and the running app: every route is
/// documented, every documented operation answers (it is not the API's "no such route" or
/// "wrong method"), and a documented path answers 405 to every method not documented there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_is_documented_and_every_documented_operation_answers() {
    let doc = doc();
    let methods = ["get", "post", "put", "patch", "delete"];
    let mut documented = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in methods {
            if item.get(method).is_some() {
                documented.push((method.to_ascii_uppercase(), path.clone()));
            }
        }
    }
    let mut real: Vec<(String, String)> = corriere::web::api_routes::ROUTES
        .iter()
        .map(|(method, path)| (method.to_string(), documented_path(path)))
        .collect();
    documented.sort();
    real.sort();
    assert_eq!(
        real, documented,
        "the routes the server has, and the ones documented"
    );
    let app = TestApp::spawn(&Backend::Sqlite).await;
    for (path, item) in doc["paths"].as_object().unwrap() {
        let url = app.url(&path.replace("{id}", "nosuchgame"));
        for method in methods {
            let page = app
                .read_raw(
                    app.client
                        .request(method.to_ascii_uppercase().parse().unwrap(), &url),
                )
                .await;
            let code = serde_json::from_str::<Value>(&page.body)
                .map(|v| v["error"]["code"].clone())
                .unwrap_or(Value::Null);
            if item.get(method).is_some() {
                assert!(
                    page.headers
                        .get("content-type")
                        .is_some_and(|t| t.to_str().unwrap().starts_with("application/json"))
                        && code != "no_route"
                        && code != "method_not_allowed",
                    "{method} {path} is documented but the server has no such route: {} {}",
                    page.status,
                    page.body
                );
            } else {
                assert_eq!(page.status, 405, "{method} {path}: {}", page.body);
                assert_eq!(code, "method_not_allowed", "{method} {path}");
            }
        }
    }
    app.stop().await;
}

/// Each documented limit is the constant the server enforces, for the API, the forms and the
/// replies alike.
#[test]
fn the_documented_limits_are_the_ones_the_server_keeps() {
    let doc = doc();
    let schemas = &doc["components"]["schemas"];
    let seat = &schemas["CreateGame"]["properties"]["seats"];
    let registry = corriere::kinds::Registry::standard();
    let most = registry.kinds().map(|k| k.players().1).max().unwrap();
    let least = registry.kinds().map(|k| k.players().0).min().unwrap();
    let accept = &operation(&doc, "/api/v1/games/{id}/accept", "post")["requestBody"]["content"]
        ["application/json"]["schema"]["properties"]["contribution"];
    let message = &operation(&doc, "/api/v1/games/{id}/messages", "post")["requestBody"]["content"]
        ["application/json"]["schema"]["properties"]["text"];
    let hours = &schemas["CreateGame"]["properties"]["hours_per_decision"];
    for (what, documented, enforced) in [
        (
            "seat name",
            &seat["items"]["properties"]["name"]["maxLength"],
            PlayerName::MAX_CHARS as u64,
        ),
        (
            "seat email",
            &seat["items"]["properties"]["email"]["maxLength"],
            EmailAddress::MAX_CHARS as u64,
        ),
        ("seats at most", &seat["maxItems"], u64::from(most)),
        ("seats at least", &seat["minItems"], u64::from(least)),
        (
            "title",
            &schemas["CreateGame"]["properties"]["title"]["maxLength"],
            GameTitle::MAX_CHARS as u64,
        ),
        (
            "contribution",
            &accept["maxLength"],
            Contribution::MAX_CHARS as u64,
        ),
        (
            "message",
            &message["maxLength"],
            MessageText::MAX_CHARS as u64,
        ),
        (
            "hours at least",
            &hours["minimum"],
            u64::from(*PACE_HOURS.start()),
        ),
        (
            "hours at most",
            &hours["maximum"],
            u64::from(*PACE_HOURS.end()),
        ),
    ] {
        assert_eq!(
            documented.as_u64(),
            Some(enforced),
            "the documented limit of the {what}"
        );
    }
    // The options of each game with all defaults, `{}`, are one game's options.
    let options = &schemas["CreateGame"]["properties"]["options"];
    assert_eq!(
        problems(&doc, options, &json!({}), "options"),
        Vec::<String>::new()
    );
}

/// OpenAPI 3.0 (which the document says it is) gives a schema one type; a value that may be
/// null says `nullable`.
#[test]
fn the_document_is_openapi_3_0() {
    fn walk(value: &Value, at: &str, found: &mut Vec<String>) {
        match value {
            Value::Object(fields) => {
                if let Some(kind) = fields.get("type") {
                    if !kind.is_string() {
                        found.push(format!("{at}: type {kind}"));
                    }
                }
                for (name, inner) in fields {
                    if name != "properties" || !inner.is_object() {
                        walk(inner, &format!("{at}/{name}"), found);
                    } else {
                        for (field, schema) in inner.as_object().unwrap() {
                            walk(schema, &format!("{at}/properties/{field}"), found);
                        }
                    }
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    walk(item, &format!("{at}/{i}"), found);
                }
            }
            _ => {}
        }
    }
    let doc = doc();
    assert_eq!(doc["openapi"], "3.0.3");
    let mut found = Vec::new();
    walk(&doc, "#", &mut found);
    assert!(found.is_empty(), "not OpenAPI 3.0: {found:#?}");
}

#[test]
fn the_openapi_document_describes_every_condottiere_action() {
    use corriere::engine::condottiere::{Action, Card, Region};
    let doc: serde_json::Value = serde_json::from_str(corriere::web::openapi::document()).unwrap();
    let documented: Vec<&serde_json::Value> = doc["components"]["schemas"]["CondottiereAction"]
        ["oneOf"]
        .as_array()
        .expect("a CondottiereAction schema")
        .iter()
        .map(|a| &a["properties"]["type"]["enum"][0])
        .collect();
    let torino = Region::from_id(1).unwrap();
    for action in [
        Action::PlaceToken { region: torino },
        Action::Play { card: Card::M1 },
        Action::Pass { reveal: true },
        Action::Scarecrow { take: None },
        Action::Pope { region: None },
        Action::DiscardHand { discard: true },
        Action::Keep { cards: vec![] },
        Action::Draw { count: 1 },
    ] {
        let json = serde_json::to_value(&action).unwrap();
        assert!(
            documented.contains(&&json["type"]),
            "{json} is not documented"
        );
    }
    assert_eq!(documented.len(), 8);
}

#[test]
fn the_openapi_document_describes_every_war_action_and_option() {
    use corriere::engine::war::{Action, Amount, Card, Direction, Game, Territory};
    use corriere::engine::Rules;
    let doc: serde_json::Value = serde_json::from_str(corriere::web::openapi::document()).unwrap();
    let schemas = &doc["components"]["schemas"];
    let documented: Vec<&serde_json::Value> = schemas["WarAction"]["oneOf"]
        .as_array()
        .expect("a WarAction schema")
        .iter()
        .map(|a| &a["properties"]["type"]["enum"][0])
        .collect();
    let brasil = Territory::Brasil;
    let card = Card::of(brasil);
    let actions = [
        Action::Intelligence { continents: vec![] },
        Action::Trade { cards: vec![] },
        Action::Place {
            armies: Default::default(),
        },
        Action::Attack {
            from: brasil,
            to: brasil,
            air_card: None,
            plan: Default::default(),
        },
        Action::Continue {
            plan: Default::default(),
        },
        Action::EndCombat,
        Action::RevealTerrain,
        Action::Reroll {
            card,
            dice: vec![1],
        },
        Action::NoReaction,
        Action::Occupy { armies: 1 },
        Action::Move {
            from: brasil,
            to: brasil,
            armies: Amount::All,
        },
        Action::HiddenPassage { card },
        Action::AirTransport {
            card,
            direction: Direction::In,
            armies: Default::default(),
        },
        Action::ContinentalAlliance {
            card,
            armies: Default::default(),
        },
        Action::EndTurn { discard: None },
        Action::Discard { cards: vec![] },
        Action::SetOrders {
            orders: Default::default(),
        },
    ];
    for action in &actions {
        let json = serde_json::to_value(action).unwrap();
        assert!(
            documented.contains(&&json["type"]),
            "{json} is not documented"
        );
    }
    assert_eq!(documented.len(), actions.len());
    let refs = |name: &str| -> Vec<String> {
        // Actions are told apart by their type (oneOf); `{}` is every game's options (anyOf).
        schemas[name]["oneOf"]
            .as_array()
            .or(schemas[name]["anyOf"].as_array())
            .unwrap()
            .iter()
            .map(|r| r["$ref"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(refs("Action").contains(&"#/components/schemas/WarAction".to_string()));
    assert!(refs("Options").contains(&"#/components/schemas/WarOptions".to_string()));
    let options: Vec<&String> = schemas["WarOptions"]["properties"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    for field in <Game as Rules>::option_fields() {
        assert!(options.iter().any(|o| *o == field.name), "{}", field.name);
    }
    let territories = schemas["WarTerritory"]["enum"].as_array().unwrap();
    let ids: Vec<&str> = Territory::ALL.iter().map(|t| t.id()).collect();
    assert_eq!(
        territories
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect::<Vec<_>>(),
        ids
    );
}
