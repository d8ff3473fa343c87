//! Every language says everything: each catalog has every message (and attribute) another
//! has, and a translation uses the same variables as the default language's sentence.

use corriere::present::{Catalogs, DEFAULT_LANGUAGE};
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Message id (or `id.attribute`) → the variables its pattern names, for one language.
fn variables(lang: &str) -> BTreeMap<String, BTreeSet<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("core/locales")
        .join(lang);
    let mut found = BTreeMap::new();
    for file in std::fs::read_dir(&dir).expect("the language folder exists") {
        let path = file.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("ftl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let resource = fluent_syntax::parser::parse(text.as_str())
            .unwrap_or_else(|(_, errors)| panic!("{} does not parse: {errors:?}", path.display()));
        for entry in resource.body {
            if let ast::Entry::Message(message) = entry {
                let id = message.id.name.to_string();
                if let Some(value) = &message.value {
                    found.insert(id.clone(), in_pattern(value));
                }
                for attribute in &message.attributes {
                    found.insert(
                        format!("{id}.{}", attribute.id.name),
                        in_pattern(&attribute.value),
                    );
                }
            }
        }
    }
    found
}

fn in_pattern(pattern: &ast::Pattern<&str>) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            in_expression(expression, &mut names);
        }
    }
    names
}

fn in_expression(expression: &ast::Expression<&str>, names: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            in_inline(selector, names);
            for variant in variants {
                names.extend(in_pattern(&variant.value));
            }
        }
        ast::Expression::Inline(inline) => in_inline(inline, names),
    }
}

fn in_inline(inline: &ast::InlineExpression<&str>, names: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            names.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => in_expression(expression, names),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                in_inline(argument, names);
            }
            for named in &arguments.named {
                in_inline(&named.value, names);
            }
        }
        _ => {}
    }
}

#[test]
fn there_is_more_than_one_language() {
    let catalogs = Catalogs::build(&[]).unwrap();
    let languages = catalogs.languages();
    assert_eq!(languages.first(), Some(&DEFAULT_LANGUAGE));
    assert!(languages.contains(&"pt"), "languages: {languages:?}");
}

#[test]
fn every_language_has_every_message_another_has() {
    let catalogs = Catalogs::build(&[]).unwrap();
    let languages = catalogs.languages();
    let mut problems = Vec::new();
    for a in &languages {
        for b in &languages {
            if a == b {
                continue;
            }
            let missing: Vec<String> = catalogs
                .message_ids(a)
                .difference(&catalogs.message_ids(b))
                .cloned()
                .collect();
            if !missing.is_empty() {
                problems.push(format!("{b} lacks what {a} has: {missing:?}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_language_has_every_attribute_and_the_same_variables_as_the_default() {
    let catalogs = Catalogs::build(&[]).unwrap();
    let default = variables(DEFAULT_LANGUAGE);
    let mut problems = Vec::new();
    for lang in catalogs.languages() {
        if lang == DEFAULT_LANGUAGE {
            continue;
        }
        let other = variables(lang);
        for (id, names) in &default {
            match other.get(id) {
                None => problems.push(format!("{lang} lacks {id}")),
                Some(theirs) if theirs != names => problems.push(format!(
                    "{lang} {id} uses {theirs:?}, {DEFAULT_LANGUAGE} uses {names:?}"
                )),
                Some(_) => {}
            }
        }
        for id in other.keys().filter(|id| !default.contains_key(*id)) {
            problems.push(format!("{lang} has {id}, which {DEFAULT_LANGUAGE} lacks"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_language_names_itself_and_every_other_language() {
    let catalogs = Catalogs::build(&[]).unwrap();
    for lang in catalogs.languages() {
        let words = catalogs.words(lang);
        for other in catalogs.languages() {
            assert!(
                words.has(&format!("language-{other}")),
                "{lang} cannot name {other}"
            );
        }
    }
}
