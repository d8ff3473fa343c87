//! Words: the message catalogs (Project Fluent `.ftl` files under `locales/<language>/`,
//! embedded at build time) and `Words`, the one way code and templates say anything to people.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::collections::BTreeSet;
use std::sync::Arc;

include!(concat!(env!("OUT_DIR"), "/catalogs.rs"));

/// The language every catalog starts from, and the fallback for a message another language lacks.
pub const DEFAULT_LANGUAGE: &str = "en";

type Bundle = FluentBundle<FluentResource>;

/// Every language's bundle: the embedded catalog files plus any a registered game brings.
#[derive(Clone)]
pub struct Catalogs {
    /// The default language first.
    bundles: Arc<Vec<(String, Bundle, BTreeSet<String>)>>,
}

impl std::fmt::Debug for Catalogs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.bundles.iter().map(|(lang, _, ids)| (lang, ids.len())))
            .finish()
    }
}

impl Catalogs {
    /// The embedded catalogs and `extra` files (language, FTL text). A file that does not
    /// parse, or defines a message twice, is an error naming it.
    pub fn build(extra: &[(&'static str, &'static str)]) -> Result<Catalogs, String> {
        let mut files: Vec<(&str, String, &str)> = CATALOG_FILES
            .iter()
            .map(|(lang, part, text)| (*lang, format!("locales/{lang}/{part}.ftl"), *text))
            .collect();
        for (i, (lang, text)) in extra.iter().enumerate() {
            files.push((lang, format!("extra catalog {i} ({lang})"), text));
        }
        let mut languages: Vec<&str> = files.iter().map(|(lang, _, _)| *lang).collect();
        languages.sort_unstable();
        languages.dedup();
        languages.sort_by_key(|lang| *lang != DEFAULT_LANGUAGE);
        let mut bundles = Vec::new();
        for lang in languages {
            let id = lang
                .parse()
                .map_err(|_| format!("{lang:?} is not a language tag"))?;
            let mut bundle = Bundle::new_concurrent(vec![id]);
            // Isolation marks around arguments would land in plain-text mails and subjects.
            bundle.set_use_isolating(false);
            let mut ids = BTreeSet::new();
            for (_, name, text) in files.iter().filter(|(l, _, _)| *l == lang) {
                let resource = FluentResource::try_new(text.to_string())
                    .map_err(|(_, errors)| format!("{name} does not parse: {errors:?}"))?;
                for entry in resource.entries() {
                    if let fluent_syntax::ast::Entry::Message(m) = entry {
                        ids.insert(m.id.name.to_string());
                    }
                }
                bundle
                    .add_resource(resource)
                    .map_err(|errors| format!("{name}: {errors:?}"))?;
            }
            bundles.push((lang.to_owned(), bundle, ids));
        }
        if bundles.first().map(|(lang, _, _)| lang.as_str()) != Some(DEFAULT_LANGUAGE) {
            return Err(format!("there is no {DEFAULT_LANGUAGE} catalog"));
        }
        Ok(Catalogs {
            bundles: Arc::new(bundles),
        })
    }

    /// The words of `lang` (or of the default language when there is no such catalog).
    pub fn words(&self, lang: &str) -> Words<'_> {
        let index = self
            .bundles
            .iter()
            .position(|(l, _, _)| l == lang)
            .unwrap_or(0);
        Words {
            catalogs: self,
            index,
        }
    }

    /// The default language's words.
    pub fn default_words(&self) -> Words<'_> {
        Words {
            catalogs: self,
            index: 0,
        }
    }

    /// The languages with a catalog, the default first.
    pub fn languages(&self) -> Vec<&str> {
        self.bundles.iter().map(|(l, _, _)| l.as_str()).collect()
    }

    /// Every message id a language defines (for the test that every catalog has every message).
    pub fn message_ids(&self, lang: &str) -> BTreeSet<String> {
        self.bundles
            .iter()
            .find(|(l, _, _)| l == lang)
            .map(|(_, _, ids)| ids.clone())
            .unwrap_or_default()
    }
}

/// A value a message is formatted with.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Text(String),
    Number(i64),
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_owned())
    }
}
impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}
/// Templates pass their arguments by reference.
impl<T: Clone + Into<Arg>> From<&T> for Arg {
    fn from(value: &T) -> Arg {
        value.clone().into()
    }
}

/// A named argument: `("name", value)`, or a reference to one (as templates pass them).
pub trait Named {
    fn named(self) -> (String, Arg);
}

impl<V: Into<Arg>> Named for (&str, V) {
    fn named(self) -> (String, Arg) {
        (self.0.to_owned(), self.1.into())
    }
}

impl<V: Clone + Into<Arg>> Named for &(&str, V) {
    fn named(self) -> (String, Arg) {
        (self.0.to_owned(), self.1.clone().into())
    }
}
macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(n as i64)
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i32, i64);

/// A language the switch offers: its tag, its name in itself, whether the page is in it.
#[derive(Clone, Debug)]
pub struct LanguageChoice {
    pub code: String,
    pub name: String,
    pub current: bool,
}

/// One language's words. Cheap to copy; pages and mails carry one.
#[derive(Clone, Copy)]
pub struct Words<'a> {
    catalogs: &'a Catalogs,
    index: usize,
}

impl std::fmt::Debug for Words<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Words({})", self.lang())
    }
}

impl<'a> Words<'a> {
    /// The language these words are in, e.g. "en".
    pub fn lang(&self) -> &'a str {
        &self.catalogs.bundles[self.index].0
    }

    /// Every language with a catalog, named in its own words, for the language switch.
    pub fn switch(&self) -> Vec<LanguageChoice> {
        self.catalogs
            .languages()
            .into_iter()
            .map(|lang| LanguageChoice {
                code: lang.to_owned(),
                name: self.catalogs.words(lang).get(&format!("language-{lang}")),
                current: lang == self.lang(),
            })
            .collect()
    }

    /// The message `id` without arguments.
    pub fn get(&self, id: &str) -> String {
        self.format(id, None)
    }

    /// The message `id` with arguments.
    pub fn with(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(text) => fluent.set(*name, FluentValue::from(text.as_str())),
                Arg::Number(n) => fluent.set(*name, FluentValue::from(*n)),
            }
        }
        self.format(id, Some(&fluent))
    }

    /// `with` for one argument: handy in templates.
    pub fn one(&self, id: &str, name: &str, value: impl Into<Arg>) -> String {
        self.with(id, &[(name, value.into())])
    }

    /// `with` for two arguments: handy in templates.
    pub fn two(&self, id: &str, first: impl Named, second: impl Named) -> String {
        self.named(id, [first.named(), second.named()])
    }

    /// `with` for three arguments: handy in templates.
    pub fn three(
        &self,
        id: &str,
        first: impl Named,
        second: impl Named,
        third: impl Named,
    ) -> String {
        self.named(id, [first.named(), second.named(), third.named()])
    }

    fn named<const N: usize>(&self, id: &str, args: [(String, Arg); N]) -> String {
        let borrowed: Vec<(&str, Arg)> =
            args.iter().map(|(n, v)| (n.as_str(), v.clone())).collect();
        self.with(id, &borrowed)
    }

    /// The message `id` (or `message.attribute`), or `None` when no catalog has it.
    pub fn maybe(&self, id: &str) -> Option<String> {
        let (message_id, attribute) = match id.split_once('.') {
            Some((m, a)) => (m, Some(a)),
            None => (id, None),
        };
        let found = [self.index, 0].iter().any(|&index| {
            self.catalogs.bundles[index]
                .1
                .get_message(message_id)
                .is_some_and(|m| match attribute {
                    Some(name) => m.get_attribute(name).is_some(),
                    None => m.value().is_some(),
                })
        });
        found.then(|| self.get(id))
    }

    /// Whether this language (or the default) has the message.
    pub fn has(&self, id: &str) -> bool {
        self.catalogs.bundles[self.index].1.has_message(id)
            || self.catalogs.bundles[0].1.has_message(id)
    }

    fn format(&self, id: &str, args: Option<&FluentArgs>) -> String {
        let (message_id, attribute) = match id.split_once('.') {
            Some((m, a)) => (m, Some(a)),
            None => (id, None),
        };
        for index in [self.index, 0] {
            let bundle = &self.catalogs.bundles[index].1;
            let Some(message) = bundle.get_message(message_id) else {
                continue;
            };
            let pattern = match attribute {
                Some(name) => message.get_attribute(name).map(|a| a.value()),
                None => message.value(),
            };
            if let Some(pattern) = pattern {
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, args, &mut errors);
                debug_assert!(errors.is_empty(), "message {id}: {errors:?}");
                return text.into_owned();
            }
        }
        debug_assert!(false, "no message {id:?} in any catalog");
        tracing::warn!(message = id, "no such message in the catalogs");
        id.to_owned()
    }

    /// "a", "a and b", "a, b and c"; the catalog's word for nobody when empty.
    pub fn list(&self, mut items: Vec<String>) -> String {
        match items.len() {
            0 => self.get("list-nobody"),
            1 => items.remove(0),
            _ => {
                let last = items.pop().unwrap_or_default();
                self.with(
                    "list-and",
                    &[("first", items.join(", ").into()), ("last", last.into())],
                )
            }
        }
    }
}
