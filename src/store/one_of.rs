//! `column IN (values)` written as one statement for any number of values, so each connection
//! prepares it once: the store's one way to match a column against a list.
//!
//! Diesel's `eq_any` writes one `?` per value, and a statement whose text depends on how many
//! values it has is never kept in the connection's statement cache on SQLite: it was parsed and
//! planned again on every run (a move's seats and deadlines, a page's reliability). Here SQLite
//! reads the values from one bound JSON array (`IN (SELECT value FROM json_each(?))`) and
//! PostgreSQL from one bound array (`= ANY(?)`), so the text never changes.

use diesel::expression::{
    is_aggregate, AppearsOnTable, Expression, SelectableExpression, ValidGrouping,
};
use diesel::pg::Pg;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::result::QueryResult;
use diesel::serialize::ToSql;
use diesel::sql_types::{Array, Bool, HasSqlType, Integer, SingleValue, Text};
use diesel::sqlite::Sqlite;
use std::marker::PhantomData;

/// `column` is one of `values` (none: matches nothing).
pub fn one_of<C, V>(column: C, values: impl IntoIterator<Item = V>) -> OneOf<C>
where
    C: Expression,
    C::SqlType: OneOfSql,
    V: Into<Value<C>>,
{
    let values: Vec<Value<C>> = values.into_iter().map(Into::into).collect();
    OneOf {
        column,
        json: serde_json::to_string(&values).expect("a list of keys is JSON"),
        values,
    }
}

/// The Rust type of `C`'s values.
pub type Value<C> = <<C as Expression>::SqlType as OneOfSql>::Value;

/// See [`one_of`].
#[derive(Debug, Clone)]
pub struct OneOf<C: Expression>
where
    C::SqlType: OneOfSql,
{
    column: C,
    /// The values as SQLite reads them.
    json: String,
    /// The values as PostgreSQL reads them.
    values: Vec<Value<C>>,
}

impl<C: Expression> Expression for OneOf<C>
where
    C::SqlType: OneOfSql,
{
    type SqlType = Bool;
}

impl<C: Expression, QS> AppearsOnTable<QS> for OneOf<C>
where
    C: AppearsOnTable<QS>,
    C::SqlType: OneOfSql,
{
}

impl<C: Expression, QS> SelectableExpression<QS> for OneOf<C>
where
    C: SelectableExpression<QS>,
    C::SqlType: OneOfSql,
{
}

impl<C: Expression> ValidGrouping<()> for OneOf<C>
where
    C: ValidGrouping<(), IsAggregate = is_aggregate::No>,
    C::SqlType: OneOfSql,
{
    type IsAggregate = is_aggregate::No;
}

/// The statement-cache key of a [`OneOf`]: its column's (the text does not depend on the values).
pub struct OneOfId<C>(PhantomData<C>);

impl<C: Expression + QueryId> QueryId for OneOf<C>
where
    C::SqlType: OneOfSql,
{
    type QueryId = OneOfId<C::QueryId>;
    const HAS_STATIC_QUERY_ID: bool = C::HAS_STATIC_QUERY_ID;
}

impl<C> QueryFragment<Sqlite> for OneOf<C>
where
    C: Expression + QueryFragment<Sqlite>,
    C::SqlType: OneOfSql,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Sqlite>) -> QueryResult<()> {
        self.column.walk_ast(out.reborrow())?;
        out.push_sql(" IN (SELECT value FROM json_each(");
        out.push_bind_param::<Text, String>(&self.json)?;
        out.push_sql("))");
        Ok(())
    }
}

impl<C> QueryFragment<Pg> for OneOf<C>
where
    C: Expression + QueryFragment<Pg>,
    C::SqlType: OneOfSql,
    Vec<Value<C>>: ToSql<Array<C::SqlType>, Pg>,
    Pg: HasSqlType<C::SqlType>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        self.column.walk_ast(out.reborrow())?;
        out.push_sql(" = ANY(");
        out.push_bind_param::<Array<C::SqlType>, _>(&self.values)?;
        out.push_sql(")");
        Ok(())
    }
}

/// The column types a list is matched against, with the Rust type of their values.
pub trait OneOfSql: SingleValue {
    type Value: serde::Serialize + std::fmt::Debug + Clone + 'static;
}

impl OneOfSql for Text {
    type Value = String;
}

impl OneOfSql for Integer {
    type Value = i32;
}

#[cfg(test)]
mod tests {
    use super::one_of;
    use diesel::connection::InstrumentationEvent;
    use diesel::prelude::*;
    use diesel::sqlite::SqliteConnection;
    use std::sync::{Arc, Mutex};

    diesel::table! {
        keys (name) {
            name -> Text,
            number -> Integer,
        }
    }

    /// A SQLite file with three keys, counting the statements its connection caches.
    fn connection() -> (tempfile::TempDir, SqliteConnection, Arc<Mutex<Vec<String>>>) {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("one_of.db");
        let mut conn = SqliteConnection::establish(path.to_str().unwrap()).expect("SQLite opens");
        diesel::sql_query(
            "CREATE TABLE keys (name TEXT PRIMARY KEY NOT NULL, number INTEGER NOT NULL)",
        )
        .execute(&mut conn)
        .unwrap();
        diesel::sql_query("INSERT INTO keys VALUES ('a', 1), ('b', 2), ('c', 3)")
            .execute(&mut conn)
            .unwrap();
        let cached = Arc::new(Mutex::new(Vec::new()));
        let seen = cached.clone();
        conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
            if let InstrumentationEvent::CacheQuery { sql, .. } = event {
                seen.lock().unwrap().push(sql.to_owned());
            }
        });
        (dir, conn, cached)
    }

    fn names(conn: &mut SqliteConnection, wanted: &[&str]) -> Vec<String> {
        keys::table
            .filter(one_of(keys::name, wanted.iter().copied()))
            .select(keys::name)
            .order(keys::name)
            .load(conn)
            .unwrap()
    }

    #[test]
    fn matches_exactly_the_values_given() {
        let (_dir, mut conn, _) = connection();
        assert_eq!(names(&mut conn, &["c", "a", "z"]), ["a", "c"]);
        assert_eq!(names(&mut conn, &["b"]), ["b"]);
        assert!(names(&mut conn, &[]).is_empty());
        let numbers: Vec<String> = keys::table
            .filter(one_of(keys::number, [3, 2]))
            .select(keys::name)
            .order(keys::name)
            .load(&mut conn)
            .unwrap();
        assert_eq!(numbers, ["b", "c"]);
        // A value that looks like SQL or JSON is a value.
        assert!(names(&mut conn, &["a\"]", "') OR 1=1 --"]).is_empty());
    }

    /// Diesel's `eq_any` wrote one `?` per value, and SQLite never kept such a statement: it
    /// was parsed and planned again on every run.
    #[test]
    fn one_statement_is_kept_for_any_number_of_values() {
        let (_dir, mut conn, cached) = connection();
        for wanted in [&["a"][..], &["a", "b", "c"], &["b", "c"], &["c"]] {
            names(&mut conn, wanted);
        }
        let cached = cached.lock().unwrap();
        assert_eq!(cached.len(), 1, "{cached:?}");
    }

    #[test]
    fn postgres_reads_one_array() {
        let query = keys::table.filter(one_of(keys::name, ["a", "b"]));
        let sql = diesel::debug_query::<diesel::pg::Pg, _>(&query).to_string();
        assert!(sql.contains("\"keys\".\"name\" = ANY($1)"), "{sql}");
        assert!(sql.contains("[\"a\", \"b\"]"), "{sql}");
    }
}
