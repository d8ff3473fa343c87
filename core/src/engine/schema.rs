//! The games' JSON forms as OpenAPI schemas (utoipa): each engine derives `ToSchema` on its
//! actions and options, and the few types with a hand-written serde form say theirs here. The
//! service collects them through the registry (`Kind::schemas`) and never names a game's type.

use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::ToSchema;

/// A named schema, as `components/schemas` holds it.
pub type NamedSchema = (String, RefOr<Schema>);

/// A game's schemas: its options and its action (named `<Game>Options` and `<Game>Action`),
/// and every schema they refer to, each once. The action is an enum with
/// `#[serde(tag = "type", deny_unknown_fields)]`: each variant's object is closed, as serde
/// has it (utoipa closes only structs).
pub fn of_game<O: ToSchema, A: ToSchema>() -> Vec<NamedSchema> {
    let mut all = vec![
        (O::name().into_owned(), O::schema()),
        (A::name().into_owned(), closed(A::schema())),
    ];
    O::schemas(&mut all);
    A::schemas(&mut all);
    let mut seen = std::collections::HashSet::new();
    all.retain(|(name, _)| seen.insert(name.clone()));
    all
}

/// Each object branch of a `oneOf` without fields beyond its own.
fn closed(mut schema: RefOr<Schema>) -> RefOr<Schema> {
    if let RefOr::T(Schema::OneOf(one_of)) = &mut schema {
        for branch in &mut one_of.items {
            if let RefOr::T(Schema::Object(object)) = branch {
                object.additional_properties =
                    Some(Box::new(AdditionalProperties::FreeForm(false)));
            }
        }
    }
    schema
}

/// A string that is one of `names`.
pub fn names<'a>(names: impl IntoIterator<Item = &'a str>, description: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(names))
        .description(Some(description))
        .into()
}

/// A whole number from `minimum`.
pub fn count(minimum: u32) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(minimum))
}

/// A whole number from 1, or a word the `pattern` matches.
pub fn number_or_word(pattern: &str, description: &str) -> RefOr<Schema> {
    OneOfBuilder::new()
        .item(count(1))
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(pattern)),
        )
        .description(Some(description))
        .into()
}

/// `impl ToSchema` for a type whose serde form is hand-written: its component name and schema.
macro_rules! schema {
    ($type:ty, $name:literal, $schema:expr) => {
        impl utoipa::PartialSchema for $type {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $schema
            }
        }

        impl utoipa::ToSchema for $type {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed($name)
            }
        }
    };
}
pub(crate) use schema;
