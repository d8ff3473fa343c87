//! The card sets a running process offers: the built-in reference sets and those an operator
//! loaded at start (`serve --card-set FILE`), and how a game's options name, pin and embed one.
//!
//! A game stores its set's id and SHA-256 (§4.3); a set that is not built into the engine is
//! embedded whole in the options, so every record replays and verifies offline, whatever the
//! machine that reads it has loaded.

use super::actions::OptionProblem;
use super::cards::{self, CardSet};
use super::state::Options;
use std::sync::{Arc, RwLock};

struct Loaded {
    sets: Vec<Arc<CardSet>>,
    /// Built-in ids then loaded ones, leaked once per registration for `OptionKind::Choice`.
    ids: &'static [&'static str],
}

fn loaded() -> &'static RwLock<Loaded> {
    static LOADED: std::sync::OnceLock<RwLock<Loaded>> = std::sync::OnceLock::new();
    LOADED.get_or_init(|| {
        RwLock::new(Loaded {
            sets: Vec::new(),
            ids: cards::BUILTIN,
        })
    })
}

/// Offer an operator's set in this process (checked by `CardSet::load` already). Refused when
/// its id is a built-in one, or names another set already loaded.
pub fn register(set: CardSet) -> Result<(), String> {
    if cards::builtin(&set.id).is_some() {
        return Err(format!(
            "the card set id {} is built in: give your set its own id",
            set.id
        ));
    }
    let mut loaded = loaded()
        .write()
        .expect("the card sets' lock is never poisoned");
    if let Some(known) = loaded.sets.iter().find(|known| known.id == set.id) {
        return if known.sha256 == set.sha256 {
            Ok(())
        } else {
            Err(format!(
                "two different card sets have the id {}: give each its own id",
                set.id
            ))
        };
    }
    let mut ids: Vec<&'static str> = loaded.ids.to_vec();
    ids.push(Box::leak(set.id.clone().into_boxed_str()));
    loaded.ids = Box::leak(ids.into_boxed_slice());
    loaded.sets.push(Arc::new(set));
    Ok(())
}

/// A set offered here by id: built in, or loaded by the operator.
pub fn find(id: &str) -> Option<Arc<CardSet>> {
    cards::builtin(id).or_else(|| {
        let loaded = loaded()
            .read()
            .expect("the card sets' lock is never poisoned");
        loaded.sets.iter().find(|set| set.id == id).cloned()
    })
}

/// The ids a new game may choose, built-in ones first (the create form's choice).
pub fn offered() -> &'static [&'static str] {
    loaded()
        .read()
        .expect("the card sets' lock is never poisoned")
        .ids
}

/// The set a game's options name: the embedded one, or one offered here; its hash checked
/// against the options' when they carry one.
pub fn resolve(options: &Options) -> Result<Arc<CardSet>, OptionProblem> {
    let set = match &options.cards {
        Some(doc) => {
            let set = CardSet::from_doc((**doc).clone())
                .map(|loaded| Arc::new(loaded.set))
                .map_err(|problems| {
                    OptionProblem::CardSetInvalid(
                        problems
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join("; "),
                    )
                })?;
            if set.id != options.card_set {
                return Err(OptionProblem::CardSetInvalid(format!(
                    "the embedded set is {}, the options name {}",
                    set.id, options.card_set
                )));
            }
            set
        }
        None => find(&options.card_set)
            .ok_or_else(|| OptionProblem::UnknownCardSet(options.card_set.clone()))?,
    };
    match &options.card_set_sha256 {
        Some(expected) if *expected != set.sha256 => Err(OptionProblem::CardSetHash {
            id: set.id.clone(),
            found: set.sha256.clone(),
            expected: expected.clone(),
        }),
        _ => Ok(set),
    }
}

/// The options a new game stores: the set's hash pinned, and the set embedded unless it is
/// built into the engine. Options that do not resolve are returned as they are (the caller
/// asked `option_problems` first).
pub fn settle(mut options: Options) -> Options {
    if let Ok(set) = resolve(&options) {
        options.card_set_sha256 = Some(set.sha256.clone());
        if cards::builtin(&set.id).is_none() {
            options.cards = Some(Box::new(set.doc.clone()));
        }
    }
    options
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::pergamemnon::cards::Provenance;

    fn operator_set(id: &str) -> CardSet {
        let mut doc = cards::builtin("reference-1").unwrap().doc.clone();
        doc.id = id.into();
        doc.provenance = Provenance::Custom;
        doc.title = "An operator's set".into();
        CardSet::from_doc(doc).unwrap().set
    }

    #[test]
    fn an_operators_set_is_offered_found_and_embedded_in_the_options_it_settles() {
        register(operator_set("sets-test-a")).unwrap();
        assert!(offered().contains(&"sets-test-a"));
        assert!(offered().contains(&"reference-1"));
        let settled = settle(Options {
            card_set: "sets-test-a".into(),
            ..Options::default()
        });
        let set = find("sets-test-a").unwrap();
        assert_eq!(
            settled.card_set_sha256.as_deref(),
            Some(set.sha256.as_str())
        );
        assert_eq!(settled.cards.as_deref(), Some(&set.doc));
        // The settled options resolve without the registration (what a verifier has).
        let mut alone = settled.clone();
        alone.card_set = "sets-test-a".into();
        assert_eq!(resolve(&alone).unwrap().sha256, set.sha256);
    }

    #[test]
    fn a_built_in_set_is_pinned_by_its_hash_and_not_embedded() {
        let settled = settle(Options::default());
        let set = cards::builtin(cards::default_set_id()).unwrap();
        assert_eq!(
            settled.card_set_sha256.as_deref(),
            Some(set.sha256.as_str())
        );
        assert!(settled.cards.is_none());
        let mut wrong = settled;
        wrong.card_set_sha256 = Some("00".repeat(32));
        assert!(matches!(
            resolve(&wrong),
            Err(OptionProblem::CardSetHash { .. })
        ));
    }

    #[test]
    fn a_built_in_id_or_a_second_set_under_one_id_is_refused() {
        assert!(register(cards::builtin("reference-1").unwrap().as_ref().clone()).is_err());
        register(operator_set("sets-test-b")).unwrap();
        register(operator_set("sets-test-b")).unwrap();
        let mut other = operator_set("sets-test-b").doc;
        other.army[0].points += 1;
        let other = CardSet::from_doc(other).unwrap().set;
        assert!(register(other).is_err());
    }

    #[test]
    fn an_unknown_set_is_an_option_problem() {
        let options = Options {
            card_set: "nowhere-1".into(),
            ..Options::default()
        };
        assert_eq!(
            resolve(&options).unwrap_err(),
            OptionProblem::UnknownCardSet("nowhere-1".into())
        );
    }
}

#[cfg(test)]
mod reference_sets {
    use crate::engine::pergamemnon::cards::{self, CardSet};

    /// reference-2 is the tuning loop's result from reference-1 (docs/benchmarks.md): a new
    /// game's default, loading cleanly, naming its origin by hash, and fixed for ever (stored
    /// games replay against this hash).
    #[test]
    fn reference_2_is_the_default_derived_from_reference_1_and_pinned() {
        assert_eq!(cards::default_set_id(), "reference-2");
        let one = cards::builtin("reference-1").unwrap();
        let two = cards::builtin("reference-2").unwrap();
        assert_eq!(
            two.sha256,
            "6fb7034d85cda2bede351df74e39eea846c0bb98e64840d64b7b452a533da955"
        );
        assert_eq!(
            two.doc.based_on.as_deref(),
            Some(format!("reference-1 sha256:{}", one.sha256).as_str())
        );
        let loaded = CardSet::from_doc(two.doc.clone()).unwrap();
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
        // Only army values moved, and only the four the loop chose (§4.6 step 5: creatures are
        // never tuned).
        let changed: Vec<&str> = one
            .cards
            .iter()
            .zip(&two.cards)
            .filter(|(a, b)| a != b)
            .map(|(a, _)| a.id.as_str())
            .collect();
        assert_eq!(
            changed,
            [
                "hel_guard",
                "hel_bowman_1",
                "hel_bowman_2",
                "per_war_rhino",
                "per_guard"
            ]
        );
    }
}
