//! Words: the message catalogs (Project Fluent `.ftl` files under `locales/<language>/`,
//! embedded at build time) and `Words`, the one way code and templates say anything to people.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::{Arc, Mutex};

include!(concat!(env!("OUT_DIR"), "/catalogs.rs"));

/// The language every catalog starts from, and the fallback for a message another language lacks.
pub const DEFAULT_LANGUAGE: &str = "en";

type Bundle = FluentBundle<FluentResource>;

/// Every language's bundle: the embedded catalog files plus any a registered game brings.
#[derive(Clone)]
pub struct Catalogs {
    /// The default language first.
    bundles: Arc<Vec<(String, Bundle, BTreeSet<String>)>>,
    /// Per language, every message (and `message.attribute`) that takes no argument, formatted
    /// once when the catalogs are built: as text, and escaped for HTML.
    fixed: Arc<Vec<FixedWords>>,
    memo: Arc<Memo>,
}

/// A language's messages without arguments, by id: (text, HTML).
type FixedWords = HashMap<String, (String, String), rustc_hash::FxBuildHasher>;

/// Whether `bundle` has the message (or `message.attribute`) `key`.
fn has_pattern(bundle: &Bundle, key: &str) -> bool {
    let (id, attribute) = match key.split_once('.') {
        Some((m, a)) => (m, Some(a)),
        None => (key, None),
    };
    bundle.get_message(id).is_some_and(|m| match attribute {
        Some(name) => m.get_attribute(name).is_some(),
        None => m.value().is_some(),
    })
}

/// Every message and attribute of `bundle` that formats without arguments.
fn fixed_words(bundle: &Bundle, ids: &BTreeSet<String>) -> FixedWords {
    let mut fixed = FixedWords::default();
    for id in ids {
        let Some(message) = bundle.get_message(id) else {
            continue;
        };
        let patterns = message
            .value()
            .map(|value| (id.clone(), value))
            .into_iter()
            .chain(
                message
                    .attributes()
                    .map(|a| (format!("{id}.{}", a.id()), a.value())),
            );
        for (key, pattern) in patterns {
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, None, &mut errors);
            if errors.is_empty() {
                let html = super::escape(&text);
                fixed.insert(key, (text.into_owned(), html));
            }
        }
    }
    fixed
}

/// Messages as formatted, by language, id and arguments. Formatting is a function of those
/// alone, and pages and mails say the same things again and again (a region's owner, a card,
/// a button); Fluent takes a microsecond or more a message, a look-up here a tenth of that.
#[derive(Default)]
struct Memo {
    /// By the hash of the key; a key that collides with another is formatted every time.
    kept: Mutex<HashMap<u64, (MemoKey, String), BuildHasherDefault<IdentityHasher>>>,
}

/// The messages kept at most; past it the memo starts again empty.
const MEMO_CAPACITY: usize = 50_000;

struct MemoKey {
    index: usize,
    id: String,
    args: Vec<(String, Arg)>,
}

impl MemoKey {
    fn is(&self, index: usize, id: &str, args: &[(&str, Arg)]) -> bool {
        self.index == index
            && self.id == id
            && self.args.len() == args.len()
            && self
                .args
                .iter()
                .zip(args)
                .all(|((n, v), (m, w))| n == m && v == w)
    }
}

fn memo_hash(index: usize, id: &str, args: &[(&str, Arg)]) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    (index, id, args).hash(&mut hasher);
    hasher.finish()
}

/// The memo's keys are hashes already.
#[derive(Default)]
struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

impl Memo {
    fn get(&self, index: usize, id: &str, args: &[(&str, Arg)], hash: u64) -> Option<String> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        match kept.get(&hash) {
            Some((key, text)) if key.is(index, id, args) => Some(text.clone()),
            _ => None,
        }
    }

    fn keep(&self, index: usize, id: &str, args: &[(&str, Arg)], hash: u64, text: &str) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() >= MEMO_CAPACITY {
            kept.clear();
        }
        let key = MemoKey {
            index,
            id: id.to_owned(),
            args: args
                .iter()
                .map(|(n, v)| ((*n).to_owned(), v.clone()))
                .collect(),
        };
        kept.entry(hash).or_insert_with(|| (key, text.to_owned()));
    }
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
        let mut fixed: Vec<FixedWords> = bundles
            .iter()
            .map(|(_, bundle, ids)| fixed_words(bundle, ids))
            .collect();
        // A message a language lacks is the default language's (as `Words::format` falls back).
        let (default, others) = fixed.split_first_mut().expect("the default catalog");
        for ((_, bundle, _), own) in bundles[1..].iter().zip(others) {
            for (key, words) in default.iter() {
                if !has_pattern(bundle, key) {
                    own.insert(key.clone(), words.clone());
                }
            }
        }
        Ok(Catalogs {
            bundles: Arc::new(bundles),
            fixed: Arc::new(fixed),
            memo: Arc::default(),
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
pub trait Named<'a> {
    fn named(self) -> (&'a str, Arg);
}

impl<'a, V: Into<Arg>> Named<'a> for (&'a str, V) {
    fn named(self) -> (&'a str, Arg) {
        (self.0, self.1.into())
    }
}

impl<'a, V: Clone + Into<Arg>> Named<'a> for &(&'a str, V) {
    fn named(self) -> (&'a str, Arg) {
        (self.0, self.1.clone().into())
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
        match self.fixed(id) {
            Some((text, _)) => text.clone(),
            None => self.with(id, &[]),
        }
    }

    /// [`Words::get`] escaped for HTML, for templates to print as it is (`|safe`): a message
    /// without arguments is formatted and escaped once, when the catalogs are built.
    pub fn html(&self, id: &str) -> Cow<'a, str> {
        match self.fixed(id) {
            Some((_, html)) => Cow::Borrowed(html),
            None => Cow::Owned(super::escape(&self.with(id, &[]))),
        }
    }

    /// The message `id` if it takes no arguments: this language's, or the default one's
    /// where this language lacks it.
    fn fixed(&self, id: &str) -> Option<&'a (String, String)> {
        let fixed: &'a [FixedWords] = &self.catalogs.fixed;
        fixed[self.index].get(id)
    }

    /// The message `id` with arguments.
    pub fn with(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let memo = &self.catalogs.memo;
        let hash = memo_hash(self.index, id, args);
        if let Some(text) = memo.get(self.index, id, args, hash) {
            return text;
        }
        let text = if args.is_empty() {
            self.format(id, None)
        } else {
            let mut fluent = FluentArgs::new();
            for (name, value) in args {
                match value {
                    Arg::Text(text) => fluent.set(*name, FluentValue::from(text.as_str())),
                    Arg::Number(n) => fluent.set(*name, FluentValue::from(*n)),
                }
            }
            self.format(id, Some(&fluent))
        };
        memo.keep(self.index, id, args, hash, &text);
        text
    }

    /// `with` for one argument: handy in templates.
    pub fn one(&self, id: &str, name: &str, value: impl Into<Arg>) -> String {
        self.with(id, &[(name, value.into())])
    }

    /// `with` for two arguments: handy in templates.
    pub fn two<'n>(&self, id: &str, first: impl Named<'n>, second: impl Named<'n>) -> String {
        self.with(id, &[first.named(), second.named()])
    }

    /// `with` for three arguments: handy in templates.
    pub fn three<'n>(
        &self,
        id: &str,
        first: impl Named<'n>,
        second: impl Named<'n>,
        third: impl Named<'n>,
    ) -> String {
        self.with(id, &[first.named(), second.named(), third.named()])
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The memo gives back what Fluent writes for the same language, message and arguments,
    /// and never one of them for another.
    #[test]
    fn a_remembered_message_is_the_one_fluent_writes_for_its_language_and_arguments() {
        let warm = Catalogs::build(&[]).unwrap();
        type Ask<'a> = (&'a str, &'a str, Vec<(&'a str, Arg)>);
        let asks: Vec<Ask> = vec![
            (
                "en",
                "list-and",
                vec![("first", "a".into()), ("last", "b".into())],
            ),
            (
                "pt",
                "list-and",
                vec![("first", "a".into()), ("last", "b".into())],
            ),
            (
                "en",
                "list-and",
                vec![("first", "b".into()), ("last", "a".into())],
            ),
            (
                "en",
                "list-and",
                vec![("last", "a".into()), ("first", "b".into())],
            ),
            ("en", "history-older", vec![("count", 1.into())]),
            ("en", "history-older", vec![("count", 2.into())]),
            ("pt", "history-older", vec![("count", 2.into())]),
            ("en", "history-older", vec![("count", "2".into())]),
            ("en", "list-nobody", vec![]),
            ("pt", "list-nobody", vec![]),
        ];
        for _ in 0..2 {
            for (lang, id, args) in &asks {
                let cold = Catalogs::build(&[]).unwrap();
                assert_eq!(
                    warm.words(lang).with(id, args),
                    cold.words(lang).with(id, args),
                    "{lang} {id} {args:?}"
                );
            }
        }
        let en = warm.words("en");
        assert_ne!(
            en.one("history-older", "count", 1),
            en.one("history-older", "count", 2)
        );
        assert_ne!(en.get("list-nobody"), warm.words("pt").get("list-nobody"));
    }

    /// Messages without arguments, formatted when the catalogs are built, read as Fluent writes
    /// them, in every language, falling back to the default language's like Fluent's look-up;
    /// their HTML is their text escaped.
    #[test]
    fn a_message_formatted_in_advance_is_the_one_fluent_writes() {
        let catalogs = Catalogs::build(&[]).unwrap();
        let mut fixed = 0;
        for (lang, kept) in catalogs.languages().into_iter().zip(catalogs.fixed.iter()) {
            let words = catalogs.words(lang);
            for (id, (text, html)) in kept {
                fixed += 1;
                assert_eq!(*text, words.format(id, None), "{lang} {id}");
                assert_eq!(*html, super::super::escape(text), "{lang} {id}");
                assert_eq!(words.html(id), *html, "{lang} {id}");
            }
        }
        assert!(
            fixed > 100,
            "only {fixed} messages were formatted in advance"
        );
        // One with an argument is not.
        assert!(catalogs.default_words().fixed("history-older").is_none());
        assert_eq!(
            catalogs.default_words().html("seat-your-move"),
            super::super::escape(&catalogs.default_words().get("seat-your-move"))
        );
    }
}
