//! The API's OpenAPI document, generated: its operations from the handlers' `#[utoipa::path]`,
//! its schemas from the request and answer types, its limits from the constants the service keeps.

use super::{api, api_create};
use crate::domain::{Contribution, EmailAddress, GameTitle, PlayerName};
use crate::kinds::Registry;
use crate::service::talk::MessageText;
use crate::service::{MIN_FINISHED, PACE_HOURS};
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::sync::LazyLock;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{OpenApi, ToSchema};

/// The document as `GET /api/openapi.json` serves it and docs/openapi.json keeps it
/// (`tests/it/openapi.rs` holds the two equal; `CORRIERE_WRITE_OPENAPI=1` writes the file anew).
pub fn document() -> &'static str {
    static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
        let mut text = serde_json::to_string_pretty(&generate()).expect("JSON");
        text.push('\n');
        text
    });
    &DOCUMENT
}

/// The document as JSON: utoipa's (OpenAPI 3.1) said as OpenAPI 3.0.3, the version it has
/// always declared, with the limits and each game's schemas added.
pub fn generate() -> Value {
    let mut doc = serde_json::to_value(ApiDoc::openapi()).expect("the document is JSON");
    lower_to_3_0(&mut doc);
    doc["openapi"] = json!("3.0.3");
    // 3.0 names a license, it has no SPDX identifier; and operations are not grouped by the
    // Rust module they are written in.
    if let Some(license) = doc["info"]["license"].as_object_mut() {
        license.remove("identifier");
    }
    for item in doc["paths"]
        .as_object_mut()
        .into_iter()
        .flat_map(|p| p.values_mut())
    {
        for operation in item
            .as_object_mut()
            .into_iter()
            .flat_map(|o| o.values_mut())
        {
            if let Some(operation) = operation.as_object_mut() {
                operation.remove("tags");
            }
        }
    }
    add_limits(&mut doc);
    add_games(&mut doc, &Registry::standard());
    doc
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "corriere API",
        version = "1",
        description = "Play-by-email games for bots and scripts. A seat acts with \
            `Authorization: Bearer SEAT.TOKEN`: the seat number (from 1), a dot, and the token \
            from the seat's link (/games/{id}/seat/{seat}/{token}). Actions, positions and \
            records are documented in docs/formats.md. Words meant for people (error messages, \
            rule refusals, what a move made happen, the games' titles) are in the language of \
            `Accept-Language` (English or Portuguese; English by default); codes and JSON fields \
            are the same in every language."
    ),
    paths(
        api_create::create,
        api::game,
        api::seat,
        api::accept,
        api::make_move,
        api::vote,
        api::post_message,
        api::put_note,
        api::report_message,
        api::block,
        api::kinds,
        super::lobby::api_lobby,
        api::openapi
    ),
    components(schemas(ApiError, View, Options, Action)),
    modifiers(&SeatTokenScheme)
)]
struct ApiDoc;

/// `seatToken`: the bearer every operation for a seat takes.
struct SeatTokenScheme;

impl utoipa::Modify for SeatTokenScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "seatToken",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("SEAT.TOKEN"))
                    .build(),
            ),
        );
    }
}

/// The API's error answer.
#[derive(Serialize, ToSchema)]
#[schema(as = Error)]
pub struct ApiError {
    #[schema(inline)]
    error: ApiErrorDetail,
}

#[derive(Serialize, ToSchema)]
struct ApiErrorDetail {
    /// What went wrong, for programs: the same in every language.
    code: String,
    /// What went wrong and what to do, for people: in the language of the request's
    /// `Accept-Language` (English or Portuguese; English by default).
    message: String,
    /// A stale move's answer: the game's current `seq`.
    current_seq: Option<i64>,
}

/// A schema that [`add_games`] (or the engine's JSON) fills in: an object, described.
macro_rules! described_object {
    ($name:ident, $words:literal) => {
        #[doc = $words]
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::ObjectBuilder::new()
                    .description(Some($words))
                    .into()
            }
        }

        impl ToSchema for $name {}
    };
}

described_object!(
    View,
    "What this viewer may see (engine `view()`): seats with hand counts (and the viewer's own \
     hand), lines (face-down cards of others have card null), strengths as the viewer can \
     work them out, regions, Pope, token, discard pile, draw pile size, who the game waits on, \
     outcome; for a finished game also every hand, the deck and the seed."
);
described_object!(
    Options,
    "The options of the game named by `game`: an object of the fields `GET /api/v1/kinds` \
     lists for it, with their limits."
);
described_object!(
    Action,
    "An action of the game being played: its JSON form (docs/formats.md)."
);

/// Where utoipa writes OpenAPI 3.1, say it in 3.0: a type that may be null is its one type
/// with `nullable`, a `oneOf` of null and one schema is that schema, nullable, and a map's
/// `propertyNames` (3.0 has no word for its keys) is left to the map's description.
fn lower_to_3_0(value: &mut Value) {
    match value {
        Value::Object(fields) => {
            for inner in fields.values_mut() {
                lower_to_3_0(inner);
            }
            lower_schema(fields);
        }
        Value::Array(items) => items.iter_mut().for_each(lower_to_3_0),
        _ => {}
    }
}

fn lower_schema(fields: &mut Map<String, Value>) {
    fields.remove("propertyNames");
    let null = |v: &Value| v == &json!("null") || v == &json!({"type": "null"});
    if let Some(Value::Array(kinds)) = fields.get("type") {
        let nullable = kinds.iter().any(null);
        let rest: Vec<Value> = kinds.iter().filter(|k| !null(k)).cloned().collect();
        if let [one] = rest.as_slice() {
            fields.insert("type".into(), one.clone());
            if nullable {
                fields.insert("nullable".into(), json!(true));
            }
        }
    }
    for union in ["oneOf", "anyOf"] {
        let Some(Value::Array(branches)) = fields.get(union) else {
            continue;
        };
        if !branches.iter().any(null) {
            continue;
        }
        let rest: Vec<Value> = branches.iter().filter(|b| !null(b)).cloned().collect();
        fields.remove(union);
        match rest.as_slice() {
            [Value::Object(one)] if one.contains_key("$ref") => {
                fields.insert("allOf".into(), json!([one]));
            }
            [Value::Object(one)] => {
                for (name, inner) in one {
                    fields.entry(name.clone()).or_insert_with(|| inner.clone());
                }
            }
            _ => {
                fields.insert(union.into(), Value::Array(rest));
            }
        }
        fields.insert("nullable".into(), json!(true));
    }
    if fields.get("nullable") == Some(&json!(true)) {
        if let Some(Value::Array(allowed)) = fields.get_mut("enum") {
            if !allowed.contains(&Value::Null) {
                allowed.push(Value::Null);
            }
        }
    }
}

/// The limits the service enforces, from its own constants.
fn add_limits(doc: &mut Value) {
    let registry = Registry::standard();
    let least = registry.kinds().map(|k| k.players().0).min().unwrap_or(0);
    let most = registry.kinds().map(|k| k.players().1).max().unwrap_or(0);
    let create = "/components/schemas/CreateGame/properties";
    let accept = "/paths/~1api~1v1~1games~1{id}~1accept/post/requestBody/content/\
                  application~1json/schema/properties";
    let message = "/paths/~1api~1v1~1games~1{id}~1messages/post/requestBody/content/\
                   application~1json/schema/properties";
    let limits = [
        (format!("{create}/seats"), "minItems", least as usize),
        (format!("{create}/seats"), "maxItems", most as usize),
        (
            format!("{create}/seats/items/properties/name"),
            "maxLength",
            PlayerName::MAX_CHARS,
        ),
        (
            format!("{create}/seats/items/properties/email"),
            "maxLength",
            EmailAddress::MAX_CHARS,
        ),
        (format!("{create}/title"), "maxLength", GameTitle::MAX_CHARS),
        (
            format!("{create}/hours_per_decision"),
            "minimum",
            *PACE_HOURS.start() as usize,
        ),
        (
            format!("{create}/hours_per_decision"),
            "maximum",
            *PACE_HOURS.end() as usize,
        ),
        (
            format!("{create}/min_finished"),
            "minimum",
            *MIN_FINISHED.start() as usize,
        ),
        (
            format!("{create}/min_finished"),
            "maximum",
            *MIN_FINISHED.end() as usize,
        ),
        (
            format!("{accept}/contribution"),
            "maxLength",
            Contribution::MAX_CHARS,
        ),
        (format!("{message}/text"), "minLength", 1),
        (
            format!("{message}/text"),
            "maxLength",
            MessageText::MAX_CHARS,
        ),
    ];
    // The body is optional (no `required`), but a body of `null` is refused.
    if let Some(body) = doc
        .pointer_mut(accept.trim_end_matches("/properties"))
        .and_then(Value::as_object_mut)
    {
        body.remove("nullable");
    }
    for (at, name, limit) in limits {
        let schema = doc
            .pointer_mut(&at)
            .and_then(Value::as_object_mut)
            .unwrap_or_else(|| panic!("the document has a schema at {at}"));
        schema.insert(name.into(), json!(limit));
    }
}

/// Each game's schemas (its options, its actions and their words, derived from the engine's
/// types: `Kind::schemas`), and `Options` and `Action` as the union of every game the
/// registry plays.
fn add_games(doc: &mut Value, registry: &Registry) {
    let schemas = doc["components"]["schemas"]
        .as_object_mut()
        .expect("the document has schemas");
    for kind in registry.kinds() {
        for (name, schema) in kind.schemas() {
            let mut schema = serde_json::to_value(schema).expect("a schema is JSON");
            lower_to_3_0(&mut schema);
            schemas.insert(name, schema);
        }
    }
    let refs = |suffix: &str| -> Vec<Value> {
        registry
            .kinds()
            .map(|kind| {
                let name = kind.name();
                let schema = name[..1].to_uppercase() + &name[1..] + suffix;
                assert!(
                    schemas.contains_key(&schema),
                    "the game {name} has no schema {schema} (its Rules::schemas)"
                );
                json!({"$ref": format!("#/components/schemas/{schema}")})
            })
            .collect()
    };
    let (any_options, one_action) = (refs("Options"), refs("Action"));
    // `{}` is the options of every game with all defaults: any of them, not exactly one.
    let options = schemas["Options"]
        .as_object_mut()
        .expect("an Options schema");
    options.remove("type");
    options.insert("anyOf".into(), Value::Array(any_options));
    let action = schemas["Action"].as_object_mut().expect("an Action schema");
    action.remove("type");
    action.insert("oneOf".into(), Value::Array(one_action));
    let view = schemas["View"].as_object_mut().expect("a View schema");
    view.insert("nullable".into(), json!(true));
    view.insert("additionalProperties".into(), json!(true));
}

/// Where a seat's contribution came from.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ContributionSource {
    Player,
    Server,
}

/// Where a game stands.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    Inviting,
    Playing,
    Over,
    Cancelled,
    Imported,
}

/// One option of a game (`engine::OptionField`), its name and kind.
#[derive(Serialize, ToSchema)]
pub struct OptionField {
    name: String,
    #[schema(inline)]
    kind: OptionKind,
}

/// The kind of an option, with its limits.
#[derive(Serialize, ToSchema)]
pub struct OptionKind {
    #[serde(rename = "type")]
    #[schema(inline)]
    kind: OptionKindName,
    min: Option<u32>,
    max: Option<u32>,
    /// A number's default, or a choice's value when none is given.
    #[schema(inline)]
    default: Option<OptionDefault>,
    /// A choice's values: the option takes one of these strings, and no other.
    values: Option<Vec<String>>,
}

#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum OptionDefault {
    Number(u32),
    Choice(String),
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OptionKindName {
    Flag,
    OptionalNumber,
    Number,
    OptionalSeat,
    Choice,
}

/// The answer to an accepted invitation.
#[derive(Serialize, ToSchema)]
pub struct Accepted {
    started: bool,
}

/// The answer to a move that was applied.
#[derive(Serialize, ToSchema)]
pub struct Moved {
    seq: i64,
    log_head: String,
    /// The signed receipt of `seq` and `log_head` (`corriere-receipt/1 …`, docs/formats.md).
    receipt: String,
    game_over: bool,
    happened: Vec<String>,
    /// The seats (numbered from 1) that owe a decision now; empty when the game is over.
    waiting: Vec<u8>,
    /// In a script: the action the rules refused after the ones before it were stored.
    #[schema(inline)]
    refused: Option<Refused>,
}

#[derive(Serialize, ToSchema)]
pub struct Refused {
    index: usize,
    code: String,
    message: String,
}
