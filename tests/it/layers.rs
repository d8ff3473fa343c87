//! The arrows of the house: which module may import which, read from every `crate::` path in
//! both crates' sources. docs/ARCHITECTURE.md draws the same table; this test keeps it true.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The core crate, lowest first: each module may import only those before it.
const CORE: &[&str] = &["engine", "present", "kinds", "audit", "simulate"];

/// The service crate: each module and what it may import besides itself, the core and
/// `domain` (`module::Item` allows that one item only). `web` and `mail` reach the store only
/// through `service`; the worker and the scheduler hold the database handle to pass it on.
const SERVICE: &[(&str, &[&str])] = &[
    ("domain", &[]),
    ("clock", &[]),
    ("store", &["clock"]),
    ("service", &["clock", "store"]),
    ("mail", &["clock", "service", "store::Db"]),
    ("jobs", &["clock", "service", "store::Db"]),
    ("config", &["clock", "service", "mail", "store"]),
    ("web", &["clock", "service", "config"]),
    (
        "app",
        &["clock", "service", "config", "store", "mail", "jobs", "web"],
    ),
    (
        "cli",
        &[
            "clock", "service", "config", "store", "mail", "jobs", "web", "app",
        ],
    ),
];

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The product's code of a file, without comments: a test module may build whatever it needs,
/// so everything from the first `#[cfg(test)]` on, and files named `tests.rs`, are left out.
fn product_code(path: &Path) -> String {
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return String::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let code = match text.find("#[cfg(test)]") {
        Some(at) => &text[..at],
        None => &text,
    };
    // Comments may name any module.
    code.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every top-level module a file names through `crate::` (in paths and in `use crate::{…}`).
fn imports(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        let before = rest[..at].chars().last();
        rest = after;
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `corriere_core::…` and the like
        }
        if let Some(group) = after.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                found.push(name);
            }
        } else {
            let path: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let mut parts = path.split("::").filter(|p| !p.is_empty());
            let module = parts.next().unwrap_or_default();
            found.push(match parts.next() {
                Some(item) => format!("{module}::{item}"),
                None => module.to_owned(),
            });
        }
    }
    found.retain(|m| !m.is_empty());
    found
}

/// The top-level module a source file belongs to (`src/service/moves.rs` → `service`).
fn module_of(root: &Path, path: &Path) -> String {
    let relative = path.strip_prefix(root).unwrap();
    let first = relative.components().next().unwrap().as_os_str();
    first.to_string_lossy().trim_end_matches(".rs").to_owned()
}

fn violations(root: &Path, allowed: &BTreeMap<&str, Vec<&str>>) -> Vec<String> {
    let mut files = Vec::new();
    sources(root, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for file in files {
        let module = module_of(root, &file);
        let Some(may) = allowed.get(module.as_str()) else {
            continue; // lib.rs, main.rs
        };
        for import in imports(&product_code(&file)) {
            let top = import.split("::").next().unwrap_or_default();
            if top != module && !may.contains(&top) && !may.contains(&import.as_str()) {
                wrong.push(format!("{} imports crate::{import}", file.display()));
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    wrong
}

#[test]
fn the_core_imports_only_downwards() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src");
    let allowed: BTreeMap<&str, Vec<&str>> = CORE
        .iter()
        .enumerate()
        .map(|(i, m)| (*m, CORE[..i].to_vec()))
        .collect();
    let wrong = violations(&root, &allowed);
    assert!(
        wrong.is_empty(),
        "arrows pointing up:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_service_imports_only_downwards_and_web_never_reaches_the_store() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let allowed: BTreeMap<&str, Vec<&str>> = SERVICE
        .iter()
        .map(|(m, may)| {
            let mut may = may.to_vec();
            may.push("domain");
            may.extend(CORE);
            (*m, may)
        })
        .collect();
    let wrong = violations(&root, &allowed);
    assert!(
        wrong.is_empty(),
        "arrows pointing up:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_reader_finds_paths_and_groups_and_skips_other_crates() {
    let code = "use crate::store::Db;\nuse crate::{web, mail::Mailer};\nlet x = corriere_core::engine::Seat(0);\nfn f() { crate::service::go() }";
    assert_eq!(imports(code), ["store::Db", "web", "mail", "service::go"]);
}
